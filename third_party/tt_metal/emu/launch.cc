#include "launch.h"

#include <signal.h>
#include <sys/mman.h>

#include <atomic>
#include <cstring>
#include <map>
#include <mutex>

#include <tt-metalium/graph_tracking.hpp>
#include <tt-metalium/memory_reporter.hpp>

#include "emu_device.h"
#include "errors.h"
#include "kernel_build.h"
#include "kernel_runtime.h"

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

// One launch runs at a time in the process: kernels of every device share the L1 window.
std::mutex g_launch_mutex;

// What the launch running now is doing, for ttemu_describe_running (a replay watchdog on another thread): the
// coroutines are published for the launch's whole life under g_running_mutex, and which one runs is an atomic
// index the scheduler stores at each switch.
std::mutex g_running_mutex;
const std::vector<Coro>* g_running_coros = nullptr;
std::atomic<std::size_t> g_running_index{~std::size_t{0}};

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
    plan->device = &device;
    plan->program_id = impl.id;
    std::map<CoreCoord, CoreLaunch> cores;
    for (const auto& k : impl.kernels) {
        for (const auto& c : k->cores) {
            CoreLaunch& cl = cores[c];
            cl.core = c;
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

// ---------------------------------------------------------------------------------------------------------
// The scheduler: every kernel of the launch is a coroutine on this thread. A kernel runs until it blocks
// (a CB or semaphore wait) or returns; then the next runnable kernel, in a fixed round-robin order, runs.
// The schedule is deterministic, and only one core's L1 needs to be in the window at a time.

namespace {

thread_local Coro* t_current = nullptr;
thread_local ucontext_t t_scheduler;
thread_local EmuDevice* t_device = nullptr;
constexpr std::size_t kStackSize = 1 << 20;

struct sigaction g_previous_segv, g_previous_bus;

void OnFault(int sig, siginfo_t* info, void* uctx) {
    if (Coro* c = t_current) {
        c->error = Cat("kernel ", c->kernel->name, " on core ", c->core->launch->core.str(),
                       " made an out-of-bounds memory access at address ", info->si_addr,
                       " (only this core's L1, [0x10000, ", kL1Size, "), is addressable by pointer)");
        siglongjmp(c->fault_jump, 1);
    }
    // Not a kernel: hand the fault to whoever had it before us.
    const struct sigaction& prev = sig == SIGSEGV ? g_previous_segv : g_previous_bus;
    if (prev.sa_flags & SA_SIGINFO) {
        prev.sa_sigaction(sig, info, uctx);
    } else if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN) {
        prev.sa_handler(sig);
    } else {
        signal(sig, SIG_DFL);  // returning re-executes the access, which now terminates as it would have
    }
}

void InstallFaultHandlers() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction sa {};
        sa.sa_sigaction = OnFault;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, &g_previous_segv);
        sigaction(SIGBUS, &sa, &g_previous_bus);
    });
    // Each launching thread gets an alternate signal stack, so a kernel stack overflow is reported too — unless it
    // has one already (the host program's, a sanitizer's): that one is kept.
    thread_local bool has_altstack = [] {
        stack_t ss{};
        if (sigaltstack(nullptr, &ss) == 0 && !(ss.ss_flags & SS_DISABLE)) return true;
        ss = stack_t{};
        ss.ss_size = 64 * 1024;
        ss.ss_sp = std::malloc(ss.ss_size);
        return ss.ss_sp && sigaltstack(&ss, nullptr) == 0;
    }();
    (void)has_altstack;
}

void CoroMain() {
    Coro* c = t_current;
    if (sigsetjmp(c->fault_jump, 1) == 0) {
        try {
            c->kernel->binary->entry(KernelApi());
        } catch (const KernelError& e) {
            c->error = e.message;
        } catch (const std::exception& e) {
            c->error = Cat("kernel ", c->kernel->name, " on core ", c->core->launch->core.str(), ": ", e.what());
        } catch (...) {
            c->error = Cat("kernel ", c->kernel->name, " on core ", c->core->launch->core.str(),
                           " threw an unknown exception");
        }
    }
    c->done = true;
    swapcontext(&c->context, &t_scheduler);
}

