#include "program_launch.h"

#include <map>

#include <tt-metalium/graph_tracking.hpp>
#include <tt-metalium/memory_reporter.hpp>

#include "emu_device.h"
#include "emu/core/errors.h"
#include "emu/core/kernel_build.h"

namespace ttemu {
namespace {

using tt::tt_metal::ComputeConfig;
using tt::tt_metal::DataMovementConfig;

const char* OptFlag(tt::tt_metal::KernelBuildOptLevel level) {
    using L = tt::tt_metal::KernelBuildOptLevel;
    switch (level) {
        case L::O1: return "-O1";
        case L::O2: return "-O2";
        case L::O3: return "-O3";
        case L::O0: return "-O0";
        case L::Os: return "-Os";
        case L::Ofast: return "-Ofast";
        case L::Oz: return "-Oz";
    }
    return "-O2";
}

// The formats and tile shapes of the program's circular buffers on the kernel's cores, as tt-metal hands them to
// the kernel's build.
void DescribeCircularBuffers(const tt::tt_metal::detail::Program_& impl, const KernelImpl& k,
                             KernelBuildRequest& r) {
    for (std::size_t i = 0; i < impl.circular_buffers.size(); i++) {
        bool on_kernel_cores = false;
        for (const auto& c : impl.cb_cores[i]) on_kernel_cores = on_kernel_cores || k.cores.count(c);
        if (!on_kernel_cores) continue;
        const auto& config = impl.circular_buffers[i]->config();
        for (std::uint8_t index : config.buffer_indices()) {
            const auto& format = config.data_formats()[index];
            if (!format || index >= r.cbs.size()) continue;
            auto& cb = r.cbs[index];
            cb.format = static_cast<std::uint8_t>(*format);
            const auto& tile = config.tiles()[index];
            const tt::tt_metal::Tile shape = tile ? *tile : tt::tt_metal::Tile();
            cb.tile_size = static_cast<std::uint16_t>(shape.get_tile_size(*format));
            cb.r_dim = static_cast<std::uint8_t>(shape.get_tile_shape()[0]);
            cb.c_dim = static_cast<std::uint8_t>(shape.get_tile_shape()[1]);
            cb.num_faces = static_cast<std::uint8_t>(shape.get_num_faces());
            cb.face_r_dim = static_cast<std::uint8_t>(shape.get_face_shape()[0]);
        }
    }
}

KernelBuildRequest RequestFor(const tt::tt_metal::detail::Program_& impl, const KernelImpl& k) {
    KernelBuildRequest r;
    DescribeCircularBuffers(impl, k, r);
    r.name = k.name();
    r.source_is_text = k.source_is_text;
    r.source = k.source_is_text ? k.source : ResolveKernelPath(k.source);
    r.compile_args = k.compile_args();
    r.defines = k.defines();
    if (auto* dm = std::get_if<DataMovementConfig>(&k.config)) {
        r.kind = KernelBuildRequest::Kind::kDataMovement;
        r.processor = static_cast<std::uint8_t>(dm->processor);
        r.noc = dm->noc;
        r.opt_flag = OptFlag(dm->opt_level);
    } else if (auto* c = std::get_if<ComputeConfig>(&k.config)) {
        r.kind = KernelBuildRequest::Kind::kCompute;
        r.math_fidelity = static_cast<std::uint32_t>(c->math_fidelity);
        r.fp32_dest_acc_en = c->fp32_dest_acc_en;
        r.math_approx_mode = c->math_approx_mode;
        r.opt_flag = OptFlag(c->opt_level);
    } else {
        Throw("Kernel ", k.name(), ": ethernet kernels cannot run on the emulated n150 (it has no ethernet cores)");
    }
    return r;
}

}  // namespace

void CompileProgramFor(EmuDevice& device, tt::tt_metal::Program& program) {
    auto& impl = Impl(program);
    for (const auto& k : impl.kernels) {
        for (const auto& c : k->cores)
            if (c.x >= kComputeGridX || c.y >= kComputeGridY)
                Throw("Kernel ", k->name(), " is placed on core ", c.str(), ", outside the worker grid ",
                      device.compute_with_storage_grid_size().str(), " of device ", device.id());
        if (!k->binary) k->binary = BuildKernel(RequestFor(impl, *k));
    }
    const bool first = !impl.compiled;
    impl.compiled = true;
    if (first && tt::tt_metal::detail::MemoryReporter::enabled())
        tt::tt_metal::detail::MemoryReporter::inst().flush_program_memory_usage(program.get_id(), &device);
}

void AllocateCircularBuffers(EmuDevice& device, tt::tt_metal::Program& program) {
    auto& impl = Impl(program);
    std::map<CoreCoord, std::uint32_t> end_on_core;  // next free CB address per core
    for (std::size_t i = 0; i < impl.circular_buffers.size(); i++) {
        const auto& cb = impl.circular_buffers[i];
        if (cb->globally_allocated()) {
            cb->assign_global_address();
            continue;
        }
        const auto& cb_cores = impl.cb_cores[i];
        std::uint32_t addr = kL1UnreservedBase;
        for (const auto& c : cb_cores) addr = std::max(addr, end_on_core.count(c) ? end_on_core[c] : kL1UnreservedBase);
        addr = (addr + kCbAlignment - 1) / kCbAlignment * kCbAlignment;
        cb->set_locally_allocated_address(addr);
        for (const auto& c : cb_cores) end_on_core[c] = addr + cb->size();
        // tt-metal reports a placement when it (re)places the program's circular buffers, not at every launch.
        impl.cb_reported.resize(impl.circular_buffers.size(), 0);
        if (impl.cb_reported[i] != addr) {
            impl.cb_reported[i] = addr;
            tt::tt_metal::GraphTracker::instance().track_allocate_cb(cb->core_ranges(), addr, cb->size(), false, &device);
        }
    }
    impl.cb_region_end = kL1UnreservedBase;
    for (const auto& [core, end] : end_on_core) impl.cb_region_end = std::max(impl.cb_region_end, end);
    const std::uint64_t floor = device.L1BufferFloor();
    for (const auto& [core, end] : end_on_core)
        if (end > floor)
            Throw("Statically allocated circular buffers on core range [", core.str(), " - ", core.str(),
                  "] grow to ", end, " B which is beyond max L1 size of ", floor,
                  " B (the lowest L1 buffer starts there)");
}

std::shared_ptr<const LaunchPlan> PrepareLaunch(EmuDevice& device, tt::tt_metal::Program& program) {
    auto& impl = Impl(program);
    if (!impl.compiled) CompileProgramFor(device, program);
    AllocateCircularBuffers(device, program);
    auto plan = std::make_shared<LaunchPlan>();
    plan->chip = &device.chip();
    plan->program_id = impl.id;
    std::map<CoreCoord, CoreLaunch> cores;
    for (const auto& k : impl.kernels) {
        for (const auto& c : k->cores) {
            CoreLaunch& cl = cores[c];
            cl.core = {static_cast<std::uint32_t>(c.x), static_cast<std::uint32_t>(c.y)};
            for (const auto& other : cl.kernels)
                if (other.slot == k->slot())
                    Throw("Kernels ", other.name, " and ", k->name(), " both occupy the same processor on core ",
                          c.str());
            cl.kernels.push_back({k->binary, k->name(), k->slot(), k->noc(), k->ArgsOn(c), k->common_args()});
        }
    }
    for (std::size_t cb_index = 0; cb_index < impl.circular_buffers.size(); cb_index++) {
        const auto& cb = impl.circular_buffers[cb_index];
        const auto& formats = cb->config().data_formats();
        const auto& pages = cb->config().page_sizes();
        const auto& cb_cores = impl.cb_cores[cb_index];
        for (std::uint8_t i = 0; i < kNumCircularBuffers; i++) {
            if (!formats[i]) continue;
            if (!pages[i] || *pages[i] == 0)
                Throw("Circular buffer index ", int(i), " of program ", impl.id, " has no page size");
            for (const auto& c : cb_cores)
                if (auto it = cores.find(c); it != cores.end())
                    it->second.cbs.push_back({i, cb->address(), cb->size(), *pages[i],
                                              static_cast<std::uint8_t>(*formats[i])});
        }
    }
    for (std::size_t i = 0; i < impl.semaphores.size(); i++)
        for (const auto& c : impl.semaphore_cores[i])
            if (auto it = cores.find(c); it != cores.end())
                it->second.semaphores.push_back({impl.semaphores[i].id(), impl.semaphores[i].initial_value()});
    for (auto& [c, cl] : cores) plan->cores.push_back(std::move(cl));
    return plan;
}

}  // namespace ttemu
