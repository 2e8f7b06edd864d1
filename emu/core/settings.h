// The emulator's settings, read once from the environment into an immutable value.
//
// Every variable the emulator reads is listed in kSettingsTable (settings.cc) and documented in
// docs/emulator.md; nothing else in the emulator calls getenv.
#pragma once

#include <cstdint>
#include <string>

namespace ttemu {

struct Settings {
    std::uint32_t num_devices = 8;     // TT_METAL_EMU_NUM_DEVICES (8: a T3000-sized box, so a 2x4 mesh opens)
    std::string cache_dir;             // TT_METAL_EMU_CACHE_DIR (default: $XDG_CACHE_HOME or ~/.cache, /tt-metal-emu)
    std::string cxx = "g++";           // TT_METAL_EMU_CXX: compiler for kernels
    bool compile = true;               // TT_METAL_EMU_COMPILE=0: a kernel with no up-to-date build in the cache fails
    std::string metal_home;            // TT_METAL_HOME: kernel paths are also looked up relative to it
    std::string kernel_path;           // TT_METAL_KERNEL_PATH: and then relative to this
    std::string runtime_root;          // TT_METAL_RUNTIME_ROOT: v0.67.0's root of the tt_metal/ tree (over TT_METAL_HOME)
    bool slow_dispatch = false;        // TT_METAL_SLOW_DISPATCH_MODE: Enqueue*/Finish/events throw
    bool dprint = true;                // TT_METAL_EMU_DPRINT=0 silences DPRINT from kernels
    bool preempt = true;               // TT_METAL_EMU_PREEMPT=0 builds kernels that yield only where they block
    // TT_METAL_EMU_CONFINE=0 runs kernels in this process (confine.h). Off by default in an AddressSanitizer build:
    // gcc 12's libasan allocator is not safe to fork from a multithreaded process (a worker can wait forever on a
    // lock another thread held), and its allocator is what every allocation there goes through.
#if defined(__SANITIZE_ADDRESS__)
    bool confine = false;
#else
    bool confine = true;
#endif

    // tt-metal's own debug and test variables: reported by tt::llrt::RunTimeOptions as tt-metal reports them;
    // the emulator does not act on them.
    struct MetalOptions {
        int watcher_interval_ms = -1;  // TT_METAL_WATCHER=<ms> turns the watcher on (-1: off)
        std::string dprint_cores;      // TT_METAL_DPRINT_CORES: set turns the DPRINT feature on ("all": every worker)
        unsigned num_hw_cqs = 1;       // TT_METAL_GTEST_NUM_HW_CQS
        std::string simulator;         // TT_METAL_SIMULATOR: a path
        bool clear_l1 = false;         // TT_METAL_CLEAR_L1=1
        bool validate_binaries = false;  // TT_METAL_VALIDATE_PROGRAM_BINARIES=1
        // Set (any value) means on:
        bool kernel_map = false;                 // TT_METAL_KERNEL_MAP
        bool null_kernels = false;               // TT_METAL_NULL_KERNELS
        bool riscv_debug_info = false;           // TT_METAL_RISCV_DEBUG_INFO
        bool dispatch_data_collection = false;   // TT_METAL_DISPATCH_DATA_COLLECTION
        bool eth_dispatch = false;               // TT_METAL_GTEST_ETH_DISPATCH
        bool skip_loading_fw = false;            // TT_METAL_SKIP_LOADING_FW
        bool skip_deleting_built_cache = false;  // TT_METAL_SKIP_DELETING_BUILT_CACHE
        bool hw_cache_invalidation = false;      // TT_METAL_ENABLE_HW_CACHE_INVALIDATION
        bool erisc_iram = false;                 // TT_METAL_ENABLE_ERISC_IRAM
    } metal;
};

// The process-wide settings, parsed on first use. A malformed value throws std::runtime_error naming it.
const Settings& GetSettings();

// What GetSettings parses, from any environment (`lookup` returns a variable's value or null): for tests.
Settings ParseSettings(const char* (*lookup)(const char* name));

}  // namespace ttemu
