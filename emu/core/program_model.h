// A program as the device core sees it: kernels (how to build each, where it runs, its runtime arguments),
// circular buffers and semaphores, in types no tt-metal release defines. Each release's Program keeps its API
// objects and describes them to the core when it compiles, places circular buffers or launches; the rules below
// (argument limits, circular buffer placement, one kernel per processor) are the device's, so they exist once.
//   std::vector<CbModel> cbs = ...;  auto addrs = PlaceCircularBuffers(cbs, chip.L1BufferFloor(), &end);
//   auto plan = PlanLaunch(chip, id, kernels, cbs, addrs, semaphores);  chip.queue(0).Push([plan] { RunLaunch(*plan); });
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core_xy.h"
#include "kernel_build.h"
#include "launch.h"

namespace ttemu {

class Chip;

// The runtime arguments of one kernel: a block per core, its size fixed by the first Set on that core (so views
// handed to the program stay valid), and one common block. `max_args` bounds unique + common words per core.
class KernelArgs {
public:
    KernelArgs(std::string kernel_name, const std::vector<CoreXY>& cores, std::uint32_t max_args);

    // Throws as tt-metal does: a core the kernel is not on, a changed count, too many words.
    void Set(CoreXY core, const std::uint32_t* args, std::size_t count);
    void SetCommon(const std::uint32_t* args, std::size_t count);  // once; a second non-empty set throws
    bool Has(CoreXY core) const;                                    // the kernel runs on `core`
    // The words on `core` (empty before any Set), and where they live (null before any Set).
    const std::vector<std::uint32_t>& On(CoreXY core) const;
    std::uint32_t* Data(CoreXY core);
    const std::vector<std::uint32_t>& common() const { return common_; }
    std::uint32_t* CommonData() { return common_.data(); }

private:
    std::vector<std::uint32_t>& At(CoreXY core);
    const std::vector<std::uint32_t>& At(CoreXY core) const;

    std::string name_;
    std::uint32_t max_args_;
    std::uint32_t width_ = 0, height_ = 0;
    std::vector<bool> placed_;                       // [y * width + x]: the kernel runs there
    std::vector<std::vector<std::uint32_t>> args_;  // [y * width + x]
    std::vector<bool> set_;                         // [y * width + x]: the count is fixed
    std::vector<std::uint32_t> common_;
    bool common_set_ = false;
    std::size_t max_unique_ = 0;
};

struct KernelModel {
    std::string name;
    KernelBuildRequest request;  // source (path as given, or text); circular buffer formats are filled at compile
    Slot slot = Slot::kBrisc;
    std::uint8_t noc = 0;
    std::vector<CoreXY> cores;  // sorted
    std::shared_ptr<CompiledKernel> binary;  // set once compiled
};

struct CbModel {
    std::vector<CoreXY> cores;  // sorted
    std::uint32_t total_size = 0;
    std::optional<std::uint32_t> global_address;  // a dynamic CB: at an L1 buffer's address
    struct Index {
        std::uint8_t index = 0;
        std::uint8_t format = 0xff;
        std::optional<std::uint32_t> page_size;
        KernelBuildRequest::CbTile tile;
    };
    std::vector<Index> indices;  // the buffer indices with a data format
    // Remote indices (a circular buffer over a global one): where the global buffer's configuration page sits on
    // each core, and the page size the kernels' remote interface starts with.
    struct Remote {
        std::uint8_t index = 0;
        std::uint32_t config_address = 0;
        std::uint32_t page_size = 0;
        std::uint32_t local_mask = 0;  // the circular buffer's local indices (bit i: index i), aligned to its FIFO
    };
    std::vector<Remote> remote;
};

struct SemaphoreModel {
    std::vector<CoreXY> cores;
    std::uint32_t id = 0;
    std::uint32_t initial_value = 0;
};

// Every core of the rectangles [start, end] (inclusive), sorted, without repeats.
std::vector<CoreXY> CoresOf(const std::vector<std::pair<CoreXY, CoreXY>>& rectangles);

// Compiles the kernel if it has no binary yet: checks its cores lie in the worker grid, gives the build the formats
// of the circular buffers on its cores, resolves its file.
void CompileKernel(KernelModel& kernel, const std::vector<CbModel>& cbs, int chip_id);

// Where each circular buffer goes: statically placed ones from the start of unreserved L1 upwards per core, each
// after the ones before it on any of its cores, 32-byte aligned; dynamic ones at their buffer's address. Throws when
// static ones grow past `l1_floor` (the lowest L1 buffer). `region_end` gets the end of the static region.
std::vector<std::uint32_t> PlaceCircularBuffers(const std::vector<CbModel>& cbs, std::uint64_t l1_floor,
                                                std::uint32_t* region_end);

struct KernelToLaunch {
    const KernelModel* kernel;
    const KernelArgs* args;
};

// The launch of compiled kernels with their arguments as they are now, the circular buffers at `cb_addresses` and
// the semaphores at their initial values. Throws for two kernels on one processor of a core, or a circular buffer
// index without a page size.
std::shared_ptr<const LaunchPlan> PlanLaunch(Chip& chip, std::uint64_t program_id,
                                             const std::vector<KernelToLaunch>& kernels, const std::vector<CbModel>& cbs,
                                             const std::vector<std::uint32_t>& cb_addresses,
                                             const std::vector<SemaphoreModel>& semaphores);

}  // namespace ttemu
