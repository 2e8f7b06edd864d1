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
    std::string metal_home;            // TT_METAL_HOME: kernel paths are also looked up relative to it
    std::string kernel_path;           // TT_METAL_KERNEL_PATH: and then relative to this
    bool slow_dispatch = false;        // TT_METAL_SLOW_DISPATCH_MODE: Enqueue*/Finish/events throw
    bool dprint = true;                // TT_METAL_EMU_DPRINT=0 silences DPRINT from kernels
};

// The process-wide settings, parsed on first use. A malformed value throws std::runtime_error naming it.
const Settings& GetSettings();

// What GetSettings parses, from any environment (`lookup` returns a variable's value or null): for tests.
Settings ParseSettings(const char* (*lookup)(const char* name));

}  // namespace ttemu
