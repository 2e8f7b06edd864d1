// The fixture compute-kernel tests share: runs one compute kernel between host-written input CBs 0 and 1 (backed by
// L1 buffers) and an output CB 16, and returns CB 16's bytes; plus bfloat16 helpers.
#pragma once

#include <cstring>
#include <string>
#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/tt_metal.hpp>
#include <vector>

#include "profiles/v0.56.0/emu/test_support.h"

namespace ttemu::testing {

using namespace tt::tt_metal;

class ComputeTest : public DeviceTest {
protected:
    // Runs `kernel` with CB 0 and CB 1 holding `tiles` tiles of `in0`/`in1` (format `in_fmt`) and CB 16
    // receiving `out_tiles` tiles of `out_fmt`; returns CB 16's bytes.
    std::vector<std::uint8_t> Run(const std::string& kernel, const std::vector<std::uint8_t>& in0,
                                  const std::vector<std::uint8_t>& in1, tt::DataFormat in_fmt, tt::DataFormat out_fmt,
                                  std::uint32_t tiles, std::uint32_t out_tiles, ComputeConfig config = {}) {
        const CoreCoord core = {1, 2};
        const std::uint32_t in_tile = tt::tile_size(in_fmt), out_tile = tt::tile_size(out_fmt);
        auto make = [&](std::uint32_t bytes) {
            return CreateBuffer(InterleavedBufferConfig{device_, 64ull * bytes, bytes, BufferType::L1});
        };
        auto b0 = make(tiles * in_tile), b1 = make(tiles * in_tile), b2 = make(out_tiles * out_tile);
        Program p = CreateProgram();
        auto cb = [&](std::uint8_t index, const Buffer& backing, tt::DataFormat fmt, std::uint32_t n) {
            CreateCircularBuffer(p, core,
                                 CircularBufferConfig(n * tt::tile_size(fmt), {{index, fmt}}, backing)
                                     .set_page_size(index, tt::tile_size(fmt)));
        };
        cb(0, *b0, in_fmt, tiles);
        cb(1, *b1, in_fmt, tiles);
        cb(16, *b2, out_fmt, out_tiles);
        // The inputs are already in the CB memory: a data-movement kernel only has to publish them.
        KernelHandle mover = CreateKernelFromString(p, R"(
#include "dataflow_api.h"
void kernel_main() {
    const uint32_t n = get_arg_val<uint32_t>(0), out_n = get_arg_val<uint32_t>(1);
    cb_reserve_back(0, n); cb_push_back(0, n);
    cb_reserve_back(1, n); cb_push_back(1, n);
    cb_wait_front(16, out_n);
})",
                                                    core, DataMovementConfig{});
        SetRuntimeArgs(p, mover, core, {tiles, out_tiles});
        CreateKernelFromString(p, kernel, core, config);
        WriteShard(*b0, core, in0);
        WriteShard(*b1, core, in1);
        EnqueueProgram(*cq_, p, true);
        std::vector<std::uint32_t> words;
        detail::ReadFromDeviceL1(device_, core, b2->address(), out_tiles * out_tile, words);
        std::vector<std::uint8_t> out(out_tiles * out_tile);
        std::memcpy(out.data(), words.data(), out.size());
        return out;
    }

    // L1 buffers here have one page per bank; the CB reads this core's page, so write the bytes there.
    void WriteShard(const Buffer& b, const CoreCoord& core, const std::vector<std::uint8_t>& bytes) {
        std::vector<std::uint32_t> words((bytes.size() + 3) / 4);
        std::memcpy(words.data(), bytes.data(), bytes.size());
        detail::WriteToDeviceL1(device_, core, b.address(), words);
    }

    static std::vector<std::uint8_t> Bf16(const std::vector<float>& v) {
        std::vector<std::uint8_t> out(v.size() * 2);
        for (size_t i = 0; i < v.size(); i++) {
            const std::uint16_t h = bfloat16(v[i]).to_uint16();
            std::memcpy(&out[2 * i], &h, 2);
        }
        return out;
    }
    static float Bf16At(const std::vector<std::uint8_t>& bytes, size_t i) {
        std::uint16_t h;
        std::memcpy(&h, &bytes[2 * i], 2);
        return bfloat16(h).to_float();
    }
    static std::vector<float> Ramp(size_t n, float start, float step) {
        std::vector<float> v(n);
        for (size_t i = 0; i < n; i++) v[i] = start + step * float(i % 97);
        return v;
    }
};

}  // namespace ttemu::testing
