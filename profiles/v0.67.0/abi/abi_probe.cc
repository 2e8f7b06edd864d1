// The ABI probe: compiled against tt-metal v0.67.0's OWN public headers (scripts/abi_names_v067.sh extracts them
// from a tt-metal git snapshot), it names every function the v0.67.0 description (api_list.h) says the shim
// interposes, with the signature the description gives, so the compiler mangles each from tt-metal's declaration: a
// description that differs from the real header fails to compile here, and the object's undefined symbols are the
// names the shim must export. Members are called qualified (Class::method), so a virtual one is named too. A virtual
// entry is checked against the interface tt-metal declares (its signature must be one of the interface's) and named
// on the implementing classes, which no public header declares (as the shim names them: interpose/interpose.cc).
#include <tt-metalium/tensor_accessor_args.hpp>

#include <memory>
#include <utility>
#include <vector>

#include "api/api_types.h"
#include "api/expand.h"
#include "api/preprocessor.h"

using namespace ltcap::api;

#include "profiles/v0.67.0/api/queue_classes.h"

namespace {
struct NoImpl {};  // an entry with one implementation: nothing to name
}  // namespace
using tt::tt_metal::distributed::FDMeshCommandQueue;
using tt::tt_metal::distributed::MeshCommandQueueBase;
using tt::tt_metal::distributed::SDMeshCommandQueue;


// A free function or static member: its address.
#define LTCAP_PROBE_FN(api, rules, result, Ret, name, params, args)                      \
    extern "C" const void* const LTCAP_CAT(ltcap_probe_, api) =                  \
        reinterpret_cast<const void*>(static_cast<Ret(*) params>(&name));
// A member: called qualified, with the description's parameter types (a virtual one too: no dispatch). Caller<F>
// gives a function of type F forwarding its parameters to `Invoke`, which makes the qualified call.
template <typename F>
struct Caller;
template <typename R, typename C, typename... P>
struct Caller<R(C&, P...)> {
    template <typename Invoke>
    static R Call(C& c, P... p) {
        return Invoke{}(c, std::forward<P>(p)...);
    }
};
#define LTCAP_PROBE_CALL(api, Ret, Class, method, qualifier, params)                                              \
    inline constexpr auto LTCAP_CAT(ltcap_invoke_, api) = [](qualifier Class& self, auto&&... a) -> Ret {    \
        return self.Class::method(std::forward<decltype(a)>(a)...);                                               \
    };                                                                                                            \
    extern "C" Ret (*const LTCAP_CAT(ltcap_probe_, api))(qualifier Class& LTCAP_COMMA_ARGS(                \
        LTCAP_UNPAREN params)) =                                                                            \
        &Caller<Ret(qualifier Class& LTCAP_COMMA_ARGS(LTCAP_UNPAREN params))>::template Call<               \
            decltype(LTCAP_CAT(ltcap_invoke_, api))>;
#define LTCAP_PROBE_MEMBER(api, rules, result, Ret, Class, method, qualifier, params, args) \
    LTCAP_PROBE_CALL(api, Ret, Class, method, qualifier, params)
#define LTCAP_PROBE_IMPL(tag, Ret, Impl, method, qualifier, params)                                          \
    extern "C" const auto LTCAP_CAT(ltcap_probe_, tag) = static_cast<Ret (Impl::*) params qualifier>(&Impl::method);
#define LTCAP_PROBE_VIRTUAL(api, rules, result, Ret, Interface, Impl, OtherImpl, method, qualifier, params, args) \
    extern "C" const auto LTCAP_CAT(ltcap_probe_interface_, api) =                                          \
        static_cast<Ret (Interface::*) params qualifier>(&Interface::method);                                    \
    LTCAP_PROBE_IMPL(LTCAP_CAT(api, _impl), Ret, Impl, method, qualifier, params)                            \
    LTCAP_PROBE_OTHER_##OtherImpl(LTCAP_CAT(api, _other), Ret, OtherImpl, method, qualifier, params)
#define LTCAP_PROBE_OTHER_NoImpl(...)
#define LTCAP_PROBE_OTHER_SDMeshCommandQueue(...) LTCAP_PROBE_IMPL(__VA_ARGS__)

// The build's profile's lists (its ltcap_profile.h on the include path: v0.67.0's, or a later mesh release's).
LTCAP_EXPAND_CALLS(LTCAP_PROBE_FN, LTCAP_PROBE_MEMBER, LTCAP_PROBE_VIRTUAL)

// The irregular entries (LTCAP_V067_IRREGULAR_LIST): the complete-object destructors the shim hooks.
extern "C" void ltcap_probe_destructors(Buffer* b, MeshBuffer* m, MeshDevice* d) {
    b->Buffer::~Buffer();
    m->MeshBuffer::~MeshBuffer();
    d->MeshDevice::~MeshDevice();
}

// The TensorAccessorArgs hooks (interpose/tensor_accessor_hooks.cc): its six out-of-line constructors and both
// append_to forms.
extern "C" void ltcap_probe_tensor_accessors(const Buffer& b, const std::shared_ptr<Buffer>& sb, const MeshBuffer& m,
                                             const std::shared_ptr<MeshBuffer>& sm, std::vector<std::uint32_t>& v) {
    const tensor_accessor::ArgsConfig c;
    const TensorAccessorArgs x(b, c), y(&b, c), z(sb, c), p(m, c), q(&m, c), r(sm, c);
    x.append_to(v);
    x.append_to(v, v);
}
