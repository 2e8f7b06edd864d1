// The fast-dispatch command protocol (v0.56.0): the records the host writes into a command queue for the prefetcher
// and the dispatcher cores, each packed and padded to CQ_DISPATCH_CMD_SIZE. The emulator's queues are host threads
// that never build these records; dispatch tests and tools name them.
#pragma once

#include <cstdint>

constexpr std::uint32_t CQ_DISPATCH_CMD_SIZE = 16;  // every command is padded to this (L1 alignment)

enum CQPrefetchCmdId : std::uint8_t {
    CQ_PREFETCH_CMD_ILLEGAL = 0,
    CQ_PREFETCH_CMD_RELAY_LINEAR = 1,
    CQ_PREFETCH_CMD_RELAY_PAGED = 2,
    CQ_PREFETCH_CMD_RELAY_PAGED_PACKED = 3,
    CQ_PREFETCH_CMD_RELAY_INLINE = 4,
    CQ_PREFETCH_CMD_RELAY_INLINE_NOFLUSH = 5,
    CQ_PREFETCH_CMD_EXEC_BUF = 6,
    CQ_PREFETCH_CMD_EXEC_BUF_END = 7,
    CQ_PREFETCH_CMD_STALL = 8,
    CQ_PREFETCH_CMD_DEBUG = 9,
    CQ_PREFETCH_CMD_TERMINATE = 10,
    CQ_PREFETCH_CMD_MAX_COUNT,
};

enum CQDispatchCmdId : std::uint8_t {
    CQ_DISPATCH_CMD_ILLEGAL = 0,
    CQ_DISPATCH_CMD_WRITE_LINEAR = 1,
    CQ_DISPATCH_CMD_WRITE_LINEAR_H = 2,
    CQ_DISPATCH_CMD_WRITE_LINEAR_H_HOST = 3,
    CQ_DISPATCH_CMD_WRITE_PAGED = 4,
    CQ_DISPATCH_CMD_WRITE_PACKED = 5,
    CQ_DISPATCH_CMD_WRITE_PACKED_LARGE = 6,
    CQ_DISPATCH_CMD_WAIT = 7,
    CQ_DISPATCH_CMD_GO = 8,
    CQ_DISPATCH_CMD_SINK = 9,
    CQ_DISPATCH_CMD_DEBUG = 10,
    CQ_DISPATCH_CMD_DELAY = 11,
    CQ_DISPATCH_CMD_EXEC_BUF_END = 12,
    CQ_DISPATCH_CMD_SET_WRITE_OFFSET = 13,
    CQ_DISPATCH_CMD_TERMINATE = 14,
    CQ_DISPATCH_CMD_SEND_GO_SIGNAL = 15,
    CQ_DISPATCH_NOTIFY_SLAVE_GO_SIGNAL = 16,
    CQ_DISPATCH_SET_NUM_WORKER_SEMS = 17,
    CQ_DISPATCH_SET_GO_SIGNAL_NOC_DATA = 18,
    CQ_DISPATCH_CMD_MAX_COUNT,
};

enum GoSignalMcastSettings : std::uint8_t { SEND_MCAST = 1, SEND_UNICAST = 2 };
enum DispatcherSelect : std::uint8_t { DISPATCH_MASTER = 0, DISPATCH_SLAVE = 1 };

struct CQGenericDebugCmd {
    std::uint8_t pad;
    std::uint16_t key;
    std::uint32_t checksum;
    std::uint32_t size;
    std::uint32_t stride;
} __attribute__((packed));

// ---- Prefetcher commands
struct CQPrefetchBaseCmd {
    enum CQPrefetchCmdId cmd_id;
} __attribute__((packed));

struct CQPrefetchRelayLinearCmd {
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t noc_xy_addr;
    std::uint32_t addr;
    std::uint32_t length;
} __attribute__((packed));

constexpr std::uint32_t CQ_PREFETCH_RELAY_PAGED_START_PAGE_MASK = 0xff;
constexpr std::uint32_t CQ_PREFETCH_RELAY_PAGED_IS_DRAM_SHIFT = 15;
constexpr std::uint32_t CQ_PREFETCH_RELAY_PAGED_LENGTH_ADJUST_MASK = 0x7fff;

