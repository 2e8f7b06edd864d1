// The out-of-line members of tt-metal v0.56.0's mesh API (tt::tt_metal::distributed) that the shim's encoders call
// and that this release declares in its own way, each a forwarder (forwarder.h), as tt_symbols.cc has for the
// single-device API. Those both releases declare alike are in interpose/tt_mesh_common_symbols.cc.
#include <cstddef>
#include <cstdint>

#include "interpose/forwarder.h"

using ltcap::forward::SpanWords;

// MeshCommandQueue& MeshDevice::mesh_command_queue(std::size_t cq_id) const
LTCAP_FORWARD(void*, LtcapMeshQueue, "_ZNK2tt8tt_metal11distributed10MeshDevice18mesh_command_queueEm",
              (const void* self, std::size_t cq_id), (self, cq_id))
// std::shared_ptr<Buffer> MeshBuffer::get_device_buffer(const MeshCoordinate&) const (the result through `out`)
LTCAP_FORWARD(void*, LtcapMeshBufferShard,
              "_ZNK2tt8tt_metal11distributed10MeshBuffer17get_device_bufferERKNS1_14MeshCoordinateE",
              (void* out, const void* self, const void* coord), (out, self, coord))
// MeshCoordinate::MeshCoordinate(tt::stl::Span<const std::uint32_t>) (complete object)
LTCAP_FORWARD(void, LtcapMeshCoordFromSpan,
              "_ZN2tt8tt_metal11distributed14MeshCoordinateC1ENS_3stl4SpanIKjLm18446744073709551615EEE",
              (void* self, SpanWords coords), (self, coords))
// const std::array<CoreRangeSet, NumHalProgrammableCoreTypes>& SubDevice::cores() const
LTCAP_FORWARD(const void*, LtcapSubDeviceCores, "_ZNK2tt8tt_metal2v09SubDevice5coresEv", (const void* self), (self))
