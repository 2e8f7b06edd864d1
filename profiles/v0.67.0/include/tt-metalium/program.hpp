// Program: kernels, circular buffers and semaphores run together — a handle (pimpl) to the library's program.
//   Program p = CreateProgram();  KernelHandle k = CreateKernel(p, "kernel.cpp", core, DataMovementConfig{});
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace tt::tt_metal {

struct ProgramDescriptor;
class CircularBuffer;
namespace detail {
class ProgramImpl;
}  // namespace detail

using ProgramId = std::uint64_t;

class Program {
public:
    Program();
    explicit Program(const ProgramDescriptor& descriptor);
    ~Program() noexcept;
    Program(const Program& other) = delete;
    Program& operator=(const Program& other) = delete;
    Program(Program&& other) noexcept;
    Program& operator=(Program&& other) noexcept;

    void set_runtime_id(ProgramId id);
    ProgramId get_runtime_id() const;
    std::vector<std::shared_ptr<CircularBuffer>> circular_buffers() const;

    detail::ProgramImpl& impl() { return *internal_; }
    const detail::ProgramImpl& impl() const { return *internal_; }

private:
    std::shared_ptr<detail::ProgramImpl> internal_;
};

class IDevice;
namespace detail {
struct KernelMeta;
std::vector<detail::KernelMeta> collect_kernel_meta(const Program& program, IDevice* device);
}  // namespace detail

}  // namespace tt::tt_metal