struct CQPrefetchRelayPagedCmd {
    std::uint8_t start_page;
    std::uint16_t is_dram_and_length_adjust;  // bit 15: DRAM; low bits: bytes taken off the total (multiple of 32)
    std::uint32_t base_addr;
    std::uint32_t page_size;
    std::uint32_t pages;
} __attribute__((packed));

struct CQPrefetchRelayPagedPackedCmd {
    std::uint8_t pad1;
    std::uint16_t count;
    std::uint32_t total_length;
    std::uint32_t stride;
} __attribute__((packed));

struct CQPrefetchRelayPagedPackedSubCmd {
    std::uint16_t start_page;
    std::uint16_t log_page_size;
    std::uint32_t base_addr;
    std::uint32_t length;
} __attribute__((packed));

constexpr std::uint32_t CQ_PREFETCH_CMD_RELAY_PAGED_PACKED_MAX_SUB_CMDS = 35;

struct CQPrefetchRelayInlineCmd {
    std::uint8_t dispatcher_type;
    std::uint16_t pad;
    std::uint32_t length;
    std::uint32_t stride;
} __attribute__((packed));

struct CQPrefetchExecBufCmd {
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t base_addr;
    std::uint32_t log_page_size;
    std::uint32_t pages;
} __attribute__((packed));

struct CQPrefetchCmd {
    CQPrefetchBaseCmd base;
    union {
        CQPrefetchRelayLinearCmd relay_linear;
        CQPrefetchRelayPagedCmd relay_paged;
        CQPrefetchRelayPagedPackedCmd relay_paged_packed;
        CQPrefetchRelayInlineCmd relay_inline;
        CQPrefetchExecBufCmd exec_buf;
        CQGenericDebugCmd debug;
    } __attribute__((packed));
};

// ---- Dispatcher commands
struct CQDispatchBaseCmd {
    enum CQDispatchCmdId cmd_id;
} __attribute__((packed));

struct CQDispatchWriteCmd {
    std::uint8_t num_mcast_dests;  // 0: unicast
    std::uint8_t write_offset_index;
    std::uint8_t pad1;
    std::uint32_t noc_xy_addr;
    std::uint32_t addr;
    std::uint32_t length;
} __attribute__((packed));

struct CQDispatchWriteHostCmd {
    std::uint8_t is_event;
    std::uint16_t pad1;
    std::uint32_t pad2;
    std::uint32_t pad3;
    std::uint32_t length;
} __attribute__((packed));

struct CQDispatchWritePagedCmd {
    std::uint8_t is_dram;
    std::uint16_t start_page;
    std::uint32_t base_addr;
    std::uint32_t page_size;
    std::uint32_t pages;
} __attribute__((packed));

constexpr std::uint32_t CQ_DISPATCH_CMD_PACKED_WRITE_FLAG_NONE = 0x00;
constexpr std::uint32_t CQ_DISPATCH_CMD_PACKED_WRITE_FLAG_MCAST = 0x01;
constexpr std::uint32_t CQ_DISPATCH_CMD_PACKED_WRITE_FLAG_NO_STRIDE = 0x02;

struct CQDispatchWritePackedCmd {
    std::uint8_t flags;
    std::uint16_t count;
    std::uint16_t write_offset_index;
    std::uint16_t size;
    std::uint32_t addr;
} __attribute__((packed));

struct CQDispatchWritePackedUnicastSubCmd {
    std::uint32_t noc_xy_addr;
} __attribute__((packed));

struct CQDispatchWritePackedMulticastSubCmd {
    std::uint32_t noc_xy_addr;
    std::uint32_t num_mcast_dests;
} __attribute__((packed));

constexpr std::uint32_t CQ_DISPATCH_CMD_PACKED_WRITE_LARGE_FLAG_NONE = 0x00;
constexpr std::uint32_t CQ_DISPATCH_CMD_PACKED_WRITE_LARGE_FLAG_UNLINK = 0x01;

