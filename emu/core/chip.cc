#include "chip.h"

#include "confine.h"

#include <algorithm>
#include <atomic>
#include <random>

#include "errors.h"
#include "settings.h"

namespace ttemu {
namespace {

// L1 bank → logical compute core: the 64 compute cores in row-major order, shuffled with a fixed seed so the map
// is deterministic (tt-metal shuffles with std::default_random_engine(0) as well).
std::vector<CoreXY> MakeL1BankCores() {
    std::vector<CoreXY> cores;
    for (std::uint32_t y = 0; y < kComputeGridY; y++)
        for (std::uint32_t x = 0; x < kComputeGridX; x++) cores.push_back({x, y});
    std::shuffle(cores.begin(), cores.end(), std::default_random_engine(0));
    return cores;
}

std::atomic<std::uint32_t> g_next_tid{0};

}  // namespace

const char* MemKindName(MemKind kind) {
    switch (kind) {
        case MemKind::kDram: return "DRAM";
        case MemKind::kL1: return "L1";
        case MemKind::kL1Small: return "L1_SMALL";
        case MemKind::kTrace: return "TRACE";
    }
    return "?";
}

void CheckChipConfig(int id, const ChipConfig& config) {
    const std::uint32_t count = GetSettings().num_devices;
    if (id < 0 || static_cast<std::uint32_t>(id) >= count)
        Throw("Device ", id, " is not available: the emulator has ", count,
              " device(s) (set TT_METAL_EMU_NUM_DEVICES for more)");
    if (config.num_cqs < 1 || config.num_cqs > 2) Throw("num_hw_cqs must be 1 or 2, got ", config.num_cqs);
    // Both limits are multiples of the alignment the sizes are rounded up to (AlignedConfig).
    static_assert((kL1Size - kL1UnreservedBase) % kDramAlignment == 0 && (kDramBankSize / 2) % kDramAlignment == 0);
    if (config.l1_small_size > kL1Size - kL1UnreservedBase)
        Throw("l1_small_size ", config.l1_small_size, " is more than the ", kL1Size - kL1UnreservedBase,
              " bytes of L1 a core has free");
    if (config.trace_region_size > kDramBankSize / 2)
        Throw("trace_region_size ", config.trace_region_size, " is more than half of a DRAM bank (",
              kDramBankSize / 2, " bytes)");
}

namespace {
// As tt-metal's allocator config does, the sizes reserved are rounded up to the DRAM alignment (CheckChipConfig first).
ChipConfig AlignedConfig(ChipConfig config) {
    const auto up = [](std::uint64_t n) { return (n + kDramAlignment - 1) / kDramAlignment * kDramAlignment; };
    config.l1_small_size = up(config.l1_small_size);
    config.trace_region_size = up(config.trace_region_size);
    return config;
}
}  // namespace

Chip::Chip(int id, const ChipConfig& config)
    : id_(id),
      config_(AlignedConfig(config)),
      dram_("DRAM", kDramUnreservedBase, kDramBankSize - config_.trace_region_size, kDramAlignment),
      l1_("L1", kL1UnreservedBase, kL1Size - config_.l1_small_size, kL1Alignment),
      l1_small_("L1_SMALL", kL1Size - config_.l1_small_size, kL1Size, kL1Alignment),
      trace_("TRACE", kDramBankSize - config_.trace_region_size, kDramBankSize, kDramAlignment),
      l1_bank_cores_(MakeL1BankCores()) {
    for (std::uint32_t i = 0; i < config.num_cqs; i++) queues_.push_back(std::make_unique<WorkQueue>());
    DevicesChanged();  // the kernel worker is remade with this device in it (confine.h)
}

Chip::~Chip() = default;

WorkQueue& Chip::queue(std::size_t cq_id) {
    if (cq_id >= queues_.size())
        Throw("command queue ", cq_id, " does not exist: device ", id_, " was opened with ", queues_.size(),
              " hardware command queue(s)");
    return *queues_[cq_id];
}

void Chip::DrainAll() {
    std::optional<std::string> error;
    for (auto& q : queues_) {
        try {
            q->Drain();
        } catch (const std::exception& e) {
            if (!error) error = e.what();
        }
    }
    if (error) throw std::runtime_error(*error);
}

void Chip::SettleAll() {
    for (auto& q : queues_) q->Settle();
}

BankAllocator& Chip::AllocatorFor(MemKind kind) {
    switch (kind) {
        case MemKind::kDram: return dram_;
        case MemKind::kL1: return l1_;
        case MemKind::kL1Small: return l1_small_;
        case MemKind::kTrace: return trace_;
    }
    Throw("memory kind ", static_cast<int>(kind), " cannot be allocated on the emulated device");
}

const std::vector<std::uint32_t>& Chip::BankIdsAt(MemKind kind, CoreXY core) const {
    // Every bank is alone at its core (DRAM banks and channels coincide; each L1 bank has a core of its own).
    static const auto kSingle = [] {
        std::vector<std::vector<std::uint32_t>> out(std::max(kNumDramBanks, kNumL1Banks));
        for (std::uint32_t b = 0; b < out.size(); b++) out[b] = {b};
        return out;
    }();
    if (kind == MemKind::kDram || kind == MemKind::kTrace) {
        if (core.y != 0 || core.x >= kNumDramBanks)
            Throw("logical core ", core.str(), " holds no DRAM bank (banks are cores (b, 0))");
        return kSingle[core.x];
    }
    for (std::uint32_t b = 0; b < l1_bank_cores_.size(); b++)
        if (l1_bank_cores_[b] == core) return kSingle[b];
    Throw("logical core ", core.str(), " holds no L1 bank");
}

Chip::Usage Chip::UsageOf(MemKind kind) {
    return WithAllocator(kind, [](const BankAllocator& a) {
        Usage u;
        u.allocatable = a.end() - a.begin();
        u.free = a.FreeBytes();
        u.largest_free = a.LargestFreeBlock();
        u.largest_free_address = a.LargestFreeBlockAddress();
        return u;
    });
}

std::uint32_t Chip::NumBanks(MemKind kind) {
    return (kind == MemKind::kDram || kind == MemKind::kTrace) ? kNumDramBanks : kNumL1Banks;
}

std::uint32_t Chip::Alignment(MemKind kind) {
    return (kind == MemKind::kDram || kind == MemKind::kTrace) ? kDramAlignment : kL1Alignment;
}

std::uint64_t Chip::Allocate(MemKind kind, std::uint64_t per_bank, std::optional<std::uint64_t> address,
                             bool bottom_up, std::uint64_t size, const void* owner) {
    std::lock_guard lock(alloc_mutex_);
    if (closed_) Throw("cannot allocate a buffer on closed device ", id_);
    BankAllocator& alloc = AllocatorFor(kind);
    std::optional<std::uint64_t> addr;
    if (address) {
        addr = alloc.AllocateAt(*address, per_bank) ? address : std::nullopt;
        if (!addr)
            Throw("Out of Memory: cannot place a ", size, " B ", alloc.name(), " buffer at address ", *address,
                  " on device ", id_, ": the range is taken or outside [", alloc.begin(), ", ", alloc.end(), ")");
    } else {
        addr = alloc.Allocate(per_bank, bottom_up);
        if (!addr)
            Throw("Out of Memory: Not enough space to allocate ", size, " B ", alloc.name(), " buffer across ",
                  NumBanks(kind), " banks, where each bank needs to store ", per_bank, " B, but bank size is ",
                  alloc.end() - alloc.begin(), " B (largest free block ", alloc.LargestFreeBlock(), " B) on device ",
                  id_);
    }
    owners_.insert(owner);
    return *addr;
}

void Chip::Free(MemKind kind, std::uint64_t address, const void* owner) {
    std::lock_guard lock(alloc_mutex_);
    if (owners_.erase(owner) == 0) return;
    AllocatorFor(kind).Free(address);
}

std::vector<const void*> Chip::Owners() {
    std::lock_guard lock(alloc_mutex_);
    return {owners_.begin(), owners_.end()};
}

std::uint64_t Chip::L1BufferFloor() {
    std::lock_guard lock(alloc_mutex_);
    return l1_.LowestAllocated().value_or(l1_.end());
}

std::optional<CoreXY> Chip::WorkerFromNoc(std::uint32_t x, std::uint32_t y) {
    if (x >= kTranslatedWorkerBase && x < kTranslatedWorkerBase + kLogicalGridX && y >= kTranslatedWorkerBase &&
        y < kTranslatedWorkerBase + kLogicalGridY)
        return CoreXY{x - kTranslatedWorkerBase, y - kTranslatedWorkerBase};
    return std::nullopt;
}

CoreXY Chip::DramBankNoc(std::uint32_t bank, std::uint8_t noc) {
    const NocXY& xy = kDramBankNoc0.at(bank);
    if (noc == 0) return {xy.x, xy.y};
    return {kPhysicalGridX - 1 - xy.x, kPhysicalGridY - 1 - xy.y};
}

// ---- traces

std::uint32_t NextTraceId() { return g_next_tid++; }

std::shared_ptr<Chip::Trace> Chip::FindTrace(std::uint32_t tid, const char* call) {
    auto it = traces_.find(tid);
    if (it == traces_.end())
        Throw(call, ": Trace instance ", tid, " must exist on device ", id_, " (never captured, or already released)");
    return it->second;
}

void Chip::BeginTrace(std::uint8_t cq_id, std::uint32_t tid, const char* call) {
    if (config_.trace_region_size == 0)
        Throw(call, ": device ", id_, " has no trace region; pass a non-zero trace_region_size when opening it");
    WorkQueue& cq = queue(cq_id);
    std::lock_guard lock(trace_mutex_);
    if (cq.recording()) Throw(call, ": a trace is already being captured on command queue ", int(cq_id));
    if (traces_.count(tid)) Throw(call, ": trace id ", tid, " already exists on device ", id_);
    auto t = std::make_shared<Trace>();
    t->cq_id = cq_id;
    traces_[tid] = t;
    cq.Drain();  // what was enqueued before the capture runs now, not as part of the trace
    cq.SetRecording(&t->commands);
}

void Chip::EndTrace(std::uint8_t cq_id, std::uint32_t tid, const char* call) {
    WorkQueue& cq = queue(cq_id);
    std::lock_guard lock(trace_mutex_);
    auto t = FindTrace(tid, call);
    if (t->cq_id != cq_id || t->complete)
        Throw(call, ": trace ", tid, " is not being captured on command queue ", int(cq_id));
    cq.SetRecording(nullptr);
    t->complete = true;
    std::uint64_t used = 0;
    for (const auto& [id, trace] : traces_) used += trace->commands.size() * kTraceBytesPerCommand;
    if (used > config_.trace_region_size) {
        traces_.erase(tid);
        const std::uint64_t mine = t->commands.size() * kTraceBytesPerCommand;
        Throw("Creating trace buffers of size ", mine, " B on device ", id_, ", but only ",
              config_.trace_region_size - (used - mine), " B is free in the ", config_.trace_region_size,
              " B trace region (", t->commands.size(), " commands of ", kTraceBytesPerCommand, " B each)");
    }
}

void Chip::ReplayTrace(std::uint8_t cq_id, std::uint32_t tid, bool blocking, const char* call) {
    WorkQueue& cq = queue(cq_id);
    std::shared_ptr<Trace> t;
    {
        std::lock_guard lock(trace_mutex_);
        t = FindTrace(tid, call);
        if (!t->complete) Throw(call, ": trace ", tid, " is still being captured");
    }
    if (cq.recording()) Throw(call, ": cannot replay a trace while capturing one on command queue ", int(cq_id));
    for (const Command& c : t->commands) cq.Push(c);
    if (blocking) cq.Drain();
}

void Chip::ReleaseTrace(std::uint32_t tid, const char* call) {
    std::lock_guard lock(trace_mutex_);
    FindTrace(tid, call);
    traces_.erase(tid);
}

bool Chip::HasTrace(std::uint32_t tid) {
    std::lock_guard lock(trace_mutex_);
    return traces_.count(tid) != 0;
}

void Chip::CopyTrace(std::uint32_t from, std::uint8_t cq_id, std::uint32_t to, const char* call) {
    queue(cq_id);
    std::lock_guard lock(trace_mutex_);
    auto copy = std::make_shared<Trace>(*FindTrace(from, call));
    copy->cq_id = cq_id;
    traces_[to] = copy;
}

std::vector<const void*> Chip::Close() {
    if (closed_) return {};
    std::optional<std::string> error;
    for (auto& q : queues_) {
        try {
            q->Drain();
        } catch (const std::exception& e) {
            if (!error) error = e.what();
        }
    }
    queues_.clear();
    {
        std::lock_guard lock(trace_mutex_);
        traces_.clear();
    }
    std::vector<const void*> owners;
    {
        std::lock_guard lock(alloc_mutex_);
        owners.assign(owners_.begin(), owners_.end());
        owners_.clear();
        closed_ = true;
    }
    (void)error;  // tt-metal closes a device whatever its queues did last; the failure was the program's to collect
    return owners;
}

}  // namespace ttemu
