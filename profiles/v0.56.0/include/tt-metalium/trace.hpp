// Metal trace entry points live in host_api.hpp; this header carries the trace descriptor types.
#pragma once

#include <tt-metalium/trace_buffer.hpp>
