// The few out-of-line tt-metal members the shim calls, resolved with dlsym when first needed. The shim takes
// no link-time dependency on libtt_metal.so (it is preloaded into every child process too, compilers included)
// and never reads tt-metal objects through inline accessors or field offsets.
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <cstdint>

#include <tt-metalium/buffer.hpp>
#if LTCAP_HAS_PROGRAM_HANDLE
#include <tt-metalium/program.hpp>
#else
#include <tt-metalium/program_impl.hpp>
#endif
#include <tt-metalium/runtime_args_data.hpp>

#include <vector>

namespace ltcap::lib {

// Each returns `fallback` when the symbol is not available (no tt-metal library in the process).
std::uint64_t ProgramId(const ::tt::tt_metal::Program& program, std::uint64_t fallback = 0);
std::uint64_t ProgramNumKernels(const ::tt::tt_metal::Program& program);
std::uint64_t BufferAddress(const ::tt::tt_metal::Buffer& buffer);
#if LTCAP_HAS_KERNEL_OBJECT
// The Kernel object behind a program's kernel handle (Program::get_kernel); null if not available.
std::shared_ptr<::tt::tt_metal::Kernel> ProgramKernel(const ::tt::tt_metal::Program& program, std::uint32_t handle);
#endif
#if LTCAP_HAS_DEVICE_POOL
// The device tt::DevicePool holds as `number` (DevicePool::_inst->get_active_device); null if there is no pool,
// no such device, or no tt-metal library.
::tt::tt_metal::IDevice* PoolActiveDevice(int number) noexcept;
#endif

}  // namespace ltcap::lib

namespace ltcap::lib {
// The library's own GetRuntimeArgs / GetCommonRuntimeArgs (not the shim's), to read args without recording.
std::vector<std::vector<::tt::tt_metal::RuntimeArgsData>>& RealGetRuntimeArgs(const ::tt::tt_metal::Program& program,
                                                                            std::uint32_t kernel);
::tt::tt_metal::RuntimeArgsData& RealGetCommonRuntimeArgs(const ::tt::tt_metal::Program& program, std::uint32_t kernel);
}  // namespace ltcap::lib
