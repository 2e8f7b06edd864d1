// Declarative programs (ProgramDescriptor: kernels, semaphores and circular buffers as plain data), which
// Program(const ProgramDescriptor&) builds from. Layouts as tt-metal v0.67.0's.
#pragma once

#include <fmt/core.h>

#include <bitset>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <tt-metalium/circular_buffer_constants.h>
#include <tt-metalium/constants.hpp>
#include <tt-metalium/core_coord.hpp>
#include <ttemu/api_release.hpp>  // what of the API this release has (TTEMU_API_*)
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt_stl/reflection.hpp>
#include <tt_stl/small_vector.hpp>
#include <umd/device/types/core_coordinates.hpp>

namespace tt::tt_metal {

struct Tile;
class Buffer;
namespace experimental {
class GlobalCircularBuffer;
}  // namespace experimental

struct TileDescriptor {
    TileDescriptor() = default;
    TileDescriptor(const Tile& tile);
    TileDescriptor(std::uint32_t height, std::uint32_t width, bool transpose)
        : height(height), width(width), transpose(transpose) {}
    std::uint32_t height = constants::TILE_HEIGHT;
    std::uint32_t width = constants::TILE_WIDTH;
    bool transpose = false;
    bool operator==(const TileDescriptor& o) const {
        return height == o.height && width == o.width && transpose == o.transpose;
    }
};

struct CBFormatDescriptor {
    std::uint8_t buffer_index = 0;
    tt::DataFormat data_format = tt::DataFormat::Float32;
    std::uint32_t page_size = 0;
    std::optional<TileDescriptor> tile;
};

struct CBDescriptor {
    using FormatDescriptors = ttsl::SmallVector<CBFormatDescriptor, 1>;
    std::uint32_t total_size = 0;
    CoreRangeSet core_ranges;
    FormatDescriptors format_descriptors;
    FormatDescriptors remote_format_descriptors;
    Buffer* buffer = nullptr;
    std::uint32_t address_offset = 0;
    const experimental::GlobalCircularBuffer* global_circular_buffer = nullptr;
};

struct SemaphoreDescriptor {
    std::uint32_t id{};
    CoreType core_type = CoreType::WORKER;
    CoreRangeSet core_ranges;
    std::uint32_t initial_value = 0;
};

struct ReaderConfigDescriptor {};
struct WriterConfigDescriptor {};
struct DataMovementConfigDescriptor {
    DataMovementProcessor processor = DataMovementProcessor::RISCV_0;
    NOC noc = NOC::RISCV_0_default;
    NOC_MODE noc_mode = NOC_MODE::DM_DEDICATED_NOC;
};
struct ComputeConfigDescriptor {
    using UnpackToDestModes = std::vector<UnpackToDestMode>;
    MathFidelity math_fidelity = MathFidelity::HiFi4;
    bool fp32_dest_acc_en = false;
    bool dst_full_sync_en = false;
    UnpackToDestModes unpack_to_dest_mode;
    bool bfp8_pack_precise = false;
    bool math_approx_mode = false;
};

struct KernelDescriptor {
    using CompileTimeArgs = std::vector<std::uint32_t>;
    using NamedCompileTimeArgs = std::vector<std::pair<std::string, std::uint32_t>>;
    using Defines = std::vector<std::pair<std::string, std::string>>;
    using CoreRuntimeArgs = std::vector<std::uint32_t>;
    using RuntimeArgs = std::vector<std::pair<CoreCoord, CoreRuntimeArgs>>;
    using CommonRuntimeArgs = CoreRuntimeArgs;
    using ConfigDescriptor =
        std::variant<ReaderConfigDescriptor, WriterConfigDescriptor, DataMovementConfigDescriptor, ComputeConfigDescriptor>;
    enum class SourceType { FILE_PATH, SOURCE_CODE };

    std::string kernel_source;
    SourceType source_type = SourceType::FILE_PATH;
    CoreRangeSet core_ranges;
    CompileTimeArgs compile_time_args;
    NamedCompileTimeArgs named_compile_time_args;
    Defines defines;
    RuntimeArgs runtime_args;
    CommonRuntimeArgs common_runtime_args;
    std::optional<KernelBuildOptLevel> opt_level = std::nullopt;
    ConfigDescriptor config;
};

struct ProgramDescriptor {
    using KernelDescriptors = ttsl::SmallVector<KernelDescriptor, 3>;
    using SemaphoreDescriptors = ttsl::SmallVector<SemaphoreDescriptor, 3>;
    using CBDescriptors = ttsl::SmallVector<CBDescriptor, 5>;
    KernelDescriptors kernels;
    SemaphoreDescriptors semaphores;
    CBDescriptors cbs;
#if TTEMU_API_PROGRAM_HASH_U64
    std::optional<std::uint64_t> custom_program_hash;
#else
    std::optional<ttsl::hash::hash_t> custom_program_hash;
#endif
    std::optional<std::uint32_t> find_available_semaphore_id(const CoreCoord& core, CoreType core_type) const;
};

ProgramDescriptor merge_program_descriptors(const std::vector<ProgramDescriptor>& descriptors);

}  // namespace tt::tt_metal

template <>
struct std::hash<tt::tt_metal::TileDescriptor> {
    std::size_t operator()(const tt::tt_metal::TileDescriptor& t) const noexcept {
        return ttsl::hash::hash_objects_with_default_seed(t.height, t.width, t.transpose);
    }
};
