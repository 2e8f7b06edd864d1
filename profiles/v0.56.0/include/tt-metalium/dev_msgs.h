// The messages host and firmware exchange through each core's mailbox region (v0.56.0 layouts): run and sync
// signals, the launch message (kernel configuration), the go message, watcher, dprint, profiler and core-info
// records. The emulator runs no firmware and keeps no mailboxes; tt-metal's own tools and tests name these types.
// A Wormhole core's mailboxes_t must fit MEM_MAILBOX_SIZE (12,640 bytes), which the static_assert below checks.
#pragma once

#include <hostdevcommon/dprint_common.h>
#include <hostdevcommon/profiler_common.h>

#include <cstdint>

constexpr std::uint32_t RUN_MSG_INIT = 0x40;
constexpr std::uint32_t RUN_MSG_GO = 0x80;
constexpr std::uint32_t RUN_MSG_RESET_READ_PTR = 0xc0;
constexpr std::uint32_t RUN_MSG_DONE = 0;

constexpr std::uint32_t RUN_SYNC_MSG_INIT = 0x40;
constexpr std::uint32_t RUN_SYNC_MSG_GO = 0x80;
constexpr std::uint32_t RUN_SYNC_MSG_LOAD = 0x1;
constexpr std::uint32_t RUN_SYNC_MSG_WAITING_FOR_RESET = 0x2;
constexpr std::uint32_t RUN_SYNC_MSG_INIT_SYNC_REGISTERS = 0x3;
constexpr std::uint32_t RUN_SYNC_MSG_DONE = 0;
constexpr std::uint32_t RUN_SYNC_MSG_ALL_GO = 0x80808080;
constexpr std::uint32_t RUN_SYNC_MSG_ALL_SLAVES_DONE = 0;

struct ncrisc_halt_msg_t {
    volatile std::uint32_t resume_addr;
    volatile std::uint32_t stack_save;
};

enum dispatch_mode { DISPATCH_MODE_DEV, DISPATCH_MODE_HOST };

// Processor classes of a programmable core (Tensix: two data movement RISCs and compute; ethernet: one or two).
enum dispatch_core_processor_classes {
    DISPATCH_CLASS_TENSIX_DM0 = 0,
    DISPATCH_CLASS_TENSIX_DM1 = 1,
    DISPATCH_CLASS_TENSIX_COMPUTE = 2,
    DISPATCH_CLASS_ETH_DM0 = 0,
    DISPATCH_CLASS_ETH_DM1 = 1,
    DISPATCH_CLASS_MAX = 3,
};
enum dispatch_core_processor_masks {
    DISPATCH_CLASS_MASK_TENSIX_ENABLE_DM0 = 1 << DISPATCH_CLASS_TENSIX_DM0,
    DISPATCH_CLASS_MASK_TENSIX_ENABLE_DM1 = 1 << DISPATCH_CLASS_TENSIX_DM1,
    DISPATCH_CLASS_MASK_TENSIX_ENABLE_COMPUTE = 1 << DISPATCH_CLASS_TENSIX_COMPUTE,
    DISPATCH_CLASS_MASK_ETH_DM0 = 1 << DISPATCH_CLASS_ETH_DM0,
    DISPATCH_CLASS_MASK_ETH_DM1 = 1 << DISPATCH_CLASS_ETH_DM1,
};

enum noc_index { NOC_0 = 0, NOC_1 = 1 };
enum noc_mode : std::uint8_t { DM_DEDICATED_NOC = 0, DM_DYNAMIC_NOC = 1, DM_INVALID_NOC = 2 };

// Where a processor class's unique and common runtime args start in the kernel configuration region.
struct rta_offset_t {
    volatile std::uint16_t rta_offset;
    volatile std::uint16_t crta_offset;
};

constexpr auto NUM_PROGRAMMABLE_CORE_TYPES = 3u;
constexpr auto NUM_PROCESSORS_PER_CORE_TYPE = 5u;

enum dispatch_enable_flags : std::uint8_t { DISPATCH_ENABLE_FLAG_PRELOAD = 1 << 7 };

// What a launch tells a core: the kernel configuration region's base per core type and the offsets inside it.
struct kernel_config_msg_t {
    volatile std::uint16_t watcher_kernel_ids[DISPATCH_CLASS_MAX];
    volatile std::uint16_t ncrisc_kernel_size16;  // 16-byte units
    volatile std::uint32_t kernel_config_base[NUM_PROGRAMMABLE_CORE_TYPES];
    volatile std::uint16_t sem_offset[NUM_PROGRAMMABLE_CORE_TYPES];
    volatile std::uint16_t local_cb_offset;
    volatile std::uint16_t remote_cb_offset;
    rta_offset_t rta_offset[DISPATCH_CLASS_MAX];
    volatile std::uint32_t kernel_text_offset[NUM_PROCESSORS_PER_CORE_TYPE];
    volatile std::uint16_t host_assigned_id;
    volatile std::uint8_t mode;  // dispatch_mode
    volatile std::uint8_t brisc_noc_id;
    volatile std::uint8_t brisc_noc_mode;
    volatile std::uint8_t max_local_cb_end_index;
    volatile std::uint8_t min_remote_cb_start_index;
    volatile std::uint8_t exit_erisc_kernel;
    volatile std::uint8_t enables;
    volatile std::uint8_t pad2[8];
    volatile std::uint8_t preload;  // last, so it is written after everything else
} __attribute__((packed));

