// The out-of-line members of tt-metal v0.56.0's mesh API (tt::tt_metal::distributed) that the shim's encoders call,
// each a forwarder (forwarder.h), as tt_symbols.cc has for the single-device API.
#include <cstddef>
#include <cstdint>

#include "interpose/forwarder.h"

using ltcap::forward::SpanWords;

// tt::stl::Span<const std::uint32_t> ShapeBase::view() const
LTCAP_FORWARD(SpanWords, LtcapShapeView, "_ZNK2tt8tt_metal9ShapeBase4viewEv", (const void* self), (self))
// tt::stl::Span<const std::uint32_t> MeshCoordinate::coords() const
LTCAP_FORWARD(SpanWords, LtcapMeshCoordCoords, "_ZNK2tt8tt_metal11distributed14MeshCoordinate6coordsEv",
              (const void* self), (self))
// const MeshCoordinate& MeshCoordinateRange::start_coord() const, end_coord() const
LTCAP_FORWARD(const void*, LtcapMeshRangeStart, "_ZNK2tt8tt_metal11distributed19MeshCoordinateRange11start_coordEv",
              (const void* self), (self))
LTCAP_FORWARD(const void*, LtcapMeshRangeEnd, "_ZNK2tt8tt_metal11distributed19MeshCoordinateRange9end_coordEv",
              (const void* self), (self))
// std::uint32_t MeshEvent::id() const, MeshDevice* MeshEvent::device() const, std::uint32_t MeshEvent::mesh_cq_id() const
LTCAP_FORWARD(std::uint32_t, LtcapMeshEventId, "_ZNK2tt8tt_metal11distributed9MeshEvent2idEv", (const void* self),
              (self))
LTCAP_FORWARD(void*, LtcapMeshEventDevice, "_ZNK2tt8tt_metal11distributed9MeshEvent6deviceEv", (const void* self),
              (self))
LTCAP_FORWARD(std::uint32_t, LtcapMeshEventQueue, "_ZNK2tt8tt_metal11distributed9MeshEvent10mesh_cq_idEv",
              (const void* self), (self))
// MeshCommandQueue& MeshDevice::mesh_command_queue(std::size_t cq_id) const
LTCAP_FORWARD(void*, LtcapMeshQueue, "_ZNK2tt8tt_metal11distributed10MeshDevice18mesh_command_queueEm",
              (const void* self, std::size_t cq_id), (self, cq_id))
// DeviceAddr MeshBuffer::size() const
LTCAP_FORWARD(std::uint64_t, LtcapMeshBufferSize, "_ZNK2tt8tt_metal11distributed10MeshBuffer4sizeEv",
              (const void* self), (self))
// std::shared_ptr<Buffer> MeshBuffer::get_device_buffer(const MeshCoordinate&) const (the result through `out`)
LTCAP_FORWARD(void*, LtcapMeshBufferShard,
              "_ZNK2tt8tt_metal11distributed10MeshBuffer17get_device_bufferERKNS1_14MeshCoordinateE",
              (void* out, const void* self, const void* coord), (out, self, coord))
// std::size_t Shape2D::height() const, width() const
LTCAP_FORWARD(std::size_t, LtcapShape2DHeight, "_ZNK2tt8tt_metal7Shape2D6heightEv", (const void* self), (self))
LTCAP_FORWARD(std::size_t, LtcapShape2DWidth, "_ZNK2tt8tt_metal7Shape2D5widthEv", (const void* self), (self))
// const MeshShape& MeshDevice::shape() const
LTCAP_FORWARD(const void*, LtcapMeshShape, "_ZNK2tt8tt_metal11distributed10MeshDevice5shapeEv", (const void* self),
              (self))
// MeshCoordinate::MeshCoordinate(tt::stl::Span<const std::uint32_t>) (complete object)
LTCAP_FORWARD(void, LtcapMeshCoordFromSpan,
              "_ZN2tt8tt_metal11distributed14MeshCoordinateC1ENS_3stl4SpanIKjLm18446744073709551615EEE",
              (void* self, SpanWords coords), (self, coords))
// const std::array<CoreRangeSet, NumHalProgrammableCoreTypes>& SubDevice::cores() const
LTCAP_FORWARD(const void*, LtcapSubDeviceCores, "_ZNK2tt8tt_metal2v09SubDevice5coresEv", (const void* self), (self))
