// The out-of-line tt-metal v0.67.0 members the shim's own code calls (accessors the encoders read configs, shapes,
// coordinates and events with; Program's move constructor and destructor, a result passing through; MeshWorkload's
// programs), each a forwarder under its v0.67.0 mangled name (interpose/forwarder.h), as profiles/v0.56.0/interpose
// has for v0.56.0; the mesh accessors both releases declare alike are in interpose/tt_mesh_common_symbols.cc. So the
// shim has no undefined tt-metal symbol at all.
#include <cstddef>
#include <cstdint>
#include <optional>

#include "interpose/forwarder.h"

using ltcap::forward::SpanWords;

// ---- Programs and workloads
LTCAP_FORWARD(void, LtcapProgramMove, "_ZN2tt8tt_metal7ProgramC1EOS1_", (void* self, void* other), (self, other))
LTCAP_FORWARD(void, LtcapProgramDestroy, "_ZN2tt8tt_metal7ProgramD1Ev", (void* self), (self))
// std::unordered_map<MeshCoordinateRange, Program>& MeshWorkload::get_programs()
LTCAP_FORWARD(void*, LtcapWorkloadPrograms, "_ZN2tt8tt_metal11distributed12MeshWorkload12get_programsEv",
              (void* self), (self))

// ---- Core ranges, configs, buffers
LTCAP_FORWARD(void, LtcapCoreRangeSetCopy, "_ZN2tt8tt_metal12CoreRangeSetC1ERKS1_", (void* self, const void* other),
              (self, other))
// CoreRangeSet(CoreRangeSet&&): CreateGlobalSemaphore's rvalue form forwards the cores it was given by move.
LTCAP_FORWARD(void, LtcapCoreRangeSetMove, "_ZN2tt8tt_metal12CoreRangeSetC1EOS1_", (void* self, void* other),
              (self, other))
LTCAP_FORWARD(const void*, LtcapCoreRangeSetRanges, "_ZNK2tt8tt_metal12CoreRangeSet6rangesEv", (const void* self),
              (self))
// static DispatchCoreAxis DispatchCoreConfig::get_default_axis()
LTCAP_FORWARD(int, LtcapDefaultAxis, "_ZN2tt8tt_metal18DispatchCoreConfig16get_default_axisEv", (), ())
LTCAP_FORWARD(const void*, LtcapCbPageSizes, "_ZNK2tt8tt_metal20CircularBufferConfig10page_sizesEv",
              (const void* self), (self))
LTCAP_FORWARD(std::uint32_t, LtcapCbTotalSize, "_ZNK2tt8tt_metal20CircularBufferConfig10total_sizeEv",
              (const void* self), (self))
LTCAP_FORWARD(const void*, LtcapCbDataFormats, "_ZNK2tt8tt_metal20CircularBufferConfig12data_formatsEv",
              (const void* self), (self))
LTCAP_FORWARD(std::optional<std::uint32_t>, LtcapCbGlobalAddress,
              "_ZNK2tt8tt_metal20CircularBufferConfig26globally_allocated_addressEv", (const void* self), (self))
LTCAP_FORWARD(std::uint32_t, LtcapBufferNumPages, "_ZNK2tt8tt_metal6Buffer9num_pagesEv", (const void* self), (self))
LTCAP_FORWARD(std::uint64_t, LtcapBufferPageSize, "_ZNK2tt8tt_metal6Buffer9page_sizeEv", (const void* self), (self))
// const CoreRangeSet& SubDevice::cores(HalProgrammableCoreType) const
LTCAP_FORWARD(const void*, LtcapSubDeviceCores, "_ZNK2tt8tt_metal9SubDevice5coresENS0_23HalProgrammableCoreTypeE",
              (const void* self, int type), (self, type))

// const std::unordered_set<uint8_t>& CircularBufferConfig::remote_buffer_indices() const
LTCAP_FORWARD(const void*, LtcapCbRemoteIndices, "_ZNK2tt8tt_metal20CircularBufferConfig21remote_buffer_indicesEv",
              (const void* self), (self))
