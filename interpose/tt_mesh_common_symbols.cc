// The out-of-line mesh accessors the shim's encoders call that every supported release declares alike — the same
// signature, hence the same mangled name — each a forwarder (forwarder.h). A release's own ones, and any that differ,
// are in its profile's forwarders (profiles/<release>/interpose/). tests/capture/shim_symbols_test.sh proves the shim
// of each release has no undefined tt-metal symbol.
#include <cstddef>
#include <cstdint>

#include "interpose/forwarder.h"

using ltcap::forward::SpanWords;

// tt::stl::Span<const std::uint32_t> ShapeBase::view() const (v0.67.0: std::span, the same two words)
LTCAP_FORWARD(SpanWords, LtcapShapeView, "_ZNK2tt8tt_metal9ShapeBase4viewEv", (const void* self), (self))
// std::size_t Shape2D::height() const, width() const
LTCAP_FORWARD(std::size_t, LtcapShape2DHeight, "_ZNK2tt8tt_metal7Shape2D6heightEv", (const void* self), (self))
LTCAP_FORWARD(std::size_t, LtcapShape2DWidth, "_ZNK2tt8tt_metal7Shape2D5widthEv", (const void* self), (self))
// Span<const std::uint32_t> MeshCoordinate::coords() const
LTCAP_FORWARD(SpanWords, LtcapMeshCoordCoords, "_ZNK2tt8tt_metal11distributed14MeshCoordinate6coordsEv",
              (const void* self), (self))
// const MeshCoordinate& MeshCoordinateRange::start_coord() const, end_coord() const
LTCAP_FORWARD(const void*, LtcapMeshRangeStart, "_ZNK2tt8tt_metal11distributed19MeshCoordinateRange11start_coordEv",
              (const void* self), (self))
LTCAP_FORWARD(const void*, LtcapMeshRangeEnd, "_ZNK2tt8tt_metal11distributed19MeshCoordinateRange9end_coordEv",
              (const void* self), (self))
// std::uint32_t MeshEvent::id() const, MeshDevice* MeshEvent::device() const,
// std::uint32_t MeshEvent::mesh_cq_id() const
LTCAP_FORWARD(std::uint32_t, LtcapMeshEventId, "_ZNK2tt8tt_metal11distributed9MeshEvent2idEv", (const void* self),
              (self))
LTCAP_FORWARD(void*, LtcapMeshEventDevice, "_ZNK2tt8tt_metal11distributed9MeshEvent6deviceEv", (const void* self),
              (self))
LTCAP_FORWARD(std::uint32_t, LtcapMeshEventQueue, "_ZNK2tt8tt_metal11distributed9MeshEvent10mesh_cq_idEv",
              (const void* self), (self))
// const MeshShape& MeshDevice::shape() const
LTCAP_FORWARD(const void*, LtcapMeshShape, "_ZNK2tt8tt_metal11distributed10MeshDevice5shapeEv", (const void* self),
              (self))
// MeshDevice* MeshBuffer::device() const
LTCAP_FORWARD(void*, LtcapMeshBufferDevice, "_ZNK2tt8tt_metal11distributed10MeshBuffer6deviceEv", (const void* self),
              (self))
// DeviceAddr MeshBuffer::size() const
LTCAP_FORWARD(std::uint64_t, LtcapMeshBufferSize, "_ZNK2tt8tt_metal11distributed10MeshBuffer4sizeEv",
              (const void* self), (self))
// std::vector<IDevice*> MeshDevice::get_devices() const: the vector is returned through the hidden result pointer,
// which comes before `this`
LTCAP_FORWARD(void, LtcapMeshDevices, "_ZNK2tt8tt_metal11distributed10MeshDevice11get_devicesEv",
              (void* result, const void* self), (result, self))
