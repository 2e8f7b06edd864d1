// The sequence's step, beside the helper that uses it.
#pragma once

#include <stdint.h>

constexpr uint32_t kSequenceStep = 3;
