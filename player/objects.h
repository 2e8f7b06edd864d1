// The replay's objects, one table per kind, each keyed by the global id the log gave the object.
#pragma once

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)

#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/global_semaphore.hpp>
#include <tt-metalium/host_api.hpp>
#if LTCAP_HAS_EVENT
#include <tt-metalium/event.hpp>
#endif
#if LTCAP_HAS_METAL_ENV
#include <tt-metalium/experimental/context/metal_env.hpp>
#endif

#include "player/log_reader.h"
#include "player/object_table.h"
#include "player/replay_error.h"

namespace ltcap {

struct KernelEntry {
    std::uint64_t program;  // program object id
    tt::tt_metal::KernelHandle handle;
};

struct Objects {
#if LTCAP_HAS_METAL_ENV
    // The environments the log's meshes were made in; declared first, so they go last, after their meshes.
    ObjectTable<std::unique_ptr<tt::tt_metal::MetalEnv>> metal_envs{"MetalEnv"};
#endif
    ObjectTable<tt::tt_metal::IDevice*> devices{"device"};
    ObjectTable<std::shared_ptr<tt::tt_metal::Buffer>> buffers{"buffer"};
    ObjectTable<std::unique_ptr<tt::tt_metal::Program>> programs{"program"};
    ObjectTable<KernelEntry> kernels{"kernel"};
    ObjectTable<tt::tt_metal::CBHandle> circular_buffers{"circular buffer"};
#if LTCAP_HAS_METAL_TRACE
    ObjectTable<std::uint32_t> traces{"metal trace"};
#endif
#if LTCAP_HAS_EVENT
    ObjectTable<std::shared_ptr<tt::tt_metal::Event>> events{"event"};
#endif
    ObjectTable<std::shared_ptr<tt::tt_metal::GlobalSemaphore>> global_semaphores{"global semaphore"};
#if LTCAP_HAS_GLOBAL_CIRCULAR_BUFFER
    ObjectTable<std::shared_ptr<tt::tt_metal::experimental::GlobalCircularBuffer>> global_circular_buffers{
        "global circular buffer"};
#endif
    // The devices of the meshes the log made (ObjectRef.devices, format 12): the mesh owns them, nothing here closes
    // them; a single-device call names one as it names any device.
    ObjectTable<tt::tt_metal::IDevice*> mesh_members{"device"};
    // The mesh API's (replay_mesh.cc). Declared after the meshes' devices, so they go first at the end.
    ObjectTable<std::shared_ptr<tt::tt_metal::distributed::MeshDevice>> mesh_devices{"mesh device"};
    ObjectTable<std::shared_ptr<tt::tt_metal::distributed::MeshBuffer>> mesh_buffers{"mesh buffer"};
    ObjectTable<std::unique_ptr<tt::tt_metal::distributed::MeshWorkload>> mesh_workloads{"mesh workload"};
    ObjectTable<std::unique_ptr<tt::tt_metal::distributed::MeshEvent>> mesh_events{"mesh event"};
    ObjectTable<tt::tt_metal::distributed::MeshTraceId> mesh_traces{"mesh trace"};
    ObjectTable<tt::tt_metal::SubDeviceManagerId> sub_device_managers{"sub-device manager"};
    // A program given to a mesh workload (add_program takes it by move) lives in the workload from then on, while
    // the log goes on naming it by its id: a framework's program cache rewrites its runtime args and moves its
    // circular buffers between launches. Workloads stay in their table to the end, so these never dangle.
    std::map<std::uint64_t, tt::tt_metal::Program*> programs_in_workloads;

    // The device the log's id names: one a call opened, one of a mesh's devices, or a mesh (an IDevice, named as
    // a device by a value such as a buffer config's device).
    tt::tt_metal::IDevice* Device(std::uint64_t id) {
        if (devices.Has(id)) return devices.Get(id);
        if (mesh_members.Has(id)) return mesh_members.Get(id);
        if (mesh_devices.Has(id)) return mesh_devices.Get(id).get();
        return devices.Get(id);  // the table's error for an id it never held
    }

    // The program the log's id names: its table entry, or the workload's copy once it was added to one.
    tt::tt_metal::Program& ProgramById(std::uint64_t id) {
        const auto moved = programs_in_workloads.find(id);
        return moved != programs_in_workloads.end() ? *moved->second : *programs.Get(id);
    }
};

}  // namespace ltcap