// DeviceAddr experimental::GlobalCircularBuffer::config_address() const (its identity in the log)
LTCAP_FORWARD(std::uint64_t, LtcapGlobalCbConfigAddress,
              "_ZNK2tt8tt_metal12experimental20GlobalCircularBuffer14config_addressEv", (const void* self), (self))

// DeviceAddr GlobalSemaphore::address() const (a created semaphore is recorded with its address)
LTCAP_FORWARD(std::uint64_t, LtcapGlobalSemaphoreAddress, "_ZNK2tt8tt_metal15GlobalSemaphore7addressEv",
              (const void* self), (self))

// ---- Shapes, coordinates, meshes
LTCAP_FORWARD(void, LtcapMeshCoordFromSpan,
              "_ZN2tt8tt_metal11distributed14MeshCoordinateC1ESt4spanIKjLm18446744073709551615EE",
              (void* self, SpanWords coords), (self, coords))
// MeshCommandQueue& MeshDevice::mesh_command_queue(std::optional<std::uint8_t>) const
LTCAP_FORWARD(void*, LtcapMeshQueue, "_ZNK2tt8tt_metal11distributed10MeshDevice18mesh_command_queueESt8optionalIhE",
              (const void* self, std::optional<std::uint8_t> cq_id), (self, cq_id))
// Buffer* MeshBuffer::get_backing_buffer() const
LTCAP_FORWARD(void*, LtcapMeshBufferBacking, "_ZNK2tt8tt_metal11distributed10MeshBuffer18get_backing_bufferEv",
              (const void* self), (self))
// Buffer* MeshBuffer::get_device_buffer(const MeshCoordinate&) const
LTCAP_FORWARD(void*, LtcapMeshBufferShard,
              "_ZNK2tt8tt_metal11distributed10MeshBuffer17get_device_bufferERKNS1_14MeshCoordinateE",
              (const void* self, const void* coord), (self, coord))

// ---- DistributedHostBuffer transfers (enqueue_write / enqueue_read)
struct SpanBytes {  // std::span<const std::byte>
    const void* data;
    std::size_t size;
};
// const std::set<MeshCoordinate>& DistributedHostBuffer::shard_coords() const
LTCAP_FORWARD(const void*, LtcapHostShardCoords, "_ZNK2tt8tt_metal21DistributedHostBuffer12shard_coordsEv",
              (const void* self), (self))
// std::optional<HostBuffer> DistributedHostBuffer::get_shard(const MeshCoordinate&) const (the result through `out`,
// whose address comes back)
LTCAP_FORWARD(void*, LtcapHostShard,
              "_ZNK2tt8tt_metal21DistributedHostBuffer9get_shardERKNS0_11distributed14MeshCoordinateE",
              (void* out, const void* self, const void* coord), (out, self, coord))
// std::span<const std::byte> HostBuffer::view_bytes() const&
LTCAP_FORWARD(SpanBytes, LtcapHostBufferBytes, "_ZNKR2tt8tt_metal10HostBuffer10view_bytesEv", (const void* self),
              (self))
// MemoryPin::~MemoryPin() (a HostBuffer copy going away)
LTCAP_FORWARD(void, LtcapMemoryPinDestroy, "_ZN2tt8tt_metal9MemoryPinD1Ev", (void* self), (self))
// bool operator==(const MeshCoordinate&, const MeshCoordinate&); std::hash<MeshCoordinate>::operator() (a set of
// coordinates looked up)
LTCAP_FORWARD(bool, LtcapMeshCoordEqual, "_ZN2tt8tt_metal11distributedeqERKNS1_14MeshCoordinateES4_",
              (const void* a, const void* b), (a, b))
LTCAP_FORWARD(std::size_t, LtcapMeshCoordHash, "_ZNKSt4hashIN2tt8tt_metal11distributed14MeshCoordinateEEclERKS3_",
              (const void* self, const void* coord), (self, coord))
