// What a v0.67.0 MeshDevice holds (its pimpl): the mesh's devices by coordinate (opened with the mesh, closed with
// it), its command queues (FDMeshCommandQueue, or SDMeshCommandQueue in slow dispatch), the lock-step allocator of
// its buffers, its sub-device managers and mesh traces.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/allocator.hpp>
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/sub_device.hpp>

#include "device.h"

namespace tt::tt_metal::distributed {

class MeshCommandQueueBase;

class MeshDeviceImpl {
public:
    // Opens the devices `device_ids` (row-major over `shape`) and makes the mesh.
    static std::shared_ptr<MeshDevice> Create(const MeshShape& shape, const std::vector<int>& device_ids,
                                              const ttemu::ChipConfig& config);
    // The mesh `config` asks for (its shape, or the system mesh's; its devices, or those the system mesh maps to
    // it), as MeshDevice::create makes it; and a 1x1 mesh of one device, as create_unit_mesh does. What makes
    // devices calls these (MeshDevice's static members, a later release's MetalEnv), never the exported members.
    static std::shared_ptr<MeshDevice> Create(const MeshDeviceConfig& config, std::size_t l1_small_size,
                                              std::size_t trace_region_size, std::size_t num_command_queues);
    static std::shared_ptr<MeshDevice> CreateUnit(int device_id, std::size_t l1_small_size,
                                                  std::size_t trace_region_size, std::size_t num_command_queues);

    MeshShape shape;
    std::vector<Device*> devices;  // row-major
    std::unique_ptr<MeshDeviceView> view;
    std::vector<std::unique_ptr<MeshCommandQueueBase>> queues;
    std::unique_ptr<AllocatorImpl> allocator_impl;
    std::unique_ptr<Allocator> allocator;
    ttemu::ChipConfig config;
    bool closed = false;
    std::uint32_t trace_buffers_size = 0;
    program_cache::detail::ProgramCache program_cache;

    // Sub-device managers: id 0 is the default (one sub-device, the whole grid); loading one only changes what
    // worker_cores and the sub-device queries answer (the emulator reserves no local L1 for them).
    struct SubDeviceManager {
        std::vector<SubDevice> sub_devices;
        DeviceAddr local_l1_size = 0;
        std::vector<SubDeviceId> ids;
        std::vector<SubDeviceId> stall_group;
    };
    std::map<std::uint64_t, SubDeviceManager> managers;
    std::uint64_t active_manager = 0;
    std::uint64_t next_manager = 1;
    const SubDeviceManager& Active() const { return managers.at(active_manager); }
    SubDeviceManager& Active() { return managers.at(active_manager); }

    // Mesh traces by id: the queue they were captured on, and whether the capture ended.
    struct Trace {
        std::uint8_t cq_id;
        bool complete = false;
    };
    std::map<std::uint32_t, Trace> traces;
};

// The chips of a mesh, row-major; throws for a closed mesh.
std::vector<ttemu::Chip*> MeshChips(const MeshDevice& mesh);
// The mesh's device at `coord`; throws outside the mesh.
Device& DeviceAt(const MeshDevice& mesh, const MeshCoordinate& coord);

}  // namespace tt::tt_metal::distributed
