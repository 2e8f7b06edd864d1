#include "program_model.h"

#include <algorithm>
#include <map>
#include <set>

#include "chip.h"
#include "device_model.h"
#include "errors.h"
#include "geometry.h"

namespace ttemu {

// ---- KernelArgs

KernelArgs::KernelArgs(std::string kernel_name, const std::vector<CoreXY>& cores, std::uint32_t max_args)
    : name_(std::move(kernel_name)), max_args_(max_args) {
    for (const CoreXY& c : cores) width_ = std::max(width_, c.x + 1), height_ = std::max(height_, c.y + 1);
    const std::size_t n = std::size_t(width_) * height_;
    placed_.assign(n, false);
    set_.assign(n, false);
    args_.resize(n);
    for (const CoreXY& c : cores) placed_[std::size_t(c.y) * width_ + c.x] = true;
}

bool KernelArgs::Has(CoreXY core) const {
    return core.x < width_ && core.y < height_ && placed_[std::size_t(core.y) * width_ + core.x];
}

std::vector<std::uint32_t>& KernelArgs::At(CoreXY core) {
    if (!Has(core)) Throw("Kernel ", name_, " is not placed on core ", core.str());
    return args_[std::size_t(core.y) * width_ + core.x];
}

const std::vector<std::uint32_t>& KernelArgs::At(CoreXY core) const {
    if (!Has(core)) Throw("Kernel ", name_, " is not placed on core ", core.str());
    return args_[std::size_t(core.y) * width_ + core.x];
}

void KernelArgs::Set(CoreXY core, const std::uint32_t* args, std::size_t count) {
    auto& stored = At(core);
    const std::size_t i = std::size_t(core.y) * width_ + core.x;
    if (!set_[i]) {
        if (count + common_.size() > max_args_)
            Throw(count + common_.size(), " unique+common runtime args targeting kernel ", name_, " on ", core.str(),
                  " are too large. Max allowable is ", max_args_);
        stored.assign(args, args + count);
        set_[i] = true;
        max_unique_ = std::max(max_unique_, count);
        return;
    }
    if (count != stored.size())
        Throw("Illegal Runtime Args on ", core.str(), ": Number of runtime args cannot be modified from ", stored.size(),
              " to ", count, "!");
    std::copy(args, args + count, stored.begin());
}

void KernelArgs::SetCommon(const std::uint32_t* args, std::size_t count) {
    if (count == 0) return;
    if (common_set_)
        Throw("Illegal Common Runtime Args: can only set common runtime args once. Get and modify args in place "
              "instead.");
    if (count + max_unique_ > max_args_)
        Throw(count + max_unique_, " unique+common runtime args targeting kernel ", name_,
              " are too large. Max allowable is ", max_args_);
    common_.assign(args, args + count);
    common_set_ = true;
}

const std::vector<std::uint32_t>& KernelArgs::On(CoreXY core) const { return At(core); }

std::uint32_t* KernelArgs::Data(CoreXY core) {
    const std::size_t i = std::size_t(core.y) * width_ + core.x;
    auto& stored = At(core);
    return set_[i] ? stored.data() : nullptr;
}

// ---- cores, compilation, placement

std::vector<CoreXY> CoresOf(const std::vector<std::pair<CoreXY, CoreXY>>& rectangles) {
    std::set<CoreXY> cores;
    for (const auto& [lo, hi] : rectangles) CheckCoreRange(lo.x, lo.y, hi.x, hi.y, "a program's cores");
    for (const auto& [lo, hi] : rectangles)
        for (std::uint32_t x = lo.x; x <= hi.x; x++)
            for (std::uint32_t y = lo.y; y <= hi.y; y++) cores.insert({x, y});
    return {cores.begin(), cores.end()};
}

namespace {
bool Shares(const std::vector<CoreXY>& a, const std::vector<CoreXY>& b) {
    for (const CoreXY& c : a)
        if (std::binary_search(b.begin(), b.end(), c)) return true;
    return false;
}
}  // namespace

void CompileKernel(KernelModel& kernel, const std::vector<CbModel>& cbs, int chip_id) {
    for (const CoreXY& c : kernel.cores)
        if (c.x >= kComputeGridX || c.y >= kComputeGridY)
            Throw("Kernel ", kernel.name, " is placed on core ", c.str(), ", outside the worker grid ",
                  CoreXY{kComputeGridX, kComputeGridY}.str(), " of device ", chip_id);
    if (kernel.binary) return;
    KernelBuildRequest request = kernel.request;
    for (const CbModel& cb : cbs) {
        if (!Shares(cb.cores, kernel.cores)) continue;
        for (const auto& index : cb.indices)
            if (index.index < request.cbs.size()) request.cbs[index.index] = index.tile;
    }
    if (!request.source_is_text) request.source = ResolveKernelPath(request.source);
    kernel.binary = BuildKernel(request);
}

std::vector<std::uint32_t> PlaceCircularBuffers(const std::vector<CbModel>& cbs, std::uint64_t l1_floor,
                                                std::uint32_t* region_end) {
    std::vector<std::uint32_t> addresses(cbs.size(), 0);
    std::map<CoreXY, std::uint32_t> end_on_core;  // next free CB address per core
    for (std::size_t i = 0; i < cbs.size(); i++) {
        const CbModel& cb = cbs[i];
        if (cb.global_address) {
            addresses[i] = *cb.global_address;
            continue;
        }
        std::uint32_t addr = kL1UnreservedBase;
        for (const CoreXY& c : cb.cores)
            if (auto it = end_on_core.find(c); it != end_on_core.end()) addr = std::max(addr, it->second);
        addr = (addr + kCbAlignment - 1) / kCbAlignment * kCbAlignment;
        addresses[i] = addr;
        for (const CoreXY& c : cb.cores) end_on_core[c] = addr + cb.total_size;
    }
    std::uint32_t end = kL1UnreservedBase;
    for (const auto& [core, core_end] : end_on_core) end = std::max(end, core_end);
    if (region_end) *region_end = end;
    for (const auto& [core, core_end] : end_on_core)
        if (core_end > l1_floor)
            Throw("Statically allocated circular buffers on core range [", core.str(), " - ", core.str(), "] grow to ",
                  core_end, " B which is beyond max L1 size of ", l1_floor, " B (the lowest L1 buffer starts there)");
    return addresses;
}

std::shared_ptr<const LaunchPlan> PlanLaunch(Chip& chip, std::uint64_t program_id,
                                             const std::vector<KernelToLaunch>& kernels, const std::vector<CbModel>& cbs,
                                             const std::vector<std::uint32_t>& cb_addresses,
                                             const std::vector<SemaphoreModel>& semaphores) {
    auto plan = std::make_shared<LaunchPlan>();
    plan->chip = &chip;
    plan->program_id = program_id;
    std::map<CoreXY, CoreLaunch> cores;
    for (const auto& [kernel, args] : kernels) {
        if (!kernel->binary) Throw("Kernel ", kernel->name, " of program ", program_id, " was never compiled");
        for (const CoreXY& c : kernel->cores) {
            CoreLaunch& cl = cores[c];
            cl.core = c;
            for (const auto& other : cl.kernels)
                if (other.slot == kernel->slot)
                    Throw("Kernels ", other.name, " and ", kernel->name, " both occupy the same processor on core ",
                          c.str());
            cl.kernels.push_back({kernel->binary, kernel->name, kernel->slot, kernel->noc, args->On(c), args->common()});
        }
    }
    for (std::size_t i = 0; i < cbs.size(); i++) {
        for (const auto& index : cbs[i].indices) {
            if (index.index >= kNumCircularBuffers)
                Throw("Circular buffer index ", int(index.index), " of program ", program_id,
                      " does not exist on the device (it has ", kNumCircularBuffers, ")");
            if (!index.page_size || *index.page_size == 0)
                Throw("Circular buffer index ", int(index.index), " of program ", program_id, " has no page size");
            for (const CoreXY& c : cbs[i].cores)
                if (auto it = cores.find(c); it != cores.end())
                    it->second.cbs.push_back({index.index, cb_addresses[i], cbs[i].total_size, *index.page_size,
                                              index.format});
        }
        for (const auto& remote : cbs[i].remote) {
            if (remote.index >= kNumCircularBuffers)
                Throw("Remote circular buffer index ", int(remote.index), " of program ", program_id,
                      " does not exist on the device (it has ", kNumCircularBuffers, ")");
            for (const CoreXY& c : cbs[i].cores)
                if (auto it = cores.find(c); it != cores.end())
                    it->second.remote_cbs.push_back(
                        {remote.index, remote.config_address, remote.page_size, remote.local_mask});
        }
    }
    for (const SemaphoreModel& s : semaphores)
        for (const CoreXY& c : s.cores)
            if (auto it = cores.find(c); it != cores.end()) it->second.semaphores.push_back({s.id, s.initial_value});
    for (auto& [c, cl] : cores) plan->cores.push_back(std::move(cl));
    return plan;
}

}  // namespace ttemu
