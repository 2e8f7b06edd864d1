// The sizes the description computes (api/roles.h), defined once for the shim and the player: through exported
// members only (the shim reaches them through its forwarders, profiles/v0.56.0/interpose/tt_symbols.cc).
#include "api/roles.h"

#include <algorithm>

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

std::vector<dist::MeshCoordinate> EveryCoordinate(tt::stl::Span<const std::uint32_t> shape) {
    std::vector<dist::MeshCoordinate> out;
    std::vector<std::uint32_t> at(shape.size(), 0);
    if (shape.empty() || std::find(shape.begin(), shape.end(), 0u) != shape.end()) return out;
    while (true) {
        out.emplace_back(tt::stl::Span<const std::uint32_t>(at.data(), at.size()));
        std::size_t d = at.size();
        while (d > 0 && ++at[d - 1] == shape[d - 1]) at[--d] = 0;
        if (d == 0) return out;
    }
}

namespace {
tm::Buffer* Raw(tm::Buffer* b) { return b; }                             // v0.67.0's get_device_buffer
tm::Buffer* Raw(const std::shared_ptr<tm::Buffer>& b) { return b.get(); }  // v0.56.0's: the mesh buffer keeps it
}  // namespace

std::vector<tm::Buffer*> DeviceBuffers(const dist::MeshBuffer& b) {
    std::vector<tm::Buffer*> out;
    try {
        for (const dist::MeshCoordinate& coord : EveryCoordinate(b.device()->shape().view()))
            out.push_back(Raw(b.get_device_buffer(coord)));
    } catch (...) {
        out.clear();
    }
    return out;
}

std::uint64_t SubGridBytes(const dist::MeshBuffer& b, const dist::MeshCoordinateRange& range,
                           const std::optional<tm::BufferRegion>& region) {
    return ShardBytes(b, range.start_coord(), region);
}

}  // namespace ltcap
