// v0.67.0's exported program-side helpers: TileDescriptor, ProgramDescriptor's semaphore lookup and merging, buffer
// page mappings (runs of host pages per core, filtering, iteration) and the work-splitting helpers.
#include <algorithm>
#include <bitset>
#include <cmath>

#include <tt-metalium/buffer_page_mapping.hpp>
#include <tt-metalium/program_descriptors.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/work_split.hpp>

#include "emu/core/device_model.h"
#include "emu/core/errors.h"

namespace tt::tt_metal {

// ---- program descriptors

TileDescriptor::TileDescriptor(const Tile& tile)
    : height(tile.get_height()), width(tile.get_width()), transpose(tile.get_transpose_of_faces()) {}

std::optional<std::uint32_t> ProgramDescriptor::find_available_semaphore_id(const CoreCoord& core,
                                                                            CoreType core_type) const {
    std::bitset<ttemu::kNumSemaphores> used;
    for (const auto& s : semaphores)
        if (s.core_type == core_type && s.core_ranges.contains(core) && s.id < ttemu::kNumSemaphores) used.set(s.id);
    for (std::uint32_t id = 0; id < ttemu::kNumSemaphores; id++)
        if (!used.test(id)) return id;
    return std::nullopt;
}

ProgramDescriptor merge_program_descriptors(const std::vector<ProgramDescriptor>& descriptors) {
    if (descriptors.empty()) return {};
    if (descriptors.size() == 1) return descriptors[0];
    auto kernel_cores = [](const ProgramDescriptor& d) {
        CoreRangeSet all;
        for (const auto& k : d.kernels) all = all.merge(k.core_ranges);
        return all;
    };
    std::vector<CoreRangeSet> cores;
    for (const auto& d : descriptors) cores.push_back(kernel_cores(d));
    for (std::size_t i = 0; i < cores.size(); i++)
        for (std::size_t j = i + 1; j < cores.size(); j++)
            if (cores[i].intersects(cores[j]))
                ttemu::Throw("Cannot merge ProgramDescriptors with overlapping kernel core ranges between descriptor ",
                             i, " and ", j, ". Ensure that each descriptor operates on a distinct set of cores.");
    ProgramDescriptor out = descriptors[0];
    for (std::size_t i = 1; i < descriptors.size(); i++) {
        for (const auto& k : descriptors[i].kernels) out.kernels.push_back(k);
        for (const auto& s : descriptors[i].semaphores) out.semaphores.push_back(s);
        for (const auto& cb : descriptors[i].cbs) out.cbs.push_back(cb);
    }
    out.custom_program_hash = std::nullopt;
    return out;
}

// ---- buffer page mappings

namespace {
// Runs of consecutive host pages in a core's device pages (PADDING ends a run).
std::vector<BufferCorePageMapping::ContiguousHostPages> HostRuns(const std::vector<std::uint32_t>& pages) {
    std::vector<BufferCorePageMapping::ContiguousHostPages> runs;
    for (std::uint32_t i = 0; i < pages.size(); i++) {
        const std::uint32_t p = pages[i];
        if (p == UncompressedBufferPageMapping::PADDING) continue;
        if (!runs.empty()) {
            auto& last = runs.back();
            if (last.device_page_offset + last.num_pages == i && last.host_page_start + last.num_pages == p) {
                last.num_pages++;
                continue;
            }
        }
        runs.push_back({i, p, 1});
    }
    return runs;
}
}  // namespace

BufferPageMapping::BufferPageMapping(const UncompressedBufferPageMapping& mapping) : all_cores(mapping.all_cores) {
    if (mapping.core_host_page_indices.size() != all_cores.size())
        ttemu::Throw("BufferPageMapping: ", mapping.core_host_page_indices.size(), " page lists for ",
                     all_cores.size(), " cores");
    for (std::uint32_t i = 0; i < all_cores.size(); i++) core_to_core_id[all_cores[i]] = i;
    core_page_mappings.resize(all_cores.size());
    for (std::size_t core = 0; core < all_cores.size(); core++) {
        const auto& pages = mapping.core_host_page_indices[core];
        auto runs = HostRuns(pages);
        if (runs.empty()) continue;
        core_page_mappings[core].push_back({0, static_cast<std::uint32_t>(pages.size()), std::move(runs)});
    }
}

BufferPageMapping BufferPageMapping::filter_by_host_range(std::uint32_t start_host_page,
                                                          std::uint32_t end_host_page) const {
    BufferPageMapping out;
    out.all_cores = all_cores;
    out.core_to_core_id = core_to_core_id;
    out.core_page_mappings.resize(all_cores.size());
    for (std::size_t core = 0; core < core_page_mappings.size(); core++) {
        for (const auto& mapping : core_page_mappings[core]) {
            // Kept runs go into one mapping until a run is cut short; then a new mapping starts.
            std::vector<BufferCorePageMapping::ContiguousHostPages> group;
            auto flush = [&] {
                if (group.empty()) return;
                std::uint32_t lo = group.front().device_page_offset, hi = 0;
                for (const auto& r : group) {
                    lo = std::min(lo, r.device_page_offset);
                    hi = std::max(hi, r.device_page_offset + r.num_pages);
                }
                for (auto& r : group) r.device_page_offset -= lo;
                out.core_page_mappings[core].push_back({mapping.device_start_page + lo, hi - lo, std::move(group)});
                group.clear();
            };
            for (const auto& run : mapping.host_ranges) {
                const std::uint32_t first = std::max(start_host_page, run.host_page_start);
                const std::uint32_t last = std::min(end_host_page, run.host_page_start + run.num_pages);
                if (first != run.host_page_start || first >= last) flush();
                if (first >= last) continue;
                group.push_back({run.device_page_offset + (first - run.host_page_start), first - start_host_page,
                                 last - first});
                if (last != run.host_page_start + run.num_pages) flush();
            }
            flush();
        }
    }
    return out;
}

BufferCorePageMapping::Iterator& BufferCorePageMapping::Iterator::operator++() {
    device_page_offset_++;
    if (range_index_ < mapping_->host_ranges.size()) {
        const auto& r = mapping_->host_ranges[range_index_];
        if (device_page_offset_ == r.device_page_offset + r.num_pages) range_index_++;
    }
    return *this;
}

std::optional<std::uint32_t> BufferCorePageMapping::Iterator::operator*() const {
    if (range_index_ >= mapping_->host_ranges.size()) return std::nullopt;
    const auto& r = mapping_->host_ranges[range_index_];
    if (device_page_offset_ < r.device_page_offset) return std::nullopt;
    return r.host_page_start + (device_page_offset_ - r.device_page_offset);
}

BufferCorePageMapping::Iterator::Range BufferCorePageMapping::Iterator::next_range(std::uint32_t end_offset) {
    if (range_index_ >= mapping_->host_ranges.size() || device_page_offset_ >= end_offset) return {};
    const auto& r = mapping_->host_ranges[range_index_];
    if (device_page_offset_ < r.device_page_offset) {
        if (r.device_page_offset >= end_offset) {
            device_page_offset_ = end_offset;
            return {};
        }
        device_page_offset_ = r.device_page_offset;
    }
    const std::uint32_t into = device_page_offset_ - r.device_page_offset;
    const std::uint32_t count = std::min(r.num_pages - into, end_offset - device_page_offset_);
    const Range out{device_page_offset_, r.host_page_start + into, count};
    device_page_offset_ += count;
    if (device_page_offset_ == r.device_page_offset + r.num_pages) range_index_++;
    return out;
}

BufferPageMapping::Iterator& BufferPageMapping::Iterator::operator++() {
    const auto& mappings = page_mapping_->core_page_mappings;
    const auto& mapping = mappings[core_id_][page_mapping_index_];
    if (++host_page_index_ < mapping.host_ranges[host_range_index_].num_pages) return *this;
    host_page_index_ = 0;
    if (++host_range_index_ < mapping.host_ranges.size()) return *this;
    host_range_index_ = 0;
    page_mapping_index_++;
    while (core_id_ < page_mapping_->all_cores.size() && page_mapping_index_ == mappings[core_id_].size()) {
        page_mapping_index_ = 0;
        core_id_++;
    }
    return *this;
}

BufferPageMapping::Iterator::MappedPage BufferPageMapping::Iterator::operator*() const {
    const auto& mapping = page_mapping_->core_page_mappings[core_id_][page_mapping_index_];
    const auto& r = mapping.host_ranges[host_range_index_];
    return {core_id_, mapping.device_start_page + r.device_page_offset + host_page_index_,
            r.host_page_start + host_page_index_};
}

BufferPageMapping::Iterator BufferPageMapping::begin() const {
    for (std::uint32_t core = 0; core < all_cores.size(); core++)
        if (!core_page_mappings[core].empty()) return Iterator(this, core, 0, 0, 0);
    return end();
}
BufferPageMapping::Iterator BufferPageMapping::end() const {
    return Iterator(this, static_cast<std::uint32_t>(all_cores.size()), 0, 0, 0);
}

// ---- work splitting

#include "emu/shared/api/work_split.inc"

CoreRangeSet num_cores_to_corerangeset(CoreCoord start_core, std::uint32_t target_num_cores, CoreCoord grid_size,
                                       bool row_wise) {
    if (start_core.x >= grid_size.x || start_core.y >= grid_size.y)
        ttemu::Throw("Start core must be within grid size");
    return FirstCores(WholeGrid(grid_size), start_core, target_num_cores, row_wise);
}

CoreRangeSet num_cores_to_corerangeset_in_subcoregrids(CoreCoord start_core, std::uint32_t target_num_cores,
                                                       const CoreRangeSet& sub_core_grids, bool row_wise) {
    if (target_num_cores == 0) ttemu::Throw("Target number of cores must be greater than 0");
    if (!sub_core_grids.contains(start_core)) ttemu::Throw("Start core must be inside sub_core_grids");
    return FirstCores(sub_core_grids.ranges(), start_core, target_num_cores, row_wise);
}

std::uint32_t merge_num_sticks_to_read(std::uint32_t num_sticks_to_read, std::uint32_t stick_size_bytes,
                                       std::uint32_t max_read_size) {
    // The fewest reads of whole multiples of a stick, each at most max_read_size, that cover every byte exactly.
    const std::uint64_t total = std::uint64_t(num_sticks_to_read) * stick_size_bytes;
    std::uint32_t reads = num_sticks_to_read;
    if (stick_size_bytes == 0) return reads;
    for (std::uint64_t size = stick_size_bytes; size <= max_read_size; size += stick_size_bytes)
        if (total % size == 0) reads = static_cast<std::uint32_t>(total / size);
    return reads;
}

std::tuple<std::uint32_t, std::uint32_t> get_max_cores_divisible_by_tiles_per_core_tiles(
    const std::uint32_t& num_tiles, const std::uint32_t& num_cores_max, bool request_even) {
    std::uint32_t cores = 1;
    for (std::uint32_t i = 2; i <= num_cores_max; i++)
        if (num_tiles % i == 0) cores = i;
    if (request_even && cores > 1) cores -= cores % 2;
    return {cores, (num_tiles + cores - 1) / cores};
}

int find_max_divisor(std::uint32_t val, std::uint32_t start_max_div) {
    for (std::uint32_t d = start_max_div; d >= 1; d--) {
        if (d == 7 || d == 5) continue;  // tt-metal skips these block sizes
        if (val % d == 0) return static_cast<int>(d);
    }
    return 1;
}

int find_max_block_size(std::uint32_t val, std::uint32_t max_block_size) {
    for (std::uint32_t d = max_block_size; d >= 1; d--)
        if (val % d == 0) return static_cast<int>(d);
    return 1;
}

std::tuple<std::vector<std::uint32_t>, CoreRangeSet> split_work_to_cores_even_multiples(
    const CoreCoord& core_grid, std::uint32_t units_to_divide, std::uint32_t multiple, bool row_wise) {
    if (multiple == 0) ttemu::Throw("split_work_to_cores_even_multiples: a multiple of 0");
    const std::uint32_t batches = units_to_divide / multiple;
    const std::uint32_t cores = static_cast<std::uint32_t>(std::min<std::uint64_t>(batches, core_grid.x * core_grid.y));
    if (cores == 0) ttemu::Throw("split_work_to_cores_even_multiples: ", units_to_divide, " units in multiples of ",
                                 multiple, " leave no core any work");
    // Whole multiples round-robin over the cores; the remainder goes to the core after the last one served.
    std::vector<std::uint32_t> per_core(cores, 0);
    std::size_t next = 0;
    for (std::uint32_t done = 0; done < units_to_divide; done += multiple) {
        per_core[next] += multiple;
        next = (next + 1) % cores;
    }
    if (units_to_divide % multiple) per_core[next] += units_to_divide % multiple;
    return {per_core, num_cores_to_corerangeset({0, 0}, cores, core_grid, row_wise)};
}

}  // namespace tt::tt_metal
