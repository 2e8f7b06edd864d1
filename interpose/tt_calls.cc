#include "interpose/tt_calls.h"

#include <dlfcn.h>

namespace ltcap::lib {
namespace {

template <typename Fn>
Fn Resolve(const char* symbol) {
    return reinterpret_cast<Fn>(dlsym(RTLD_DEFAULT, symbol));
}

// Non-virtual members take `this` as their first argument (Itanium C++ ABI).
using ProgramU64 = std::uint64_t (*)(const void*);
using BufferU32 = std::uint32_t (*)(const void*);
using BufferU64 = std::uint64_t (*)(const void*);

}  // namespace

std::uint64_t ProgramId(const ::tt::tt_metal::Program& program, std::uint64_t fallback) {
    static const auto fn = Resolve<ProgramU64>("_ZNK2tt8tt_metal2v07Program6get_idEv");
    return fn ? fn(&program) : fallback;
}

std::uint64_t ProgramNumKernels(const ::tt::tt_metal::Program& program) {
    static const auto fn = Resolve<ProgramU64>("_ZNK2tt8tt_metal2v07Program11num_kernelsEv");
    return fn ? fn(&program) : 0;
}

std::uint64_t BufferAddress(const ::tt::tt_metal::Buffer& buffer) {
    static const auto fn = Resolve<BufferU32>("_ZNK2tt8tt_metal2v06Buffer7addressEv");
    return fn ? fn(&buffer) : 0;
}

std::uint64_t BufferBytes(const ::tt::tt_metal::Buffer& buffer) {
    static const auto page = Resolve<BufferU64>("_ZNK2tt8tt_metal2v06Buffer9page_sizeEv");
    static const auto pages = Resolve<BufferU32>("_ZNK2tt8tt_metal2v06Buffer9num_pagesEv");
    return page && pages ? page(&buffer) * pages(&buffer) : 0;
}

}  // namespace ltcap::lib

namespace ltcap::lib {

std::vector<std::vector<::tt::tt_metal::RuntimeArgsData>>& RealGetRuntimeArgs(const ::tt::tt_metal::Program& program,
                                                                            std::uint32_t kernel) {
    using Fn = std::vector<std::vector<::tt::tt_metal::RuntimeArgsData>>& (*)(const ::tt::tt_metal::Program&, std::uint32_t);
    static const auto fn = reinterpret_cast<Fn>(
        dlsym(RTLD_NEXT, "_ZN2tt8tt_metal2v014GetRuntimeArgsERKNS1_7ProgramEj"));
    return fn(program, kernel);
}

::tt::tt_metal::RuntimeArgsData& RealGetCommonRuntimeArgs(const ::tt::tt_metal::Program& program, std::uint32_t kernel) {
    using Fn = ::tt::tt_metal::RuntimeArgsData& (*)(const ::tt::tt_metal::Program&, std::uint32_t);
    static const auto fn = reinterpret_cast<Fn>(
        dlsym(RTLD_NEXT, "_ZN2tt8tt_metal2v020GetCommonRuntimeArgsERKNS1_7ProgramEj"));
    return fn(program, kernel);
}

}  // namespace ltcap::lib
