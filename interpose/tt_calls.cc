#include "interpose/tt_calls.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include "interpose/real_library.h"

namespace ltcap::lib {
namespace {

// Non-virtual members take `this` as their first argument (Itanium C++ ABI).
using ProgramU64 = std::uint64_t (*)(const void*);
using BufferU32 = std::uint32_t (*)(const void*);
using BufferU64 = std::uint64_t (*)(const void*);

}  // namespace

#if LTCAP_HAS_PROGRAM_HANDLE
// v0.67.0's Program is a handle to its ProgramImpl (Program::impl(), inline in its header), which stays where it is
// when the program moves and exports the program's id and kernel count.
std::uint64_t ProgramId(const ::tt::tt_metal::Program& program, std::uint64_t fallback) {
    static real::Symbol<ProgramU64> fn("_ZNK2tt8tt_metal6detail11ProgramImpl6get_idEv");
    const auto f = fn.find();
    return f ? f(&program.impl()) : fallback;
}

std::uint64_t ProgramNumKernels(const ::tt::tt_metal::Program& program) {
    static real::Symbol<ProgramU64> fn("_ZNK2tt8tt_metal6detail11ProgramImpl11num_kernelsEv");
    const auto f = fn.find();
    return f ? f(&program.impl()) : 0;
}

std::uint64_t BufferAddress(const ::tt::tt_metal::Buffer& buffer) {
    static real::Symbol<BufferU32> fn("_ZNK2tt8tt_metal6Buffer7addressEv");
    const auto f = fn.find();
    return f ? f(&buffer) : 0;
}
#else
std::uint64_t ProgramId(const ::tt::tt_metal::Program& program, std::uint64_t fallback) {
    static real::Symbol<ProgramU64> fn("_ZNK2tt8tt_metal2v07Program6get_idEv");
    const auto f = fn.find();
    return f ? f(&program) : fallback;
}

std::uint64_t ProgramNumKernels(const ::tt::tt_metal::Program& program) {
    static real::Symbol<ProgramU64> fn("_ZNK2tt8tt_metal2v07Program11num_kernelsEv");
    const auto f = fn.find();
    return f ? f(&program) : 0;
}

std::uint64_t BufferAddress(const ::tt::tt_metal::Buffer& buffer) {
    static real::Symbol<BufferU32> fn("_ZNK2tt8tt_metal2v06Buffer7addressEv");
    const auto f = fn.find();
    return f ? f(&buffer) : 0;
}

::tt::tt_metal::IDevice* PoolActiveDevice(int number) noexcept {
    // DevicePool::instance() is inline over the exported static `_inst`: read it through its symbol (each time: a
    // library loaded later may be the one that defines it).
    using Fn = ::tt::tt_metal::IDevice* (*)(const void*, int);
    static real::Symbol<Fn> get("_ZNK2tt10DevicePool17get_active_deviceEi");
    auto* const* inst = static_cast<void* const*>(real::FindData("_ZN2tt10DevicePool5_instE"));
    const auto f = get.find();
    if (!inst || !*inst || !f) return nullptr;
    try {
        return f(*inst, number);
    } catch (...) {
        return nullptr;  // not an active device
    }
}

std::shared_ptr<::tt::tt_metal::Kernel> ProgramKernel(const ::tt::tt_metal::Program& program, std::uint32_t handle) {
    // A member returning a class by value: the hidden result pointer comes first, then `this` (Itanium C++ ABI),
    // as for a free function taking `this` as its first parameter.
    using Fn = std::shared_ptr<::tt::tt_metal::Kernel> (*)(const void*, std::uint32_t);
    static real::Symbol<Fn> fn("_ZNK2tt8tt_metal2v07Program10get_kernelEj");
    const auto f = fn.find();
    return f ? f(&program, handle) : nullptr;
}
#endif

std::vector<std::vector<::tt::tt_metal::RuntimeArgsData>>& RealGetRuntimeArgs(const ::tt::tt_metal::Program& program,
                                                                            std::uint32_t kernel) {
    using Fn = std::vector<std::vector<::tt::tt_metal::RuntimeArgsData>>& (*)(const ::tt::tt_metal::Program&, std::uint32_t);
    static real::Symbol<Fn> fn(LTCAP_GET_RUNTIME_ARGS_SYMBOL);
    return fn.get()(program, kernel);
}

::tt::tt_metal::RuntimeArgsData& RealGetCommonRuntimeArgs(const ::tt::tt_metal::Program& program, std::uint32_t kernel) {
    using Fn = ::tt::tt_metal::RuntimeArgsData& (*)(const ::tt::tt_metal::Program&, std::uint32_t);
    static real::Symbol<Fn> fn(LTCAP_GET_COMMON_RUNTIME_ARGS_SYMBOL);
    return fn.get()(program, kernel);
}

}  // namespace ltcap::lib
