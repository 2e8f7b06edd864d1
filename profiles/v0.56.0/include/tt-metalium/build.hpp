// tt-metal's JIT kernel build (tt::tt_metal::JitBuildEnv, JitBuildState and its data-movement, compute and ethernet
// forms, JitBuildSettings): compiler, flags and include paths per RISC, compile and link steps, parallel build
// helpers. The emulator compiles kernels with the host compiler instead (emu/kernel_build.cc, documented in
// docs/emulator.md); these classes are declared for code that names them, not exported.
#pragma once

#include <cstdint>
#include <functional>
#include <future>
#include <hostdevcommon/common_values.hpp>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <tracy/Tracy.hpp>
#include <tt-metalium/aligned_allocator.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/data_format.hpp>
#include <tt-metalium/rtoptions.hpp>
#include <tt-metalium/settings.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <tt-metalium/utils.hpp>
#include <vector>

namespace tt::tt_metal {

static constexpr std::uint32_t CACHE_LINE_ALIGNMENT = 64;

template <typename T>
using vector_cache_aligned = std::vector<T, tt::stl::aligned_allocator<T, CACHE_LINE_ALIGNMENT>>;

class JitBuildSettings;

struct JitBuiltStateConfig {
    int processor_id = 0;
    bool is_fw = false;
    std::uint32_t dispatch_message_addr = 0;
    bool is_cooperative = false;
};

// Where and how kernels are built for one architecture: tt-metal's root, output folders, compiler and flags.
class JitBuildEnv {
    friend class JitBuildState;
    friend class JitBuildDataMovement;
    friend class JitBuildCompute;
    friend class JitBuildActiveEthernet;
    friend class JitBuildIdleEthernet;

public:
    JitBuildEnv();
    void init(std::uint32_t build_key, tt::ARCH arch, const std::map<std::string, std::string>& device_kernel_defines);
    tt::ARCH get_arch() const { return arch_; }
    const std::string& get_root_path() const { return root_; }
    const std::string& get_out_root_path() const { return out_root_; }
    const std::string& get_out_kernel_root_path() const { return out_kernel_root_; }

private:
    tt::ARCH arch_;
    std::string arch_name_;
    std::string aliased_arch_name_;
    std::string root_;
    std::string out_root_;
    std::string out_firmware_root_;
    std::string out_kernel_root_;
    std::string gpp_;
    std::string cflags_;
    std::string defines_;
    std::string includes_;
    std::string lflags_;
};

// The build of one RISC's kernel or firmware.
class alignas(CACHE_LINE_ALIGNMENT) JitBuildState {
public:
    JitBuildState(const JitBuildEnv& env, const JitBuiltStateConfig& build_config);
    virtual ~JitBuildState() = default;
    void finish_init();
    void build(const JitBuildSettings* settings) const;
    const std::string& get_out_path() const { return out_path_; }
    const std::string& get_target_name() const { return target_name_; }
    const std::string get_target_out_path(const std::string& kernel_name) const {
        return out_path_ + kernel_name + target_full_path_;
    }

protected:
    const JitBuildEnv& env_;
    int core_id_;
    int is_fw_;
    std::uint32_t dispatch_message_addr_;
    bool process_defines_at_compile;
    std::string out_path_;
    std::string target_name_;
    std::string target_full_path_;
    std::string cflags_;
    std::string defines_;
    std::string includes_;
    std::string lflags_;
    vector_cache_aligned<std::string> srcs_;
    vector_cache_aligned<std::string> objs_;
    std::string link_objs_;
    std::string default_compile_opt_level_;
    std::string default_linker_opt_level_;
};

typedef std::vector<std::shared_ptr<JitBuildState>> JitBuildStateSet;

struct JitBuildStateSubset {
    const std::shared_ptr<JitBuildState>* build_ptr;
    int size;
};

class JitBuildDataMovement : public JitBuildState {
public:
    JitBuildDataMovement(const JitBuildEnv& env, const JitBuiltStateConfig& build_config);
};
class JitBuildCompute : public JitBuildState {
public:
    JitBuildCompute(const JitBuildEnv& env, const JitBuiltStateConfig& build_config);
};
class JitBuildActiveEthernet : public JitBuildState {
public:
    JitBuildActiveEthernet(const JitBuildEnv& env, const JitBuiltStateConfig& build_config);
};
class JitBuildIdleEthernet : public JitBuildState {
public:
    JitBuildIdleEthernet(const JitBuildEnv& env, const JitBuiltStateConfig& build_config);
};

// What one kernel contributes to its build: name, optimisation levels, defines and compile-time args.
class JitBuildSettings {
public:
    virtual const std::string& get_full_kernel_name() const = 0;
    virtual std::string_view get_compiler_opt_level() const = 0;
    virtual std::string_view get_linker_opt_level() const = 0;
    virtual void process_defines(
        const std::function<void(const std::string& define, const std::string& value)>) const = 0;
    virtual void process_compile_time_args(const std::function<void(int i, std::uint32_t value)>) const = 0;
    virtual ~JitBuildSettings() = default;
};

void jit_build(const JitBuildState& build, const JitBuildSettings* settings);
void jit_build_set(const JitBuildStateSet& builds, const JitBuildSettings* settings);
void jit_build_subset(const JitBuildStateSubset& builds, const JitBuildSettings* settings);
void launch_build_step(const std::function<void()>& build_func, std::vector<std::shared_future<void>>& events);

}  // namespace tt::tt_metal
