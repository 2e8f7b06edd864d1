// Programs (tt::tt_metal::v0::Program): a move-only handle to the library's program state (pimpl).
// Every member is out of line and exported; programs are identified by get_id(), because they move.
//   Program program = CreateProgram();
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <tt-metalium/circular_buffer.hpp>
#include <tt-metalium/circular_buffer_types.hpp>
#include <tt-metalium/dev_msgs.h>
#include <tt-metalium/program_device_map.hpp>
#include <tt-metalium/worker_config_buffer.hpp>
#include <tt-metalium/kernel_types.hpp>
#include <tt-metalium/semaphore.hpp>

namespace tt::tt_metal {

// Declared outside the inline namespace v0 on purpose: a `namespace detail` opened inside v0 would capture
// every later `tt::tt_metal::detail` (tt_metal.hpp) into v0 and change those functions' mangled names.
namespace detail {
class Program_;
}

// The program's internals a MeshWorkload holds (by pointer only here).
struct KernelGroup;
struct ProgramConfig;
struct ProgramCommandSequence;

inline namespace v0 {

class IDevice;
class Buffer;
class Kernel;

// Where a program's kernel binaries are with respect to the dispatcher.
enum class ProgramBinaryStatus : std::uint8_t { NotSent = 0, InFlight = 1, Committed = 2 };

class Program {
public:
    Program();
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;
    Program(Program&& other) noexcept;
    Program& operator=(Program&& other) noexcept;
    ~Program() noexcept;

    void set_runtime_id(std::uint64_t id);
    std::uint64_t get_id() const;
    std::uint64_t get_runtime_id() const;
    std::size_t num_kernels() const;
    const std::vector<std::shared_ptr<CircularBuffer>>& circular_buffers() const;
    const std::vector<Semaphore>& semaphores() const;
    void add_buffer(std::shared_ptr<Buffer> buf);
    void release_buffers();
    std::vector<std::shared_ptr<CircularBuffer>> circular_buffers_on_core(const CoreCoord& core) const;
    std::vector<std::shared_ptr<CircularBuffer>> circular_buffers_on_corerange(const CoreRange& cr) const;
    std::vector<CoreRange> circular_buffers_unique_coreranges() const;
    std::vector<std::reference_wrapper<const Semaphore>> semaphores_on_core(const CoreCoord& core,
                                                                            CoreType core_type) const;
    std::size_t num_semaphores() const;
    // Logical cores with a kernel, per programmable core type (Tensix, active ethernet, idle ethernet).
    std::vector<std::vector<CoreCoord>> logical_cores() const;
    void compile(IDevice* device, bool fd_bootloader_mode = false);
    void invalidate_circular_buffer_allocation();
    void allocate_circular_buffers(const IDevice* device);
    bool is_finalized() const;
    void set_finalized();
    std::shared_ptr<Kernel> get_kernel(KernelHandle kernel_id) const;
    // Where the program's semaphores and circular-buffer configuration sit in a core's L1, and their sizes.
    std::uint32_t get_sem_base_addr(IDevice* device, CoreCoord logical_core, CoreType core_type);
    std::uint32_t get_cb_base_addr(IDevice* device, CoreCoord logical_core, CoreType core_type);
    std::uint32_t get_sem_size(IDevice* device, CoreCoord logical_core, CoreType core_type) const;
    std::uint32_t get_cb_size(IDevice* device, CoreCoord logical_core, CoreType core_type) const;
    std::uint32_t get_cb_memory_size() const;

private:
    std::unique_ptr<detail::Program_> pimpl_;
    friend struct ProgramAccess;  // the emulator's way to the program state
};
static_assert(sizeof(Program) == 8);

}  // namespace v0

namespace detail {
// The kernel behind a handle of the program (Program::get_kernel under tt-metal's free-function name).
std::shared_ptr<Kernel> GetKernel(const Program& program, KernelHandle kernel_id);
// The circular buffer behind a handle CreateCircularBuffer returned; throws for a handle of another program.
std::shared_ptr<CircularBuffer> GetCircularBuffer(const Program& program, CBHandle id);
}  // namespace detail

}  // namespace tt::tt_metal