const char* SlotName(const Coro& c) {
    switch (c.kernel->slot) {
        case Slot::kBrisc: return "BRISC";
        case Slot::kNcrisc: return "NCRISC";
        default:
            return c.trisc == 0   ? "TRISC0 (unpack)"
                   : c.trisc == 1 ? "TRISC1 (math)"
                   : c.trisc == 2 ? "TRISC2 (pack)"
                                  : "TRISC";
    }
}

void InitCore(EmuDevice& dev, CoreRuntime& rt) {
    const CoreLaunch& cl = *rt.launch;
    DeviceMemory& mem = dev.memory();
    for (const auto& k : cl.kernels) {
        const std::uint32_t base = kRtArgsBase + static_cast<std::uint32_t>(k.slot) * kRtArgsSlotSize;
        std::memset(mem.L1(cl.core.x, cl.core.y, base), 0, kRtArgsSlotSize);
        // memcpy from an empty vector's null data() is undefined even for 0 bytes.
        if (!k.args.empty()) std::memcpy(mem.L1(cl.core.x, cl.core.y, base), k.args.data(), k.args.size() * 4);
        if (!k.common_args.empty())
            std::memcpy(mem.L1(cl.core.x, cl.core.y, base + kMaxRuntimeArgs * 4), k.common_args.data(),
                        k.common_args.size() * 4);
    }
    for (const auto& [id, value] : cl.semaphores)
        std::memcpy(mem.L1(cl.core.x, cl.core.y, kSemaphoreBase + id * kSemaphoreStride), &value, 4);
    for (const auto& cb : cl.cbs) {
        CbState& s = rt.cbs[cb.index];
        s.configured = true;
        s.base = s.write_ptr = s.read_ptr = cb.address;
        s.size = cb.total_size;
        s.page_size = cb.page_size;
        s.num_pages = cb.page_size ? cb.total_size / cb.page_size : 0;
        s.data_format = cb.data_format;
    }
}

}  // namespace

Coro* CurrentCoro() { return t_current; }
EmuDevice& CurrentDevice() { return *t_device; }

void BlockUntil(std::function<bool()> ready, std::string what) {
    if (ready()) return;
    Coro* c = t_current;
    c->wait = std::move(ready);
    c->waiting_on = std::move(what);
    swapcontext(&c->context, &t_scheduler);
}

void KernelFail(const std::string& message) {
    Coro* c = t_current;
    throw KernelError{Cat("kernel ", c->kernel->name, " (", SlotName(*c), ") on core ",
                          c->core->launch->core.str(), ": ", message)};
}

