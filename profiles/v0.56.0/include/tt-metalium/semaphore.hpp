// A program's semaphore (tt::tt_metal::Semaphore): id, initial value and cores, as CreateSemaphore made it.
// A kernel finds its word at get_semaphore(id); the host at Program::get_sem_base_addr(...) + offset().
//   for (const Semaphore& s : program.semaphores()) printf("%u = %u\n", s.id(), s.initial_value());
#pragma once

#include <cstdint>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/hal.hpp>
#include <umd/device/tt_soc_descriptor.h>

namespace tt::tt_metal {

constexpr std::uint32_t NUM_SEMAPHORES = 16;

class Semaphore {
public:
    Semaphore(const CoreRangeSet& core_range_set, std::uint32_t id, std::uint32_t initial_value);
    Semaphore(const CoreRangeSet& core_range_set, std::uint32_t id, std::uint32_t initial_value, CoreType core_type);
    Semaphore(const Semaphore& other);
    Semaphore& operator=(const Semaphore& other);
    Semaphore(Semaphore&& other) noexcept;
    Semaphore& operator=(Semaphore&& other) noexcept;

    std::uint32_t id() const { return id_; }
    // Bytes from the program's semaphore base: one L1-aligned word per id.
    std::uint32_t offset() const;
    CoreRangeSet core_range_set() const { return core_range_set_; }
    CoreType core_type() const { return core_type_; }
    std::uint32_t initial_value() const { return initial_value_; }
    bool initialized_on_logical_core(const CoreCoord& logical_core) const;

private:
    CoreRangeSet core_range_set_;
    std::uint32_t id_;
    std::uint32_t initial_value_;
    CoreType core_type_;
};

}  // namespace tt::tt_metal