struct CQDispatchWritePackedLargeSubCmd {
    std::uint32_t noc_xy_addr;
    std::uint32_t addr;
    std::uint16_t length;
    std::uint8_t num_mcast_dests;
    std::uint8_t flags;
} __attribute__((packed));

// A multicast sub-command is twice a unicast one, so half as many fit.
constexpr inline __attribute__((always_inline)) std::uint32_t get_packed_write_max_multicast_sub_cmds(
    std::uint32_t packed_write_max_unicast_sub_cmds) {
    return packed_write_max_unicast_sub_cmds * sizeof(CQDispatchWritePackedUnicastSubCmd) /
           sizeof(CQDispatchWritePackedMulticastSubCmd);
}

constexpr std::uint32_t CQ_DISPATCH_CMD_PACKED_WRITE_LARGE_MAX_SUB_CMDS = 35;

struct CQDispatchWritePackedLargeCmd {
    std::uint8_t pad1;
    std::uint16_t count;
    std::uint16_t alignment;
    std::uint16_t write_offset_index;
} __attribute__((packed));

struct CQDispatchWaitCmd {
    std::uint8_t barrier;
    std::uint8_t notify_prefetch;
    std::uint8_t clear_count;
    std::uint8_t wait;
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t addr;
    std::uint32_t count;
} __attribute__((packed));

struct CQDispatchDelayCmd {
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t delay;
} __attribute__((packed));

struct CQDispatchSetWriteOffsetCmd {
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t offset0;
    std::uint32_t offset1;
    std::uint32_t offset2;
} __attribute__((packed));

struct CQDispatchSetUnicastOnlyCoresCmd {
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t num_unicast_only_cores;
} __attribute__((packed));

struct CQDispatchGoSignalMcastCmd {
    std::uint32_t go_signal;
    std::uint8_t num_mcast_txns;
    std::uint8_t num_unicast_txns;
    std::uint8_t noc_data_start_index;
    std::uint32_t wait_count;
    std::uint32_t wait_addr;
} __attribute__((packed));

struct CQDispatchNotifySlaveGoSignalCmd {
    std::uint8_t wait;
    std::uint16_t index_bitmask;
    std::uint32_t pad3;
} __attribute__((packed));

struct CQDispatchSetNumWorkerSemsCmd {
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t num_worker_sems;
} __attribute__((packed));

struct CQDispatchSetGoSignalNocDataCmd {
    std::uint8_t pad1;
    std::uint16_t pad2;
    std::uint32_t num_words;
} __attribute__((packed));

struct CQDispatchCmd {
    CQDispatchBaseCmd base;
    union {
        CQDispatchWriteCmd write_linear;
        CQDispatchWriteHostCmd write_linear_host;
        CQDispatchWritePagedCmd write_paged;
        CQDispatchWritePackedCmd write_packed;
        CQDispatchWritePackedLargeCmd write_packed_large;
        CQDispatchWaitCmd wait;
        CQGenericDebugCmd debug;
        CQDispatchDelayCmd delay;
        CQDispatchSetWriteOffsetCmd set_write_offset;
        CQDispatchGoSignalMcastCmd mcast;
        CQDispatchSetUnicastOnlyCoresCmd set_unicast_only_cores;
        CQDispatchNotifySlaveGoSignalCmd notify_dispatch_s_go_signal;
        CQDispatchSetNumWorkerSemsCmd set_num_worker_sems;
        CQDispatchSetGoSignalNocDataCmd set_go_signal_noc_data;
    } __attribute__((packed));
};

static_assert(sizeof(CQPrefetchBaseCmd) == sizeof(std::uint8_t));
static_assert(sizeof(CQDispatchBaseCmd) == sizeof(std::uint8_t));
static_assert((sizeof(CQPrefetchCmd) & (CQ_DISPATCH_CMD_SIZE - 1)) == 0);
static_assert((sizeof(CQDispatchCmd) & (CQ_DISPATCH_CMD_SIZE - 1)) == 0);
