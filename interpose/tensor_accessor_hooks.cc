// The TensorAccessorArgs hooks (releases that have it: LTCAP_HAS_TENSOR_ACCESSOR_ARGS). TensorAccessorArgs is a host
// value, not an API call: a program makes one for a buffer and appends its words to a kernel's compile-time args. The
// shim defines its out-of-line constructors and append_to under their mangled names, forwards each unchanged (an
// exception passes through as it came), and tells the ledger (tensor_accessors.h) what it saw, so the kernel config's
// encoder can record which words of a kernel's args describe which buffer. Calls tt-metal makes to itself (a
// constructor delegating to another through the PLT, or any of these inside an intercepted call) are only forwarded.
#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#if LTCAP_HAS_TENSOR_ACCESSOR_ARGS

#include <tt-metalium/tensor_accessor_args.hpp>

#include <cstdint>
#include <memory>
#include <vector>

#include "interpose/intercept.h"
#include "interpose/tensor_accessors.h"

namespace {

namespace tm = tt::tt_metal;
using Config = ::tensor_accessor::ArgsConfig;
using Words = std::vector<std::uint32_t>;

template <typename T>
const void* Raw(const T* p) {
    return p;
}
template <typename T>
const void* Raw(const T& r) {
    return &r;
}
template <typename T>
const void* Raw(const std::shared_ptr<T>& p) {
    return p.get();
}

// After the real constructor returned: what `self` was made for (an outermost call only).
void Made(const ltcap::DepthGuard& guard, void* self, const void* buffer, bool mesh_buffer, Config config) {
    if (!guard.outermost() || ltcap::report::Off()) return;
    ltcap::Accessors().Made(self, {reinterpret_cast<std::uintptr_t>(buffer), mesh_buffer, config.raw()});
}

void Appended(const ltcap::DepthGuard& guard, const void* self, const Words& args, std::size_t before) {
    if (!guard.outermost() || ltcap::report::Off()) return;
    ltcap::Accessors().Appended(self, &args, before, args.data(), args.size());
}

}  // namespace

// Defines the hook `local` for the constructor `mangled` taking `Param`, made for a MeshBuffer when `kMesh`.
#define LTCAP_ACCESSOR_CONSTRUCTOR(local, mangled, Param, kMesh)                                                    \
    extern "C" void local(void* self, Param buffer, Config config) __asm__(mangled)                                \
        __attribute__((visibility("default")));                                                                  \
    extern "C" void local(void* self, Param buffer, Config config) {                                               \
        using Fn = void (*)(void*, Param, Config);                                                                 \
        static ltcap::Next<Fn> next(&local);                                                                       \
        ltcap::DepthGuard guard;                                                                                   \
        next.get()(self, buffer, config);                                                                          \
        Made(guard, self, Raw(buffer), kMesh, config);                                                             \
    }

LTCAP_ACCESSOR_CONSTRUCTOR(LtcapAccessorOfBuffer,
                           "_ZN2tt8tt_metal18TensorAccessorArgsC1ERKNS0_6BufferE5FlagsIN15tensor_accessor9ArgConfigEE",
                           const tm::Buffer&, false)
LTCAP_ACCESSOR_CONSTRUCTOR(LtcapAccessorOfBufferPointer,
                           "_ZN2tt8tt_metal18TensorAccessorArgsC1EPKNS0_6BufferE5FlagsIN15tensor_accessor9ArgConfigEE",
                           const tm::Buffer*, false)
LTCAP_ACCESSOR_CONSTRUCTOR(
    LtcapAccessorOfSharedBuffer,
    "_ZN2tt8tt_metal18TensorAccessorArgsC1ERKSt10shared_ptrINS0_6BufferEE5FlagsIN15tensor_accessor9ArgConfigEE",
    const std::shared_ptr<tm::Buffer>&, false)
LTCAP_ACCESSOR_CONSTRUCTOR(
    LtcapAccessorOfMeshBuffer,
    "_ZN2tt8tt_metal18TensorAccessorArgsC1ERKNS0_11distributed10MeshBufferE5FlagsIN15tensor_accessor9ArgConfigEE",
    const tm::distributed::MeshBuffer&, true)
LTCAP_ACCESSOR_CONSTRUCTOR(
    LtcapAccessorOfMeshBufferPointer,
    "_ZN2tt8tt_metal18TensorAccessorArgsC1EPKNS0_11distributed10MeshBufferE5FlagsIN15tensor_accessor9ArgConfigEE",
    const tm::distributed::MeshBuffer*, true)
LTCAP_ACCESSOR_CONSTRUCTOR(LtcapAccessorOfSharedMeshBuffer,
                           "_ZN2tt8tt_metal18TensorAccessorArgsC1ERKSt10shared_ptrINS0_11distributed10MeshBufferEE5Flag"
                           "sIN15tensor_accessor9ArgConfigEE",
                           const std::shared_ptr<tm::distributed::MeshBuffer>&, true)

// void TensorAccessorArgs::append_to(std::vector<uint32_t>& compile_time_args) const
extern "C" void LtcapAccessorAppend(const void* self, Words& args) __asm__(
    "_ZNK2tt8tt_metal18TensorAccessorArgs9append_toERSt6vectorIjSaIjEE") __attribute__((visibility("default")));
extern "C" void LtcapAccessorAppend(const void* self, Words& args) {
    using Fn = void (*)(const void*, Words&);
    static ltcap::Next<Fn> next(&LtcapAccessorAppend);
    ltcap::DepthGuard guard;
    const std::size_t before = args.size();
    next.get()(self, args);
    Appended(guard, self, args, before);
}

// void TensorAccessorArgs::append_to(std::vector<uint32_t>& compile_time_args,
//                                    std::vector<uint32_t>& common_runtime_args) const
extern "C" void LtcapAccessorAppendBoth(const void* self, Words& args, Words& common) __asm__(
    "_ZNK2tt8tt_metal18TensorAccessorArgs9append_toERSt6vectorIjSaIjEES5_") __attribute__((visibility("default")));
extern "C" void LtcapAccessorAppendBoth(const void* self, Words& args, Words& common) {
    using Fn = void (*)(const void*, Words&, Words&);
    static ltcap::Next<Fn> next(&LtcapAccessorAppendBoth);
    ltcap::DepthGuard guard;
    const std::size_t before = args.size();
    next.get()(self, args, common);
    Appended(guard, self, args, before);
}

#endif  // LTCAP_HAS_TENSOR_ACCESSOR_ARGS
