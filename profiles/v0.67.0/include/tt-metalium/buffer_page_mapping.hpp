// Where each host page of a sharded buffer lives on the device: per core, runs of device pages and the host pages
// they hold. Layouts as tt-metal v0.67.0's; the iterators are exported.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

#include <tt-metalium/core_coord.hpp>

namespace tt::tt_metal {

struct UncompressedBufferPageMapping {
    static constexpr std::uint32_t PADDING = std::numeric_limits<std::uint32_t>::max();
    std::vector<CoreCoord> all_cores;
    // Per core, the host page each of its device pages holds (PADDING: none).
    std::vector<std::vector<std::uint32_t>> core_host_page_indices;
};

struct BufferCorePageMapping {
    struct ContiguousHostPages {
        std::uint32_t device_page_offset = 0;
        std::uint32_t host_page_start = 0;
        std::uint32_t num_pages = 0;
    };
    std::uint32_t device_start_page = 0;
    std::uint32_t num_pages = 0;
    std::vector<ContiguousHostPages> host_ranges;

    struct Iterator {
        using iterator_category = std::forward_iterator_tag;
        using difference_type = std::ptrdiff_t;
        using value_type = std::optional<std::uint32_t>;
        Iterator() = default;
        Iterator(const BufferCorePageMapping* mapping, std::uint32_t device_page_offset, std::uint32_t range_index)
            : mapping_(mapping), device_page_offset_(device_page_offset), range_index_(range_index) {}
        Iterator& operator++();
        Iterator operator++(int) {
            Iterator before = *this;
            ++(*this);
            return before;
        }
        value_type operator*() const;
        std::uint32_t device_page_offset() const { return device_page_offset_; }
        bool operator==(const Iterator& o) const { return device_page_offset_ == o.device_page_offset_; }
        bool operator!=(const Iterator& o) const { return device_page_offset_ != o.device_page_offset_; }
        struct Range {
            std::uint32_t device_page_offset = 0;
            std::uint32_t host_page_start = 0;
            std::uint32_t num_pages = 0;
        };
        Range next_range(std::uint32_t end_device_page_offset);

    private:
        const BufferCorePageMapping* mapping_ = nullptr;
        std::uint32_t device_page_offset_ = 0;
        std::uint32_t range_index_ = 0;
    };
    Iterator begin() const { return Iterator(this, 0, 0); }
    Iterator end() const { return Iterator(this, num_pages, static_cast<std::uint32_t>(host_ranges.size())); }
};

struct BufferPageMapping {
    BufferPageMapping() = default;
    BufferPageMapping(const UncompressedBufferPageMapping& page_mapping);
    BufferPageMapping filter_by_host_range(std::uint32_t start_host_page, std::uint32_t end_host_page) const;

    std::vector<CoreCoord> all_cores;
    std::unordered_map<CoreCoord, std::uint32_t> core_to_core_id;
    std::vector<std::vector<BufferCorePageMapping>> core_page_mappings;

    struct Iterator {
        struct MappedPage {
            std::uint32_t core_id = 0;
            std::uint32_t device_page = 0;
            std::uint32_t host_page = 0;
        };
        using iterator_category = std::forward_iterator_tag;
        using difference_type = std::ptrdiff_t;
        using value_type = MappedPage;
        Iterator() = default;
        Iterator(const BufferPageMapping* page_mapping, std::uint32_t core_id, std::uint32_t page_mapping_index,
                 std::uint32_t host_range_index, std::uint32_t host_page_index)
            : page_mapping_(page_mapping),
              core_id_(core_id),
              page_mapping_index_(page_mapping_index),
              host_range_index_(host_range_index),
              host_page_index_(host_page_index) {}
        Iterator& operator++();
        Iterator operator++(int) {
            Iterator before = *this;
            ++(*this);
            return before;
        }
        value_type operator*() const;
        bool operator==(const Iterator& other) const = default;
        bool operator!=(const Iterator& other) const = default;

    private:
        const BufferPageMapping* page_mapping_ = nullptr;
        std::uint32_t core_id_ = 0;
        std::uint32_t page_mapping_index_ = 0;
        std::uint32_t host_range_index_ = 0;
        std::uint32_t host_page_index_ = 0;
    };
    Iterator begin() const;
    Iterator end() const;
};

}  // namespace tt::tt_metal
