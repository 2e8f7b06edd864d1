// Turning a kernel source into code the emulator can run: the host compiler builds it, together with the
// emulator's kernel headers (embedded in libtt_metal.so), into a shared object that is cached by a hash of
// everything that goes into it, so a second run — or a second process — does not compile again.
#pragma once

#include <cstdint>
#include <array>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "emu/kernel_include/ttemu_kernel_abi.h"

namespace ttemu {

// Where a kernel file is: the path as given (absolute or relative to the working directory), then relative to
// $TT_METAL_HOME, then to $TT_METAL_KERNEL_PATH. Throws naming every place looked at if none has it.
std::string ResolveKernelPath(const std::string& file_name);

// The folder whose kernel include roots (ltcap::KernelIncludeRoots) kernels' quoted includes reach after their own
// folder, as the release's kernel build puts it on the include path: TT_METAL_HOME unless a façade names its own
// (v0.67.0's: its runtime root, which it reads as tt-metal v0.67.0 does).
void SetIncludeHome(std::string (*home)());

struct KernelBuildRequest {
    std::string name;                  // for messages
    std::string source;                // path (resolved) or text
    bool source_is_text = false;
    enum class Kind { kDataMovement, kCompute } kind = Kind::kDataMovement;
    std::uint8_t processor = 0;        // 0 BRISC, 1 NCRISC (data movement)
    std::uint8_t noc = 0;
    std::vector<std::uint32_t> compile_args;
    // Named compile-time arguments (tt-metal v0.62 and later), read with get_named_compile_time_arg_val("name").
    std::vector<std::pair<std::string, std::uint32_t>> named_compile_args;
    std::map<std::string, std::string> defines;
    std::string opt_flag = "-O2";
    // The kernel API header the wrapper includes before the kernel: the profile's (data movement kernels get the
    // dataflow API implicitly, as tt-metal's firmware builds give it; compute kernels a prelude).
    std::string prelude;
    // Each circular buffer's format and tile shape as the kernel's program configures it on the kernel's cores;
    // compiled into the kernel as tt-metal's generated tables (unpack_src_format, unpack_tile_size, ...), so
    // get_tile_size(cb) is a constant expression. Unconfigured indices keep tt-metal's defaults.
    struct CbTile {
        std::uint8_t format = 0xff;         // DataFormat::Invalid
        std::uint16_t tile_size = 1088;     // a Bfp8_b 32x32 tile
        std::uint8_t r_dim = 32, c_dim = 32, num_faces = 4, face_r_dim = 16;
    };
    std::array<CbTile, 32> cbs{};
    // Compute settings, passed to the kernel as the firmware's generated constants.
    std::uint32_t math_fidelity = 4;
    bool fp32_dest_acc_en = false;
    bool math_approx_mode = false;
};

// A built kernel: its shared objects in the kernel cache, and — once loaded into the process that runs it
// (LoadKernelCode) — their entry points. A confined launch (confine.h) loads them in its worker only: the process that
// builds them never runs a kernel's code, not even its static constructors.
struct CompiledKernel {
    std::string name;
    std::vector<std::string> objects;  // one shared object, or a kernel built per TRISC: unpack, math, pack
    bool loaded = false;
    void (*entry)(const TtemuKernelApi*) = nullptr;
    void (*set_core)(unsigned x, unsigned y) = nullptr;
    unsigned threads = 1;  // 3 for a compute kernel split into unpack_main, math_main and pack_main, or built per TRISC
    // A compute kernel built once per TRISC (its files test TRISC_UNPACK/MATH/PACK): each TRISC's own shared object,
    // unpack, math, pack; empty otherwise (one object: entry, set_core).
    struct Part {
        void (*entry)(const TtemuKernelApi*) = nullptr;
        void (*set_core)(unsigned x, unsigned y) = nullptr;
    };
    std::vector<Part> parts;
    void (*EntryFor(int trisc) const)(const TtemuKernelApi*) {
        return parts.empty() || trisc < 0 ? entry : parts.at(static_cast<std::size_t>(trisc)).entry;
    }
    void (*SetCoreFor(int trisc) const)(unsigned, unsigned) {
        return parts.empty() || trisc < 0 ? set_core : parts.at(static_cast<std::size_t>(trisc)).set_core;
    }
};

// Compiles (or finds in the cache) the kernel, and loads it unless launches run confined (Settings::confine). Throws
// with the compiler's output on a compile error.
std::shared_ptr<CompiledKernel> BuildKernel(const KernelBuildRequest& request);

// Loads the kernel's objects into this process, once: fills entry, set_core, threads and parts. Throws naming the
// object if one does not load or does not match this emulator. Takes no lock (a confined launch's worker, a fork,
// calls it).
void LoadKernelCode(CompiledKernel& kernel);

// Checks that the kernel compiles as BuildKernel would compile it (same wrapper, headers and flags, -fsyntax-only):
// empty if it does, else the compiler's diagnostics. Nothing is cached or loaded.
std::string CheckKernel(const KernelBuildRequest& request);

// Forgets the kernels this process has loaded (tt-metal's ClearKernelCache): the next build of each goes through the
// cache on disk again. Programs holding a kernel keep it.
void ForgetLoadedKernels();

// Counters for tests and benchmarks: how many kernels this process compiled vs. found in the cache.
struct BuildStats {
    std::uint64_t compiled = 0, cache_hits = 0;
};
BuildStats GetBuildStats();

// 128-bit content hash as 32 hex digits (two independent 64-bit FNV-1a variants).
// The folder the emulator's stand-ins for files of tt-metal's tree are written to (home/README.md); throws if they
// cannot be written.
const std::filesystem::path& HomeDir();

std::string HashHex(const std::string& data);

}  // namespace ttemu