struct go_msg_t {
    volatile std::uint8_t dispatch_message_offset;
    volatile std::uint8_t master_x;
    volatile std::uint8_t master_y;
    volatile std::uint8_t signal;  // RUN_MSG_*
} __attribute__((packed));

struct launch_msg_t {
    kernel_config_msg_t kernel_config;
} __attribute__((packed));

struct slave_sync_msg_t {
    union {
        volatile std::uint32_t all;
        struct {
            volatile std::uint8_t dm1;
            volatile std::uint8_t trisc0;
            volatile std::uint8_t trisc1;
            volatile std::uint8_t trisc2;
        };
    };
};

// ---- Watcher records
constexpr int num_waypoint_bytes_per_riscv = 4;
struct debug_waypoint_msg_t {
    volatile std::uint8_t waypoint[num_waypoint_bytes_per_riscv];
};

struct debug_sanitize_noc_addr_msg_t {
    volatile std::uint64_t noc_addr;
    volatile std::uint32_t l1_addr;
    volatile std::uint32_t len;
    volatile std::uint16_t which_risc;
    volatile std::uint16_t return_code;
    volatile std::uint8_t is_multicast;
    volatile std::uint8_t is_write;
    volatile std::uint8_t is_target;
    volatile std::uint8_t pad;
};

struct debug_insert_delays_msg_t {
    volatile std::uint8_t read_delay_riscv_mask = 0;
    volatile std::uint8_t write_delay_riscv_mask = 0;
    volatile std::uint8_t atomic_delay_riscv_mask = 0;
    volatile std::uint8_t feedback = 0;
};

enum debug_sanitize_noc_return_code_enum {
    DebugSanitizeNocOK = 2,
    DebugSanitizeNocAddrUnderflow = 3,
    DebugSanitizeNocAddrOverflow = 4,
    DebugSanitizeNocAddrZeroLength = 5,
    DebugSanitizeNocTargetInvalidXY = 6,
    DebugSanitizeNocMulticastNonWorker = 7,
    DebugSanitizeNocMulticastInvalidRange = 8,
    DebugSanitizeNocAlignment = 9,
    DebugSanitizeNocMixedVirtualandPhysical = 10,
    DebugSanitizeNocAddrMailbox = 11,
};

struct debug_assert_msg_t {
    volatile std::uint16_t line_num;
    volatile std::uint8_t tripped;
    volatile std::uint8_t which;
};
enum debug_assert_tripped_enum { DebugAssertOK = 2, DebugAssertTripped = 3 };

typedef enum debug_sanitize_which_riscv {
    DebugBrisc = 0,
    DebugNCrisc = 1,
    DebugTrisc0 = 2,
    DebugTrisc1 = 3,
    DebugTrisc2 = 4,
    DebugErisc = 5,
    DebugIErisc = 6,
    DebugSlaveIErisc = 7,
    DebugNumUniqueRiscs
} riscv_id_t;

typedef enum debug_transaction_type {
    TransactionRead = 0,
    TransactionWrite = 1,
    TransactionAtomic = 2,
    TransactionNumTypes
} debug_transaction_type_t;

struct debug_pause_msg_t {
    volatile std::uint8_t flags[DebugNumUniqueRiscs];
    volatile std::uint8_t pad[8 - DebugNumUniqueRiscs];
};

constexpr static int DEBUG_RING_BUFFER_ELEMENTS = 32;
constexpr static int DEBUG_RING_BUFFER_SIZE = DEBUG_RING_BUFFER_ELEMENTS * sizeof(std::uint32_t);
struct debug_ring_buf_msg_t {
    std::int16_t current_ptr;
    std::uint16_t wrapped;
    std::uint32_t data[DEBUG_RING_BUFFER_ELEMENTS];
};

struct debug_stack_usage_t {
    volatile std::uint16_t max_usage[DebugNumUniqueRiscs];
    volatile std::uint16_t watcher_kernel_id[DebugNumUniqueRiscs];
    volatile std::uint16_t pad[16 - DebugNumUniqueRiscs * 2];
};

enum watcher_enable_msg_t { WatcherDisabled = 2, WatcherEnabled = 3 };

constexpr static std::uint32_t MAX_RISCV_PER_CORE = 5;
constexpr static std::uint32_t MAX_NUM_NOCS_PER_CORE = 2;

