// The sizes the description computes (api/roles.h), defined once for the shim and the player: through exported
// members only (the shim reaches them through its forwarders, profiles/v0.56.0/interpose/tt_symbols.cc).
#include "api/roles.h"

namespace ltcap {

std::uint64_t WholeBuffer(const tm::Buffer& b) { return b.page_size() * b.num_pages(); }

std::uint64_t WholeBuffer(const api::BufRef& b) {
    if (auto* r = std::get_if<std::reference_wrapper<tm::Buffer>>(&b)) return WholeBuffer(r->get());
    const auto& sp = std::get<std::shared_ptr<tm::Buffer>>(b);
    return sp ? WholeBuffer(*sp) : 0;
}

std::uint64_t WholeMeshBuffer(const std::shared_ptr<dist::MeshBuffer>& b) { return b ? b->size() : 0; }

std::uint64_t ShardBytes(const dist::MeshBuffer& b, const dist::MeshCoordinate& coord,
                         const std::optional<tm::BufferRegion>& region) {
    if (region) return region->size;
    try {
        const auto shard = b.get_device_buffer(coord);  // v0.56.0: a shared_ptr; v0.67.0: a Buffer*
        return shard ? WholeBuffer(*shard) : 0;
    } catch (...) {
        return 0;  // a coordinate off the mesh: the call itself fails the same way
    }
}

std::uint64_t SubGridBytes(const dist::MeshBuffer& b, const dist::MeshCoordinateRange& range,
                           const std::optional<tm::BufferRegion>& region) {
    return ShardBytes(b, range.start_coord(), region);
}

}  // namespace ltcap
