// One emulated chip, whichever tt-metal release's API drives it: its DRAM and L1 (DeviceMemory), the allocators of
// its DRAM, L1, L1_SMALL and trace regions, the map from L1 banks to cores, its hardware command queues and its
// traces. Each release's API façade (the class behind its IDevice) owns one Chip and answers from it; the launch
// engine, the kernel API and buffer I/O work on a Chip, so the device model exists once.
//   Chip chip(0, ChipConfig{.num_cqs = 1});
//   auto addr = chip.Allocate(MemKind::kDram, per_bank_bytes, std::nullopt, true, size, &owner);
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "bank_allocator.h"
#include "core_xy.h"
#include "device_memory.h"
#include "work_queue.h"

namespace ttemu {

// The memory regions a buffer can be placed in (tt-metal's BufferType, minus what cannot be allocated).
enum class MemKind : std::uint8_t { kDram, kL1, kL1Small, kTrace };
const char* MemKindName(MemKind kind);

struct ChipConfig {
    std::uint32_t num_cqs = 1;           // hardware command queues (1 or 2)
    std::uint64_t l1_small_size = 0;     // the top of each L1 bank, for L1_SMALL buffers
    std::uint64_t trace_region_size = 0; // the top of each DRAM bank, for traces
};

// Throws (as tt-metal would) when a chip cannot be opened with these settings.
void CheckChipConfig(int id, const ChipConfig& config);

class Chip {
public:
    Chip(int id, const ChipConfig& config);  // CheckChipConfig first
    ~Chip();
    Chip(const Chip&) = delete;
    Chip& operator=(const Chip&) = delete;

    int id() const { return id_; }
    const ChipConfig& config() const { return config_; }
    DeviceMemory& memory() { return memory_; }

    // ---- command queues
    std::size_t num_queues() const { return queues_.size(); }
    WorkQueue& queue(std::size_t cq_id);  // throws naming the chip if it has no such queue
    void DrainAll();                      // every queue; throws the first failure after draining all
    void SettleAll();                     // every queue, keeping failures for the next drain (WorkQueue::Settle)

    // ---- allocation: `per_bank` bytes in every bank of `kind`, at `address` or by policy. `owner` (a buffer of the
    // façade) is remembered until Free, so a closing chip can tell its owners their memory is gone. `size` and
    // `what` only make the out-of-memory message.
    std::uint64_t Allocate(MemKind kind, std::uint64_t per_bank, std::optional<std::uint64_t> address, bool bottom_up,
                           std::uint64_t size, const void* owner);
    // Frees `address` if `owner` still holds memory here (a second free, or one after Close, does nothing).
    void Free(MemKind kind, std::uint64_t address, const void* owner);
    // The owners holding memory now, under the allocation lock.
    std::vector<const void*> Owners();
    // Lowest address of any L1 buffer (circular buffers must stay below it); the end of L1 if none.
    std::uint64_t L1BufferFloor();
    // Runs f(const BankAllocator&) for `kind` under the allocation lock.
    template <typename F>
    auto WithAllocator(MemKind kind, F&& f) {
        std::lock_guard lock(alloc_mutex_);
        return f(static_cast<const BankAllocator&>(AllocatorFor(kind)));
    }
    static std::uint32_t NumBanks(MemKind kind);
    static std::uint32_t Alignment(MemKind kind);
    // The logical core holding L1 bank `bank` (< kNumL1Banks).
    CoreXY L1BankCore(std::uint32_t bank) const { return l1_bank_cores_.at(bank); }
    // The banks of `kind` at logical core `core`: DRAM bank b is core (b, 0) as tt-metal's allocator numbers them,
    // an L1 bank is its core's. Throws for a core that holds none.
    const std::vector<std::uint32_t>& BankIdsAt(MemKind kind, CoreXY core) const;
    // What an allocator reports about `kind`: its range per bank, free bytes, largest free block and where it is.
    struct Usage {
        std::uint64_t allocatable = 0, free = 0, largest_free = 0;
        std::optional<std::uint64_t> largest_free_address;
    };
    Usage UsageOf(MemKind kind);

    // ---- geometry
    // Translated NOC coordinate → logical core if it is a worker, nullopt otherwise.
    static std::optional<CoreXY> WorkerFromNoc(std::uint32_t x, std::uint32_t y);
    // The NOC endpoint of DRAM bank `bank` seen from `noc` (NOC1 mirrors NOC0).
    static CoreXY DramBankNoc(std::uint32_t bank, std::uint8_t noc);

    // ---- traces: while one is captured on a queue, what is pushed there is recorded instead of run. Each
    // recorded command takes kTraceBytesPerCommand of the trace region. `call` names the API call in messages.
    static constexpr std::uint64_t kTraceBytesPerCommand = 2048;
    void BeginTrace(std::uint8_t cq_id, std::uint32_t tid, const char* call);
    void EndTrace(std::uint8_t cq_id, std::uint32_t tid, const char* call);
    void ReplayTrace(std::uint8_t cq_id, std::uint32_t tid, bool blocking, const char* call);
    void ReleaseTrace(std::uint32_t tid, const char* call);
    bool HasTrace(std::uint32_t tid);
    // A copy of trace `from` as trace `to` on queue `cq_id` (v0.56.0's LoadTrace).
    void CopyTrace(std::uint32_t from, std::uint8_t cq_id, std::uint32_t to, const char* call);

    // Drains every queue, stops them and drops every trace; allocation fails from then on. Returns the owners
    // that still held memory (their memory is gone with the chip). A queue's pending failure is dropped, as
    // tt-metal closes a device whatever its last command did.
    std::vector<const void*> Close();
    bool closed() const { return closed_; }

private:
    struct Trace {
        std::uint8_t cq_id = 0;
        bool complete = false;
        std::vector<Command> commands;
    };
    BankAllocator& AllocatorFor(MemKind kind);
    std::shared_ptr<Trace> FindTrace(std::uint32_t tid, const char* call);  // under trace_mutex_

    const int id_;
    const ChipConfig config_;
    bool closed_ = false;
    DeviceMemory memory_;
    std::mutex alloc_mutex_;
    BankAllocator dram_, l1_, l1_small_, trace_;
    std::vector<CoreXY> l1_bank_cores_;
    std::unordered_set<const void*> owners_;
    std::vector<std::unique_ptr<WorkQueue>> queues_;
    std::mutex trace_mutex_;
    std::map<std::uint32_t, std::shared_ptr<Trace>> traces_;
};

// Process-wide trace ids (tt-metal numbers metal traces and mesh traces from one counter per process).
std::uint32_t NextTraceId();

}  // namespace ttemu
