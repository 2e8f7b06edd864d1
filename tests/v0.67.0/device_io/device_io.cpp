// The single-device API that v0.67.0 still has, used as tt-metal's own tests use it: a device opened by
// CreateDevice, buffers by CreateBuffer (DRAM interleaved, an L1 one at an address), a global semaphore, data through
// detail::WriteToBuffer / detail::ReadFromBuffer, and the program launched by detail::LaunchProgram with slow
// dispatch forced — once waiting for the cores, once not, then detail::WaitProgramDone. Exits 0 when each launch
// wrote every word as w * factor + the semaphore's initial value.
#include <cstdio>
#include <vector>

#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>
#include <tt-metalium/tt_metal.hpp>

using namespace tt::tt_metal;

namespace {
constexpr uint32_t kPageBytes = 1024, kPages = 6, kSemaphoreValue = 7;

bool Check(const std::vector<uint32_t>& in, const std::vector<uint32_t>& out, uint32_t factor, const char* what) {
    bool ok = out.size() == in.size();
    for (size_t i = 0; ok && i < in.size(); i++) ok = out[i] == in[i] * factor + kSemaphoreValue;
    std::printf("device_io: %-44s %s\n", what, ok ? "ok" : "FAILED");
    return ok;
}
}  // namespace

int main() {
    IDevice* device = CreateDevice(0);
    const CoreCoord core{0, 0};
    const uint32_t bytes = kPageBytes * kPages;
    auto src = CreateBuffer(InterleavedBufferConfig{device, bytes, kPageBytes, BufferType::DRAM});
    // The destination at an address of its own: above where any allocation starts in L1, inside the worker's L1.
    auto placeholder = CreateBuffer(InterleavedBufferConfig{device, bytes, kPageBytes, BufferType::L1});
    const DeviceAddr dst_address = placeholder->address();
    DeallocateBuffer(*placeholder);
    auto dst = CreateBuffer(InterleavedBufferConfig{device, bytes, kPageBytes, BufferType::L1}, dst_address);
    GlobalSemaphore semaphore = CreateGlobalSemaphore(device, CoreRangeSet(CoreRange(core, core)), kSemaphoreValue);

    std::vector<uint32_t> in(bytes / 4);
    for (uint32_t i = 0; i < in.size(); i++) in[i] = i * 2654435761u;
    detail::WriteToBuffer(src, in);

    Program program = CreateProgram();
    CreateCircularBuffer(program, core,
                         CircularBufferConfig(kPageBytes, {{0, tt::DataFormat::UInt32}}).set_page_size(0, kPageBytes));
    std::vector<uint32_t> cta;
    TensorAccessorArgs(*src).append_to(cta);
    TensorAccessorArgs(*dst).append_to(cta);
    const KernelHandle k = CreateKernel(program, "tests/v0.67.0/device_io/kernels/scale_pages.cpp", core,
                                        ReaderDataMovementConfig(cta));
    const auto args = [&](uint32_t factor) {
        return std::vector<uint32_t>{static_cast<uint32_t>(src->address()), static_cast<uint32_t>(dst->address()),
                                     kPages, factor, static_cast<uint32_t>(semaphore.address()), kPageBytes};
    };
    SetRuntimeArgs(program, k, core, args(3));
    detail::LaunchProgram(device, program, /*wait_until_cores_done=*/true, /*force_slow_dispatch=*/true);
    std::vector<uint32_t> out;
    detail::ReadFromBuffer(dst, out);
    bool pass = Check(in, out, 3, "launched and waited for");

    SetRuntimeArgs(program, k, core, args(5));
    detail::LaunchProgram(device, program, /*wait_until_cores_done=*/false, /*force_slow_dispatch=*/true);
    detail::WaitProgramDone(device, program, /*read_device_profiler_results=*/false);
    detail::ReadFromBuffer(dst, out);
    pass &= Check(in, out, 5, "launched, then WaitProgramDone");

    src.reset();
    dst.reset();
    pass &= CloseDevice(device);
    std::printf("device_io: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
