// Every interposed function, defined from the one description in profiles/v0.56.0/api/api_list.h. This is the only file
// whose symbols libltcap.so exports (exports.lds); each definition forwards to the real function through Intercept. The
// shim is built with hidden visibility; the tt-metal declarations, and so their definitions here, are not.
#pragma GCC visibility push(default)
#include "api/api_types.h"

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)
#pragma GCC visibility pop
#include <cstdint>
#include <cstring>

#include "api/preprocessor.h"
#include "api/profile.h"
#include "interpose/intercept.h"

using namespace ltcap::api;
using namespace ltcap;

namespace {
// The schema names each function's parameters (trace.capnp's `params` annotation): one name per parameter here.
constexpr std::size_t NameCount(const char* const* names) {
    std::size_t n = 0;
    while (names[n]) n++;
    return n;
}
template <typename R, typename... P>
constexpr std::size_t Arity(R (*)(P...)) {
    return sizeof...(P);
}
// The schema says the type of each enum parameter (`name:Type`, so ltdump can name its value) and of no other.
template <typename R, typename... P>
constexpr bool EnumTypesNamed(R (*)(P...), const char* const* types) {
    std::size_t i = 0;
    return ((std::is_enum_v<std::remove_cvref_t<P>> == (types[i++][0] != '\0')) && ...);
}
}  // namespace

#define LTCAP_DEFINE(api, rules, result_role, Ret, name, params, args)                                         \
    static_assert(NameCount(::ltcap::layout::kApiParams[static_cast<int>(::ltcap::layout::Api::api)]) == \
                      Arity(static_cast<Ret(*) params>(nullptr)),                                        \
                  "schema/trace.capnp names a different number of parameters for " #api);               \
    static_assert(EnumTypesNamed(static_cast<Ret(*) params>(nullptr),                                    \
                                 ::ltcap::layout::kApiParamTypes[static_cast<int>(::ltcap::layout::Api::api)]), \
                  "schema/trace.capnp must give the enum type (name:Type) of exactly the enum parameters of " #api); \
    Ret name params noexcept(::ltcap::RulesOf(::ltcap::layout::Api::api).has(::ltcap::kNoexcept)) {      \
        using Fn = Ret(*) params;                                                                        \
        static ::ltcap::Next<Fn> next(static_cast<Fn>(&name));                                          \
        return ::ltcap::Intercept<::ltcap::layout::Api::api, ::ltcap::result_role>(next LTCAP_COMMA_ARGS args); \
    }

// A member: the shim's definition takes the real one's mangled name; its real counterpart is called as a function
// taking the object first (the Itanium C++ ABI passes `this` as the first argument). MemberAddress gives the
// shim's own definition, from which Next finds the real one by name: a non-virtual member's pointer holds its
// address; a virtual one's holds 1 + its slot's offset in the vtable, and the slot of `object`'s vtable holds the
// definition the dynamic linker bound there — the shim's, since that is how the call came here.
namespace {
template <typename Fn, typename Pmf>
Fn MemberAddress(Pmf pmf, const void* object) {
    static_assert(sizeof(Pmf) == 2 * sizeof(void*), "an Itanium pointer to member function");
    std::uintptr_t words[2];
    std::memcpy(words, &pmf, sizeof words);
    Fn fn;
    if (words[0] & 1) {
        const auto* self = static_cast<const char*>(object) + static_cast<std::ptrdiff_t>(words[1]);
        const char* vtable;
        std::memcpy(&vtable, self, sizeof vtable);
        std::memcpy(&fn, vtable + (words[0] - 1), sizeof fn);
    } else {
        std::memcpy(&fn, &words[0], sizeof fn);
    }
    return fn;
}
}  // namespace

#define LTCAP_DEFINE_MEMBER(api, rules, result_role, Ret, Class, method, qualifier, params, args)               \
    static_assert(NameCount(::ltcap::layout::kApiParams[static_cast<int>(::ltcap::layout::Api::api)]) ==        \
                      1 + Arity(static_cast<Ret(*) params>(nullptr)),                                            \
                  "schema/trace.capnp names a different number of parameters for " #api);                       \
    Ret Class::method params qualifier {                                                                        \
        using Fn = Ret (*)(qualifier Class & self LTCAP_COMMA_ARGS params);                                        \
        using Pmf = Ret (Class::*) params qualifier;                                                             \
        static ::ltcap::Next<Fn> next(MemberAddress<Fn>(static_cast<Pmf>(&Class::method), this));                \
        qualifier Class& self = *this;                                                                           \
        return ::ltcap::Intercept<::ltcap::layout::Api::api, ::ltcap::result_role>(next, LTCAP_UNPAREN args);   \
    }

// A virtual member (the VIRTUAL shape of api/expand.h): the shim defines tt-metal's implementations under their
// mangled names — the library's vtables bind those slots to the preloaded definitions — and records the call on the
// interface: `this` is the object as its Interface (single inheritance: the same address). The implementing classes
// are tt-metal's internal ones, declared only to name the definitions (the profile's queue_classes.h).
#define LTCAP_DEFINE_IMPL(api, result_role, Ret, Interface, Impl, method, qualifier, params, args)                \
    Ret Impl::method params qualifier {                                                                          \
        using Fn = Ret (*)(qualifier Interface & self LTCAP_COMMA_ARGS params);                                    \
        using Pmf = Ret (Impl::*) params qualifier;                                                              \
        static ::ltcap::Next<Fn> next(MemberAddress<Fn>(static_cast<Pmf>(&Impl::method), this));                  \
        qualifier Interface& self = *reinterpret_cast<qualifier Interface*>(this);                               \
        return ::ltcap::Intercept<::ltcap::layout::Api::api, ::ltcap::result_role>(next, LTCAP_UNPAREN args);   \
    }
#define LTCAP_DEFINE_VIRTUAL(api, rules, result_role, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args) \
    static_assert(NameCount(::ltcap::layout::kApiParams[static_cast<int>(::ltcap::layout::Api::api)]) ==        \
                      1 + Arity(static_cast<Ret(*) params>(nullptr)),                                            \
                  "schema/trace.capnp names a different number of parameters for " #api);                       \
    LTCAP_DEFINE_IMPL(api, result_role, Ret, Interface, Impl, method, qualifier, params, args)                   \
    LTCAP_DEFINE_IMPL(api, result_role, Ret, Interface, OtherImpl, method, qualifier, params, args)

#if LTCAP_HAS_MESH_QUEUE_CLASSES
#include LTCAP_PROFILE_QUEUE_CLASSES
using tt::tt_metal::distributed::FDMeshCommandQueue;
using tt::tt_metal::distributed::MeshCommandQueueBase;
using tt::tt_metal::distributed::SDMeshCommandQueue;
#endif
namespace {
// The implementation a virtual entry has no second one of: its definitions are never bound (hidden, unexported).
class NoImpl {
public:
    LTCAP_EXPAND_CALLS(LTCAP_NO_ENTRY, LTCAP_NO_ENTRY, LTCAP_VIRTUAL_DECLARATION)
};
}  // namespace

#pragma GCC visibility push(default)
LTCAP_EXPAND_CALLS(LTCAP_DEFINE, LTCAP_DEFINE_MEMBER, LTCAP_DEFINE_VIRTUAL)
#pragma GCC visibility pop