struct watcher_msg_t {
    volatile std::uint32_t enable;
    struct debug_waypoint_msg_t debug_waypoint[MAX_RISCV_PER_CORE];
    struct debug_sanitize_noc_addr_msg_t sanitize_noc[MAX_NUM_NOCS_PER_CORE];
    struct debug_assert_msg_t assert_status;
    struct debug_pause_msg_t pause_status;
    struct debug_stack_usage_t stack_usage;
    struct debug_insert_delays_msg_t debug_insert_delays;
    struct debug_ring_buf_msg_t debug_ring_buf;
};

struct dprint_buf_msg_t {
    DebugPrintMemLayout data[DPRINT_BUFFERS_COUNT];
    std::uint32_t pad;  // to 1024 bytes
};

static constexpr std::uint32_t TT_ARCH_MAX_NOC_WRITE_ALIGNMENT = 16;

#if defined(COMPILE_FOR_ERISC) || defined(COMPILE_FOR_IDLE_ERISC)
static constexpr std::uint32_t PROFILER_RISC_COUNT = 1;
#else
static constexpr std::uint32_t PROFILER_RISC_COUNT = 5;
#endif
static constexpr std::uint32_t PROFILER_NOC_ALIGNMENT_PAD_COUNT = 2;

struct profiler_msg_t {
    std::uint32_t control_vector[kernel_profiler::PROFILER_L1_CONTROL_VECTOR_SIZE];
    std::uint32_t buffer[PROFILER_RISC_COUNT][kernel_profiler::PROFILER_L1_VECTOR_SIZE];
};

// ---- What firmware learns about the chip at start-up
enum class AddressableCoreType : std::uint8_t {
    TENSIX = 0,
    ETH = 1,
    PCIE = 2,
    DRAM = 3,
    HARVESTED = 4,
    UNKNOWN = 5,
    COUNT = 6
};

struct addressable_core_t {
    volatile std::uint8_t x, y;
    volatile AddressableCoreType type;
};

constexpr static std::uint32_t MAX_VIRTUAL_NON_WORKER_CORES = 18;
constexpr static std::uint32_t MAX_NON_WORKER_CORES = 24 + 1 + 14;
constexpr static std::uint32_t MAX_HARVESTED_ROWS = 2;
constexpr static std::uint8_t CORE_COORD_INVALID = 0xFF;

struct core_info_msg_t {
    volatile std::uint64_t noc_pcie_addr_base;
    volatile std::uint64_t noc_pcie_addr_end;
    volatile std::uint64_t noc_dram_addr_base;
    volatile std::uint64_t noc_dram_addr_end;
    addressable_core_t non_worker_cores[MAX_NON_WORKER_CORES];
    addressable_core_t virtual_non_worker_cores[MAX_VIRTUAL_NON_WORKER_CORES];
    volatile std::uint8_t harvested_y[MAX_HARVESTED_ROWS];
    volatile std::uint8_t virtual_harvested_y[MAX_HARVESTED_ROWS];
    volatile std::uint8_t noc_size_x;
    volatile std::uint8_t noc_size_y;
    volatile std::uint8_t worker_grid_size_x;
    volatile std::uint8_t worker_grid_size_y;
    volatile std::uint8_t pad[25];
};

constexpr std::uint32_t launch_msg_buffer_num_entries = 8;

// A core's whole mailbox region, in order.
struct mailboxes_t {
    struct ncrisc_halt_msg_t ncrisc_halt;
    struct slave_sync_msg_t slave_sync;
    std::uint32_t launch_msg_rd_ptr;
    struct launch_msg_t launch[launch_msg_buffer_num_entries];
    struct go_msg_t go_message;
    struct watcher_msg_t watcher;
    struct dprint_buf_msg_t dprint_buf;
    std::uint32_t pads_2[PROFILER_NOC_ALIGNMENT_PAD_COUNT];
    struct profiler_msg_t profiler;
    struct core_info_msg_t core_info;
};

static_assert(sizeof(watcher_msg_t) % sizeof(std::uint32_t) == 0);
static_assert(sizeof(kernel_config_msg_t) % sizeof(std::uint32_t) == 0);
static_assert(sizeof(core_info_msg_t) % sizeof(std::uint32_t) == 0);
static_assert(sizeof(dprint_buf_msg_t) == 1024);
static_assert(sizeof(mailboxes_t) <= 12640, "a Wormhole Tensix core's mailboxes fit MEM_MAILBOX_SIZE");

// ---- Ethernet dispatch tunnelling
struct eth_word_t {
    volatile std::uint32_t bytes_sent;
    volatile std::uint32_t dst_cmd_valid;
    std::uint32_t reserved_0;
    std::uint32_t reserved_1;
};

enum class SyncCBConfigRegion : std::uint8_t { DB_TENSIX = 0, TENSIX = 1, ROUTER_ISSUE = 2, ROUTER_COMPLETION = 3 };

struct routing_info_t {
    volatile std::uint32_t routing_enabled;
    volatile std::uint32_t src_sent_valid_cmd;
    volatile std::uint32_t dst_acked_valid_cmd;
    volatile std::uint32_t unused_arg0;
    eth_word_t fd_buffer_msgs[2];
};
