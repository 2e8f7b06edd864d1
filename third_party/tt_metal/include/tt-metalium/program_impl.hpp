// Programs (tt::tt_metal::v0::Program): a move-only handle to the library's program state (pimpl).
// Every member is out of line and exported; programs are identified by get_id(), because they move.
//   Program program = CreateProgram();
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <tt-metalium/kernel_types.hpp>

namespace tt::tt_metal {

// Declared outside the inline namespace v0 on purpose: a `namespace detail` opened inside v0 would capture
// every later `tt::tt_metal::detail` (tt_metal.hpp) into v0 and change those functions' mangled names.
namespace detail {
class Program_;
}

inline namespace v0 {

class IDevice;
class Buffer;
class Kernel;

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
    std::shared_ptr<Kernel> get_kernel(KernelHandle kernel_id) const;
    std::size_t num_semaphores() const;
    void add_buffer(std::shared_ptr<Buffer> buf);
    void release_buffers();
    void compile(IDevice* device, bool fd_bootloader_mode = false);
    void allocate_circular_buffers(const IDevice* device);
    bool is_finalized() const;
    void set_finalized();
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
}  // namespace detail

}  // namespace tt::tt_metal
