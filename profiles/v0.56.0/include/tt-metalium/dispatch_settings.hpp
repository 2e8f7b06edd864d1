// Sizes of the fast-dispatch path per core type and number of command queues (tt::tt_metal::DispatchSettings):
// prefetch queue, command-data queue, scratch and dispatch buffers, their page sizes, and the pointer block at the
// start of each queue. tt-metal derives the defaults from the cluster (declared, not exported here: the emulator's
// queues are host threads); settings built by hand with the setters below are plain data and fully usable.
//   auto s = DispatchSettings().core_type(CoreType::WORKER).num_hw_cqs(1).prefetch_q_entries(1534).with_alignment(16);
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include <magic_enum/magic_enum.hpp>
#include <tt-metalium/assert.hpp>
#include <tt-metalium/cq_commands.hpp>
#include <tt-metalium/dev_msgs.h>
#include <tt-metalium/hal.hpp>
#include <umd/device/tt_core_coordinates.h>

namespace tt {
class Cluster;
}

namespace tt::tt_metal {

class DispatchSettings {
public:
    static DispatchSettings worker_defaults(const tt::Cluster& cluster, const std::uint32_t num_hw_cqs);
    static DispatchSettings eth_defaults(const tt::Cluster& cluster, const std::uint32_t num_hw_cqs);
    static DispatchSettings defaults(const CoreType& core_type, const tt::Cluster& cluster, const std::uint32_t num_hw_cqs);

    // The settings registered for a core type and queue count (initialize); throws if there are none.
    static DispatchSettings& get(const CoreType& core_type, const std::uint32_t num_hw_cqs) {
        auto& store = get_store();
        const auto it = store.find(Key{core_type, num_hw_cqs});
        if (it == store.end())
            TT_THROW("DispatchSettings is not initialized for CoreType {}, {} CQs", magic_enum::enum_name(core_type),
                     num_hw_cqs);
        return it->second;
    }
    static void initialize(const tt::Cluster& cluster);
    static void initialize(const DispatchSettings& other) { get_store()[Key{other.core_type_, other.num_hw_cqs_}] = other; }

    using prefetch_q_entry_type = std::uint16_t;
    using prefetch_q_ptr_type = std::uint32_t;

    static constexpr std::uint32_t MAX_NUM_HW_CQS = 2;
    static constexpr std::uint32_t DISPATCH_MESSAGE_ENTRIES = 8;
    static constexpr std::uint32_t DISPATCH_MESSAGES_MAX_OFFSET =
        std::numeric_limits<decltype(go_msg_t::dispatch_message_offset)>::max();
    static constexpr std::uint32_t DISPATCH_BUFFER_LOG_PAGE_SIZE = 12;
    static constexpr std::uint32_t DISPATCH_BUFFER_SIZE_BLOCKS = 4;
    static constexpr std::uint32_t DISPATCH_GO_SIGNAL_NOC_DATA_ENTRIES = 64;
    static constexpr std::uint32_t DISPATCH_S_BUFFER_LOG_PAGE_SIZE = 8;
    static constexpr std::uint32_t GO_SIGNAL_BITS_PER_TXN_TYPE = 4;
    static constexpr std::uint32_t PREFETCH_Q_LOG_MINSIZE = 4;
    static constexpr std::uint32_t LOG_TRANSFER_PAGE_SIZE = 12;
    static constexpr std::uint32_t TRANSFER_PAGE_SIZE = 1 << LOG_TRANSFER_PAGE_SIZE;
    static constexpr std::uint32_t PREFETCH_D_BUFFER_LOG_PAGE_SIZE = 12;
    static constexpr std::uint32_t PREFETCH_D_BUFFER_BLOCKS = 4;
    static constexpr std::uint32_t EVENT_PADDED_SIZE = 16;
    static constexpr std::uint32_t BASE_PARTIAL_PAGE_SIZE = 4096;
    static_assert(DISPATCH_MESSAGE_ENTRIES <=
                  sizeof(decltype(CQDispatchCmd::notify_dispatch_s_go_signal.index_bitmask)) * CHAR_BIT);
    static constexpr std::uint32_t MAX_HUGEPAGE_SIZE = 1 << 30;     // 1 GiB
    static constexpr std::uint32_t MAX_DEV_CHANNEL_SIZE = 1 << 28;  // 256 MiB
    static constexpr std::uint32_t DEVICES_PER_UMD_CHANNEL = MAX_HUGEPAGE_SIZE / MAX_DEV_CHANNEL_SIZE;

    std::uint32_t num_hw_cqs_{0};
    std::uint32_t prefetch_q_rd_ptr_size_{0};
    std::uint32_t prefetch_q_pcie_rd_ptr_size_{0};
    std::uint32_t dispatch_s_sync_sem_{0};
    std::uint32_t dispatch_message_{0};
    std::uint32_t other_ptrs_size{0};
    std::uint32_t prefetch_q_entries_{0};
    std::uint32_t prefetch_q_size_{0};
    std::uint32_t prefetch_max_cmd_size_{0};
    std::uint32_t prefetch_cmddat_q_size_{0};
    std::uint32_t prefetch_scratch_db_size_{0};
    std::uint32_t prefetch_d_buffer_size_{0};
    std::uint32_t prefetch_d_pages_{0};
    std::uint32_t dispatch_size_{0};
    std::uint32_t dispatch_pages_{0};
    std::uint32_t dispatch_s_buffer_size_{0};
    std::uint32_t dispatch_s_buffer_pages_{0};
    std::uint32_t tunneling_buffer_size_{0};
    std::uint32_t tunneling_buffer_pages_{0};
    CoreType core_type_{CoreType::WORKER};

