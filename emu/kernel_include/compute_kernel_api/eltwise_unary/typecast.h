// Converting a DST tile between number formats (typecast_tile<IN, OUT>, the formats as tt::DataFormat values).
// To an integer format: floats are truncated toward zero and saturated (UInt16 and UInt32: negative values become
// 0; UInt16 rounds to nearest instead, as the SFPU's conversion does); from an integer format: the integer's value
// as a float, rounded to bfloat16 when OUT is a bfloat16-based format. Float-to-float casts the packer or unpacker
// would do leave DST unchanged except Float32 to Float16_b, which rounds.
#pragma once

#include <math.h>

#include "compute_kernel_api/common_globals.h"

namespace ckernel {

ALWI void typecast_tile_init() {}

// float → float, rounded to bfloat16 (nearest even).
ALWI float ttemu_round_bf16(float x) { return ttemu_bf16_to_f(ttemu_f_to_bf16(x)); }

template <uint32_t IN_DTYPE, uint32_t OUT_DTYPE>
TTEMU_LOOP_FN void typecast_tile(uint32_t idst) {
    constexpr auto in = static_cast<DataFormat>(IN_DTYPE), out = static_cast<DataFormat>(OUT_DTYPE);
    constexpr bool in_int = in == DataFormat::Int32 || in == DataFormat::UInt16 || in == DataFormat::UInt32;
    constexpr bool out_int = out == DataFormat::Int32 || out == DataFormat::UInt16 || out == DataFormat::UInt32;
    constexpr bool out_bf16 = out == DataFormat::Float16_b || out == DataFormat::Bfp8_b || out == DataFormat::Bfp4_b;
    auto& st = ttemu_state();
    ttemu_check_dst(idst);
    for (uint32_t i = 0; i < kTileElems; i++) {
        uint32_t& v = st.dst[idst][i];
        if (in_int && out_int) {
            if (out == DataFormat::UInt16) v &= 0xffff;
        } else if (in_int) {
            const float x = in == DataFormat::Int32 ? float(int32_t(v)) : float(v);
            v = ttemu_u(out_bf16 ? ttemu_round_bf16(x) : x);
        } else if (out_int) {
            const float x = st.dst_int[idst] ? float(int32_t(v)) : ttemu_f(v);
            if (out == DataFormat::Int32) {
                v = isnan(x)              ? 0u
                    : x >= 2147483648.0f  ? 0x7fffffffu
                    : x <= -2147483648.0f ? 0x80000001u
                                          : uint32_t(int32_t(truncf(x)));
            } else if (out == DataFormat::UInt32) {
                v = !(x > 0) ? 0u : x >= 4294967296.0f ? 0xffffffffu : uint32_t(truncf(x));
            } else {
                v = !(x > 0) ? 0u : x >= 65535.0f ? 65535u : uint32_t(nearbyintf(x));
            }
        } else if (in == DataFormat::Float32 && out_bf16) {
            v = ttemu_u(ttemu_round_bf16(ttemu_f(v)));
        }
    }
    st.dst_int[idst] = out_int;
}

}  // namespace ckernel