void RunLaunch(const LaunchPlan& plan) {
    std::lock_guard lock(g_launch_mutex);
    InstallFaultHandlers();
    EmuDevice& dev = *plan.device;
    std::vector<CoreRuntime> cores(plan.cores.size());
    std::vector<Coro> coros;
    std::size_t total = 0;
    for (const auto& cl : plan.cores)
        for (const auto& k : cl.kernels) total += k.binary->threads;
    coros.reserve(total);
    for (std::size_t i = 0; i < plan.cores.size(); i++) {
        cores[i].launch = &plan.cores[i];
        InitCore(dev, cores[i]);
        for (const auto& k : plan.cores[i].kernels) {
            // A compute kernel split into unpack_main, math_main and pack_main runs as three coroutines, the
            // TRISCs, sharing DST and the source registers (one compute state).
            std::shared_ptr<std::uint8_t[]> shared;
            if (k.binary->threads == 3) shared.reset(new std::uint8_t[TTEMU_COMPUTE_STATE_BYTES]());
            for (unsigned t = 0; t < k.binary->threads; t++) {
                Coro& c = coros.emplace_back();
                c.core = &cores[i];
                c.kernel = &k;
                if (shared) c.trisc = static_cast<int>(t), c.compute_state = shared;
            }
        }
    }
    // Stacks: 1 MiB each, reserved lazily, with a guard page below.
    for (Coro& c : coros) {
        c.stack_size = kStackSize + 4096;
        c.stack = mmap(nullptr, c.stack_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (c.stack == MAP_FAILED) Throw("cannot allocate a kernel stack");
        mprotect(c.stack, 4096, PROT_NONE);
        getcontext(&c.context);
        c.context.uc_stack.ss_sp = c.stack;
        c.context.uc_stack.ss_size = c.stack_size;
        c.context.uc_link = nullptr;
        makecontext(&c.context, CoroMain, 0);
    }
    {
        std::lock_guard running(g_running_mutex);
        g_running_coros = &coros;
    }
    auto release = [&] {
        {
            std::lock_guard running(g_running_mutex);
            g_running_coros = nullptr;
            g_running_index = ~std::size_t{0};
        }
        for (Coro& c : coros) munmap(c.stack, c.stack_size);
    };

    t_device = &dev;
    const CoreLaunch* mapped = nullptr;
    std::string failure;
    std::size_t remaining = coros.size();
    while (remaining > 0 && failure.empty()) {
        bool progressed = false;
        for (Coro& c : coros) {
            if (c.done || (c.wait && !c.wait())) continue;
            c.wait = nullptr;
            if (mapped != c.core->launch) {
                dev.memory().MapWindow(c.core->launch->core.x, c.core->launch->core.y);
                mapped = c.core->launch;
            }
            c.kernel->binary->set_core(c.core->launch->core.x + kTranslatedWorkerBase,
                                       c.core->launch->core.y + kTranslatedWorkerBase);
            t_current = &c;
            g_running_index.store(static_cast<std::size_t>(&c - coros.data()), std::memory_order_relaxed);
            swapcontext(&t_scheduler, &c.context);
            g_running_index.store(~std::size_t{0}, std::memory_order_relaxed);
            t_current = nullptr;
            progressed = true;
            if (c.done) {
                remaining--;
                if (!c.error.empty()) {
                    failure = c.error;
                    break;
                }
            }
        }
        if (!progressed && failure.empty()) {
            failure = Cat("program ", plan.program_id, " deadlocked on device ", dev.id(),
                          ": no kernel can make progress:");
            for (const Coro& c : coros)
                if (!c.done)
                    failure += Cat("\n  core ", c.core->launch->core.str(), " ", SlotName(c), " (",
                                   c.kernel->name, ") waits in ", c.waiting_on);
        }
    }
    t_device = nullptr;
    release();
    if (!failure.empty()) throw std::runtime_error("TT_THROW: " + failure);
}

}  // namespace ttemu

// Emulator-only, for tools that watch a replay (ltplay's --timeout): a description of the launch running now —
// the kernel executing, and what every other unfinished kernel waits for — in `buffer` (NUL-terminated, cut to
// `size`). Returns the length it needed, 0 when no launch runs. Meant for a launch that has stopped making progress:
// a kernel looping without end never yields, so nothing read here changes while it is read.
extern "C" __attribute__((visibility("default"))) std::size_t ttemu_describe_running(char* buffer, std::size_t size) {
    using namespace ttemu;
    std::string text;
    {
        std::lock_guard running(g_running_mutex);
        if (!g_running_coros) return 0;
        const std::size_t current = g_running_index.load(std::memory_order_relaxed);
        for (std::size_t i = 0; i < g_running_coros->size(); i++) {
            const Coro& c = (*g_running_coros)[i];
            if (c.done) continue;
            text += Cat(text.empty() ? "" : "; ", "core ", c.core->launch->core.str(), " ", SlotName(c),
                        " (", c.kernel->name, ") ", i == current ? "running" : "waits in " + c.waiting_on);
        }
    }
    if (size) {
        const std::size_t n = std::min(text.size(), size - 1);
        std::memcpy(buffer, text.data(), n);
        buffer[n] = '\0';
    }
    return text.size();
}