    bool operator==(const DispatchSettings& o) const {
        return num_hw_cqs_ == o.num_hw_cqs_ && prefetch_q_rd_ptr_size_ == o.prefetch_q_rd_ptr_size_ &&
               prefetch_q_pcie_rd_ptr_size_ == o.prefetch_q_pcie_rd_ptr_size_ &&
               dispatch_s_sync_sem_ == o.dispatch_s_sync_sem_ && dispatch_message_ == o.dispatch_message_ &&
               other_ptrs_size == o.other_ptrs_size && prefetch_q_entries_ == o.prefetch_q_entries_ &&
               prefetch_q_size_ == o.prefetch_q_size_ && prefetch_max_cmd_size_ == o.prefetch_max_cmd_size_ &&
               prefetch_cmddat_q_size_ == o.prefetch_cmddat_q_size_ &&
               prefetch_scratch_db_size_ == o.prefetch_scratch_db_size_ &&
               prefetch_d_buffer_size_ == o.prefetch_d_buffer_size_ && prefetch_d_pages_ == o.prefetch_d_pages_ &&
               dispatch_size_ == o.dispatch_size_ && dispatch_pages_ == o.dispatch_pages_ &&
               dispatch_s_buffer_size_ == o.dispatch_s_buffer_size_ &&
               dispatch_s_buffer_pages_ == o.dispatch_s_buffer_pages_ &&
               tunneling_buffer_size_ == o.tunneling_buffer_size_ &&
               tunneling_buffer_pages_ == o.tunneling_buffer_pages_ && core_type_ == o.core_type_;
    }
    bool operator!=(const DispatchSettings& o) const { return !(*this == o); }

    // Setters; each keeps the values derived from it (sizes in pages, queue size in bytes) consistent.
    DispatchSettings& core_type(const CoreType& val) { core_type_ = val; return *this; }
    DispatchSettings& num_hw_cqs(std::uint32_t val) { num_hw_cqs_ = val; return *this; }
    DispatchSettings& prefetch_max_cmd_size(std::uint32_t val) { prefetch_max_cmd_size_ = val; return *this; }
    DispatchSettings& prefetch_cmddat_q_size(std::uint32_t val) { prefetch_cmddat_q_size_ = val; return *this; }
    DispatchSettings& prefetch_scratch_db_size(std::uint32_t val) { prefetch_scratch_db_size_ = val; return *this; }
    DispatchSettings& prefetch_q_entries(std::uint32_t val) {
        prefetch_q_entries_ = val;
        prefetch_q_size_ = val * sizeof(prefetch_q_entry_type);
        return *this;
    }
    DispatchSettings& prefetch_d_buffer_size(std::uint32_t val) {
        prefetch_d_buffer_size_ = val;
        prefetch_d_pages_ = val / (1 << PREFETCH_D_BUFFER_LOG_PAGE_SIZE);
        return *this;
    }
    DispatchSettings& dispatch_size(std::uint32_t val) {
        dispatch_size_ = val;
        dispatch_pages_ = val / (1 << DISPATCH_BUFFER_LOG_PAGE_SIZE);
        return *this;
    }
    DispatchSettings& dispatch_s_buffer_size(std::uint32_t val) {
        dispatch_s_buffer_size_ = val;
        dispatch_s_buffer_pages_ = val / (1 << DISPATCH_S_BUFFER_LOG_PAGE_SIZE);
        return *this;
    }
    DispatchSettings& tunneling_buffer_size(std::uint32_t val) {
        tunneling_buffer_size_ = val;
        tunneling_buffer_pages_ = val / (1 << PREFETCH_D_BUFFER_LOG_PAGE_SIZE);
        return *this;
    }
    // The pointer block's sizes for an L1 alignment: read pointers, then dispatch_s and dispatch message slots.
    DispatchSettings& with_alignment(std::uint32_t l1_alignment) {
        prefetch_q_rd_ptr_size_ = sizeof(prefetch_q_ptr_type);
        prefetch_q_pcie_rd_ptr_size_ = l1_alignment - sizeof(prefetch_q_ptr_type);
        dispatch_s_sync_sem_ = DISPATCH_MESSAGE_ENTRIES * l1_alignment;
        dispatch_message_ = DISPATCH_MESSAGE_ENTRIES * l1_alignment;
        other_ptrs_size = l1_alignment;
        return *this;
    }

    std::vector<std::string> get_errors() const;
    DispatchSettings& build();

private:
    struct Key {
        CoreType core_type;
        std::uint32_t num_hw_cqs;
        bool operator==(const Key& o) const { return core_type == o.core_type && num_hw_cqs == o.num_hw_cqs; }
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            return std::hash<std::uint32_t>{}(static_cast<std::uint32_t>(k.core_type)) ^
                   (std::hash<std::uint32_t>{}(k.num_hw_cqs) << 1);
        }
    };
    static std::unordered_map<Key, DispatchSettings, KeyHash>& get_store() {
        static std::unordered_map<Key, DispatchSettings, KeyHash> store;
        return store;
    }
};

}  // namespace tt::tt_metal
