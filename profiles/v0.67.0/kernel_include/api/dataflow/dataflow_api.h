// The data-movement kernel API of tt-metal v0.67.0 (api/dataflow/dataflow_api.h): the emulator's dataflow API, with
// v0.67.0's compile-time arguments (constexpr array, named arguments), TensorAccessor, and the core's logical
// coordinates. Data-movement kernels get it implicitly, as v0.67.0's firmware build includes it.
#pragma once

#include <array>

#include "api/compile_time_args.h"
#define TTEMU_DATAFLOW_FORMS "api/ttemu_dataflow_forms.h"  // v0.67.0's signatures of the calls that changed
#include <dataflow_api.h>  // the shared API at the include root (a quoted name would find this file)
#include "api/ttemu_risc_common.h"
#include "internal/circular_buffer_interface.h"
#include "api/tensor/tensor_accessor.h"
#include "hostdevcommon/common_values.hpp"

// The logical coordinates of the core this kernel runs on (relative to the physical grid's origin, which the
// emulator's sub-devices share).
inline uint8_t get_absolute_logical_x() { return my_logical_x_; }
inline uint8_t get_absolute_logical_y() { return my_logical_y_; }
inline uint8_t get_relative_logical_x() { return my_logical_x_; }
inline uint8_t get_relative_logical_y() { return my_logical_y_; }
