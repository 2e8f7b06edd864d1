// Forwarders to tt-metal's out-of-line members, for the shim's own code: each is defined under the member's mangled
// name, hidden (not exported, so it interposes nothing), and forwards to the real member found by name at first
// use (real_library.h). No tt-metal header may be in scope where they are defined (its declarations of the same
// names would clash), so they use types with the same calling convention (Itanium C++ ABI): `this` first, a
// reference as a pointer, a span (16 bytes, trivially copyable) in two registers, a class returned by value through
// the hidden result pointer that comes before `this`.
//   LTCAP_FORWARD(std::uint64_t, LtcapBufferPageSize, "_ZNK2tt8tt_metal6Buffer9page_sizeEv", (const void* self), (self))
// Used by each profile's forwarders (profiles/v0.56.0/interpose/tt_mesh_symbols.cc,
// profiles/<release>/interpose/tt_symbols.cc).
#pragma once

#include <cstddef>
#include <cstdint>

#include "interpose/real_library.h"

#define LTCAP_HIDDEN extern "C" __attribute__((visibility("hidden")))

namespace ltcap::forward {
template <typename Fn>
using Real = ::ltcap::real::Symbol<Fn>;
// tt::stl::Span<const std::uint32_t> (v0.56.0), std::span<const std::uint32_t> (v0.67.0).
struct SpanWords {
    const std::uint32_t* data;
    std::size_t size;
};
}  // namespace ltcap::forward

#define LTCAP_FORWARD(Ret, local, mangled, params, args)                  \
    LTCAP_HIDDEN Ret local params __asm__(mangled);                       \
    Ret local params {                                                    \
        static ::ltcap::forward::Real<Ret(*) params> real(mangled);       \
        return real.get() args;                                           \
    }
