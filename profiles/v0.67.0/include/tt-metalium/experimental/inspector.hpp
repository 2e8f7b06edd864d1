// tt-metal's Inspector (the runtime's log of programs, kernels and workloads for its debugging tools) as a program
// annotates it: whether it runs, and names and ids for a mesh workload.
#pragma once

#include <cstdint>
#include <string_view>

#include <tt-metalium/mesh_workload.hpp>

namespace tt::tt_metal::experimental::inspector {

bool IsEnabled();

// The operation a workload runs, with its parameters as text, for the Inspector's records of its runs.
void EmitMeshWorkloadAnnotation(
    tt::tt_metal::distributed::MeshWorkload& workload,
    std::string_view operation_name,
    std::string_view operation_parameters);

// An id of the caller's that ties the workload's runs to its own records.
void EmitMeshWorkloadRuntimeId(tt::tt_metal::distributed::MeshWorkload& workload, uint64_t runtime_id);

}  // namespace tt::tt_metal::experimental::inspector
