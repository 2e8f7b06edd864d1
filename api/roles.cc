// The sizes the description computes (api/roles.h), defined once for the shim and the player: through exported
// members only (the shim reaches them through its forwarders, interpose/tt_symbols.cc).
#include "api/roles.h"

namespace ltcap {

std::uint64_t WholeBuffer(const tm::Buffer& b) { return b.page_size() * b.num_pages(); }

std::uint64_t WholeBuffer(const api::BufRef& b) {
    if (auto* r = std::get_if<std::reference_wrapper<tm::Buffer>>(&b)) return WholeBuffer(r->get());
    const auto& sp = std::get<std::shared_ptr<tm::Buffer>>(b);
    return sp ? WholeBuffer(*sp) : 0;
}

}  // namespace ltcap
