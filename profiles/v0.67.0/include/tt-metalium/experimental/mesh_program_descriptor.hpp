// A mesh workload described as data: a program descriptor per range of mesh coordinates.
#pragma once

#include <tuple>
#include <utility>
#include <vector>

#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/program_descriptors.hpp>

namespace tt::tt_metal::experimental {

struct MeshProgramDescriptor {
    using MeshPrograms = std::vector<std::pair<distributed::MeshCoordinateRange, ProgramDescriptor>>;
    MeshPrograms mesh_programs;

    static constexpr auto attribute_names = std::forward_as_tuple("num_mesh_programs");
    auto attribute_values() const { return std::make_tuple(mesh_programs.size()); }
};

}  // namespace tt::tt_metal::experimental
