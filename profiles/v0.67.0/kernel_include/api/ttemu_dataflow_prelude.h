// What every tt-metal v0.67.0 data-movement kernel gets before its own source (the emulator's wrapper includes it):
// the dataflow API, as v0.67.0's firmware build includes it for every data-movement kernel.
#pragma once

#include "api/dataflow/dataflow_api.h"
