// Names host programs and kernels share for circular buffers and compute operands (tt::CBIndex, tt::CB,
// tt::HlkOperand, tt::DstMode), with v0.56.0's values. Kernels get this header embedded, as the kernel headers are.
//   CircularBufferConfig cfg(size, {{tt::CBIndex::c_16, tt::DataFormat::Float16_b}});
#pragma once

#include <cstdint>

namespace tt {

// The 32 circular buffer indices; SIZE is their count.
enum CBIndex : std::uint8_t {
    c_0, c_1, c_2, c_3, c_4, c_5, c_6, c_7, c_8, c_9, c_10, c_11, c_12, c_13, c_14, c_15,
    c_16, c_17, c_18, c_19, c_20, c_21, c_22, c_23, c_24, c_25, c_26, c_27, c_28, c_29, c_30, c_31, SIZE
};

// The older role names of the same indices: eight inputs, eight dataflow buffers, eight outputs, eight intermediates.
enum CB : std::uint8_t {
    c_in0, c_in1, c_in2, c_in3, c_in4, c_in5, c_in6, c_in7,
    dataflow0, dataflow1, dataflow2, dataflow3, dataflow4, dataflow5, dataflow6, dataflow7,
    c_out0, c_out1, c_out2, c_out3, c_out4, c_out5, c_out6, c_out7,
    c_intermed0, c_intermed1, c_intermed2, c_intermed3, c_intermed4, c_intermed5, c_intermed6, c_intermed7,
};

// How much of DST one unpack/math/pack round owns.
enum DstMode : std::uint8_t { Full = 0, Half = 1, Tile = 2, NUM_DST_MODES = 3 };

// Compute operands, in groups of eight as CB's roles (params take the dataflow slots).
enum HlkOperand : std::uint8_t {
    in0, in1, in2, in3, in4, in5, in6, in7,
    param0, param1, param2, param3, param4, param5, param6, param7,
    out0, out1, out2, out3, out4, out5, out6, out7,
    intermed0, intermed1, intermed2, intermed3, intermed4, intermed5, intermed6, intermed7,
};

constexpr std::uint32_t NUM_MAX_IN_BUFFERS_PER_CORE = HlkOperand::in7 - HlkOperand::in0 + 1;
constexpr std::uint32_t NUM_MAX_PARAM_BUFFERS_PER_CORE = HlkOperand::param7 - HlkOperand::param0 + 1;
constexpr std::uint32_t NUM_MAX_OUT_BUFFERS_PER_CORE = HlkOperand::out7 - HlkOperand::out0 + 1;
constexpr std::uint32_t NUM_MAX_INTERMED_BUFFERS_PER_CORE = HlkOperand::intermed7 - HlkOperand::intermed0 + 1;

}  // namespace tt
