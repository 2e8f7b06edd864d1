// Compile-time proof that the types applications compile in keep tt-metal v0.56.0's field offsets
// (reference: shared fact sheet §4–5). A failure here means an ABI break with real libtt_metal.so builds.
#include <cstddef>

#include <tt-metalium/host_api.hpp>

#pragma GCC diagnostic ignored "-Winvalid-offsetof"

namespace tt::tt_metal::v0 {

struct LayoutCheck {
    static_assert(offsetof(Buffer, device_) == 0);
    static_assert(offsetof(Buffer, size_) == 8);
    static_assert(offsetof(Buffer, buffer_type_) == 16);
    static_assert(offsetof(Buffer, buffer_layout_) == 20);
    static_assert(offsetof(Buffer, bottom_up_) == 24);
    static_assert(offsetof(Buffer, sub_device_id_) == 25);
    static_assert(offsetof(Buffer, owns_data_) == 27);
    static_assert(offsetof(Buffer, sub_device_manager_id_) == 32);
    static_assert(offsetof(Buffer, allocator_) == 48);
    static_assert(offsetof(Buffer, allocation_status_) == 56);
    static_assert(offsetof(Buffer, address_) == 64);
    static_assert(offsetof(Buffer, allocation_mutex_) == 72);
    static_assert(offsetof(Buffer, allocation_cv_) == 112);
    static_assert(offsetof(Buffer, deallocation_requested_) == 160);
    static_assert(offsetof(Buffer, page_size_) == 168);
    static_assert(offsetof(Buffer, shard_parameters_) == 176);
    static_assert(offsetof(Buffer, buffer_page_mapping_) == 296);
    static_assert(offsetof(Buffer, weak_self) == 312);
    static_assert(offsetof(Buffer, unique_id_) == 328);
    static_assert(sizeof(Buffer) == 336);

    static_assert(offsetof(CircularBufferConfig, shadow_global_buffer) == 0);
    static_assert(offsetof(CircularBufferConfig, total_size_) == 8);
    static_assert(offsetof(CircularBufferConfig, globally_allocated_address_) == 12);
    static_assert(offsetof(CircularBufferConfig, data_formats_) == 20);
    static_assert(offsetof(CircularBufferConfig, page_sizes_) == 84);
    static_assert(offsetof(CircularBufferConfig, tiles_) == 340);
    static_assert(offsetof(CircularBufferConfig, buffer_indices_) == 1752);
    static_assert(offsetof(CircularBufferConfig, local_buffer_indices_) == 1808);
    static_assert(offsetof(CircularBufferConfig, remote_buffer_indices_) == 1864);
    static_assert(offsetof(CircularBufferConfig, dynamic_cb_) == 1920);
    static_assert(offsetof(CircularBufferConfig, max_size_) == 1924);
    static_assert(offsetof(CircularBufferConfig, buffer_size_) == 1928);
};

static_assert(offsetof(ShardedBufferConfig, shard_parameters) == 32);
static_assert(offsetof(Event, ready) == 16);
static_assert(sizeof(std::variant<DataMovementConfig, ComputeConfig, EthernetConfig>) == 128);
static_assert(sizeof(std::variant<CoreCoord, CoreRange, CoreRangeSet>) == 72);
static_assert(sizeof(std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>) == 24 && sizeof(HostDataType) == 24);

}  // namespace tt::tt_metal::v0

namespace tt::tt_metal {
static_assert(offsetof(DataMovementConfig, noc) == 4 && offsetof(DataMovementConfig, noc_mode) == 5);
static_assert(offsetof(DataMovementConfig, compile_args) == 8 && offsetof(DataMovementConfig, defines) == 32);
static_assert(offsetof(DataMovementConfig, opt_level) == 80);
static_assert(offsetof(ComputeConfig, fp32_dest_acc_en) == 1 && offsetof(ComputeConfig, unpack_to_dest_mode) == 8);
static_assert(offsetof(ComputeConfig, bfp8_pack_precise) == 32 && offsetof(ComputeConfig, math_approx_mode) == 33);
static_assert(offsetof(ComputeConfig, compile_args) == 40 && offsetof(ComputeConfig, defines) == 64);
static_assert(offsetof(ComputeConfig, opt_level) == 112);
static_assert(offsetof(EthernetConfig, noc) == 1 && offsetof(EthernetConfig, processor) == 4);
static_assert(offsetof(ShardSpec, shape) == 64 && offsetof(ShardSpec, orientation) == 72);
static_assert(offsetof(ShardSpec, mode) == 76 && offsetof(ShardSpec, physical_shard_shape) == 80);
static_assert(offsetof(ShardSpecBuffer, page_shape) == 96 && offsetof(ShardSpecBuffer, tensor2d_shape_in_pages) == 104);
}  // namespace tt::tt_metal
