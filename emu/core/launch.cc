#include "launch.h"

#include <signal.h>
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <optional>
#include <iterator>
#include <map>
#include <mutex>
#include <string>

#include "chip.h"
#include "confine.h"
#include "errors.h"
#include "kernel_runtime.h"
#include "launch_wire.h"
#include "settings.h"

namespace ttemu {
namespace {

// One launch runs at a time in the process: kernels of every chip share the L1 window.
std::mutex g_launch_mutex;

// What the launch running now is doing, for ttemu_describe_running (a replay watchdog on another thread): the
// coroutines are published for the launch's whole life under g_running_mutex, and which one runs is an atomic
// index the scheduler stores at each switch.
std::mutex g_running_mutex;
const std::vector<Coro>* g_running_coros = nullptr;
std::atomic<std::size_t> g_running_index{~std::size_t{0}};

}  // namespace

// ---------------------------------------------------------------------------------------------------------
// The scheduler: every kernel of the launch is a coroutine on this thread. A kernel runs until it blocks
// (a CB or semaphore wait), yields (every TTEMU_PREEMPT_EDGES branches of its own code: a kernel spinning on
// memory another kernel writes lets it run) or returns; then the next runnable kernel, in a fixed round-robin
// order, runs. The schedule is deterministic, and only one core's L1 needs to be in the window at a time.

namespace {

thread_local Coro* t_current = nullptr;
thread_local ucontext_t t_scheduler;
thread_local Chip* t_chip = nullptr;
constexpr std::size_t kStackSize = 1 << 20;
constexpr std::size_t kStackMapping = kStackSize + 4096;  // the stack and its guard page below

// Kernel stacks outlive their launch: mapping and unmapping them per launch made every launch pay for the munmap's
// TLB shootdown, an interrupt of every other core running a thread of the process. Under g_launch_mutex.
constexpr std::size_t kKeptStacks = 1024;
std::vector<void*> g_free_stacks;

void* TakeStack() {
    if (!g_free_stacks.empty()) {
        void* stack = g_free_stacks.back();
        g_free_stacks.pop_back();
        return stack;
    }
    void* stack = mmap(nullptr, kStackMapping, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED) return nullptr;
    if (mprotect(stack, 4096, PROT_NONE) != 0) {  // the guard page: an overflow faults (OnFault) instead of corrupting
        munmap(stack, kStackMapping);
        return nullptr;
    }
    return stack;
}

void GiveBackStack(void* stack) {
    if (!stack) return;
    if (g_free_stacks.size() < kKeptStacks) g_free_stacks.push_back(stack);
    else munmap(stack, kStackMapping);
}

// The faults a kernel can make, and what was there before the emulator's handler.
constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGSYS};
struct sigaction g_previous[std::size(kFaultSignals)];

const struct sigaction& Previous(int sig) {
    for (std::size_t i = 0; i < std::size(kFaultSignals); i++)
        if (kFaultSignals[i] == sig) return g_previous[i];
    return g_previous[0];
}

std::string FaultText(int sig, const siginfo_t* info) {
    switch (sig) {
        case SIGFPE:
            return Cat(info->si_code == FPE_INTDIV ? "divided an integer by zero"
                       : info->si_code == FPE_INTOVF ? "overflowed an integer division"
                                                      : "made an arithmetic fault",
                       " at ", info->si_addr);
        case SIGILL: return Cat("executed an illegal instruction at ", info->si_addr);
        case SIGSYS: {
            const char* name = SyscallName(info->si_syscall);
            return Cat("made system call ", info->si_syscall, *name ? " (" : "", name, *name ? ")" : "",
                       ", which the emulated device does not allow: kernels reach only device memory");
        }
        default:
            return Cat("made an out-of-bounds memory access at address ", info->si_addr, " (only this core's L1, [0x10000, ",
                       kL1Size, "), is addressable by pointer)");
    }
}

void OnFault(int sig, siginfo_t* info, void* uctx) {
    if (Coro* c = t_current) {
        c->error = Cat("kernel ", c->kernel->name, " on core ", c->core->launch->core.str(), " ", FaultText(sig, info));
        siglongjmp(c->fault_jump, 1);
    }
    if (InConfinedWorker()) {
        // A kernel's load-time code (a static constructor) or the emulator itself, in the worker: the launch fails.
        char text[160];
        std::snprintf(text, sizeof text, "the launch's worker (a kernel's load-time code, or the emulator) made %s %d%s",
                      sig == SIGSYS ? "system call" : "fault: signal", sig == SIGSYS ? info->si_syscall : sig,
                      sig == SIGSYS ? ", which the emulated device does not allow" : "");
        AbandonWorker(text);
    }
    // Not a kernel: hand the fault to whoever had it before us.
    const struct sigaction& prev = Previous(sig);
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
        for (std::size_t i = 0; i < std::size(kFaultSignals); i++) sigaction(kFaultSignals[i], &sa, &g_previous[i]);
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
            SetupRemoteCbs();
            c->kernel->binary->EntryFor(c->trisc)(KernelApi());
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

void InitCore(Chip& chip, CoreRuntime& rt) {
    const CoreLaunch& cl = *rt.launch;
    DeviceMemory& mem = chip.memory();
    for (const auto& k : cl.kernels) {
        const std::uint32_t base = kRtArgsBase + static_cast<std::uint32_t>(k.slot) * kRtArgsSlotSize;
        std::memset(mem.L1(cl.core.x, cl.core.y, base, kRtArgsSlotSize), 0, kRtArgsSlotSize);
        // memcpy from an empty vector's null data() is undefined even for 0 bytes.
        if (!k.args.empty()) std::memcpy(mem.L1(cl.core.x, cl.core.y, base, k.args.size() * 4), k.args.data(), k.args.size() * 4);
        if (!k.common_args.empty())
            std::memcpy(mem.L1(cl.core.x, cl.core.y, base + kMaxRuntimeArgs * 4, k.common_args.size() * 4), k.common_args.data(),
                        k.common_args.size() * 4);
    }
    for (const auto& [id, value] : cl.semaphores)
        std::memcpy(mem.L1(cl.core.x, cl.core.y, kSemaphoreBase + id * kSemaphoreStride, 4), &value, 4);
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
Chip& CurrentChip() { return *t_chip; }

void BlockUntil(std::function<bool()> ready, std::string what) {
    if (ready()) return;
    Coro* c = t_current;
    c->wait = std::move(ready);
    c->waiting_on = std::move(what);
    swapcontext(&c->context, &t_scheduler);
}

void Yield() {
    Coro* c = t_current;
    if (!c) return;  // a kernel's static initialisers run on the loading thread
    // Runnable again at once (no wait). waiting_on is left as it was: ttemu_describe_running reads it from another
    // thread, and a kernel spinning without end yields over and over.
    c->wait = nullptr;
    swapcontext(&c->context, &t_scheduler);
}

void KernelFail(const std::string& message) {
    Coro* c = t_current;
    throw KernelError{Cat("kernel ", c->kernel->name, " (", SlotName(*c), ") on core ",
                          c->core->launch->core.str(), ": ", message)};
}

namespace {

std::string Describe(const std::vector<Coro>& coros, std::size_t current);

// Runs the launch on this thread; its failure, "" if none.
std::string RunHere(const LaunchPlan& plan) {
    InstallFaultHandlers();
    Chip& chip = *plan.chip;
    std::vector<CoreRuntime> cores(plan.cores.size());
    std::vector<Coro> coros;
    std::size_t total = 0;
    for (const auto& cl : plan.cores)
        for (const auto& k : cl.kernels) total += k.binary->threads;
    coros.reserve(total);
    for (std::size_t i = 0; i < plan.cores.size(); i++) {
        cores[i].launch = &plan.cores[i];
        InitCore(chip, cores[i]);
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
    // Stacks: 1 MiB each, reserved lazily, with a guard page below; kept for later launches.
    g_free_stacks.reserve(kKeptStacks);
    for (Coro& c : coros) {
        c.stack_size = kStackMapping;
        c.stack = TakeStack();
        if (!c.stack) {
            for (Coro& d : coros) GiveBackStack(d.stack);
            return "cannot allocate a kernel stack";
        }
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
        for (Coro& c : coros) GiveBackStack(c.stack);
    };

    t_chip = &chip;
    const CoreLaunch* mapped = nullptr;
    std::string failure;
    std::size_t remaining = coros.size();
    while (remaining > 0 && failure.empty()) {
        bool progressed = false;
        for (Coro& c : coros) {
            if (c.done || (c.wait && !c.wait())) continue;
            c.wait = nullptr;
            if (mapped != c.core->launch) {
                chip.memory().MapWindow(c.core->launch->core.x, c.core->launch->core.y);
                mapped = c.core->launch;
            }
            c.kernel->binary->SetCoreFor(c.trisc)(c.core->launch->core.x + kTranslatedWorkerBase,
                                                  c.core->launch->core.y + kTranslatedWorkerBase);
            t_current = &c;
            g_running_index.store(static_cast<std::size_t>(&c - coros.data()), std::memory_order_relaxed);
            swapcontext(&t_scheduler, &c.context);
            // The index stays on the kernel that ran last until another runs: a watchdog reading it while the
            // scheduler looks for the next runnable kernel (a spinning kernel yields every few microseconds) still
            // names the one that is running.
            t_current = nullptr;
            progressed = true;
            if (DescribeRequested()) AnswerDescribe(Describe(coros, static_cast<std::size_t>(&c - coros.data())));
            if (c.done) {
                remaining--;
                if (!c.error.empty()) {
                    failure = c.error;
                    break;
                }
            }
        }
        if (!progressed && failure.empty()) {
            failure = Cat("program ", plan.program_id, " deadlocked on device ", chip.id(),
                          ": no kernel can make progress:");
            for (const Coro& c : coros)
                if (!c.done)
                    failure += Cat("\n  core ", c.core->launch->core.str(), " ", SlotName(c), " (",
                                   c.kernel->name, ") waits in ", c.waiting_on);
        }
    }
    t_chip = nullptr;
    release();
    return failure;
}

std::string Describe(const std::vector<Coro>& coros, std::size_t current) {
    std::string text;
    for (std::size_t i = 0; i < coros.size(); i++) {
        const Coro& c = coros[i];
        if (c.done) continue;
        text += Cat(text.empty() ? "" : "; ", "core ", c.core->launch->core.str(), " ", SlotName(c), " (",
                    c.kernel->name, ") ",
                    i == current           ? std::string("running")
                    : c.waiting_on.empty() ? std::string("runnable (it yielded while running)")
                                           : "waits in " + c.waiting_on);
    }
    return text;
}

// The launch service: a persistent confined worker that decodes plans and runs them (the kernels it has loaded kept
// for later launches).
const ConfinedService& LaunchService() {
    static const ConfinedService service{
        GetSettings().cache_dir,
        [] { InstallFaultHandlers(); },
        [](const std::string& request) {
            static std::map<std::string, std::shared_ptr<CompiledKernel>> kernels;
            const LaunchPlan plan = DecodePlan(request, kernels);
            for (const auto& cl : plan.cores)
                for (const auto& k : cl.kernels) LoadKernelCode(*k.binary);
            return RunHere(plan);
        }};
    return service;
}

const ConfinedService* LaunchServiceIfUsed() {
    return GetSettings().confine && PersistentWorkerAvailable() ? &LaunchService() : nullptr;
}

[[maybe_unused]] const bool g_service_set = (SetConfinedServiceProvider(LaunchServiceIfUsed), true);

// Runs the launch in a confined worker (confine.h): the kernels' code is loaded and run there only. The persistent
// worker serves it when it can read the kernels (they are in the kernel cache); otherwise a worker of its own does.
std::string RunConfinedLaunch(const LaunchPlan& plan) {
    ConfinedWork work;
    std::vector<CompiledKernel*> binaries;
    const std::string root = GetSettings().cache_dir + "/";
    bool in_cache = true;
    for (const auto& cl : plan.cores)
        for (const auto& k : cl.kernels)
            if (std::find(binaries.begin(), binaries.end(), k.binary.get()) == binaries.end()) {
                binaries.push_back(k.binary.get());
                for (const auto& so : k.binary->objects) {
                    work.readable_files.push_back(so);
                    in_cache = in_cache && so.starts_with(root) && so.find("/../") == std::string::npos;
                }
            }
    if (in_cache && PersistentWorkerAvailable()) return CallConfined(LaunchService(), EncodePlan(plan));
    work.prepare = [] { InstallFaultHandlers(); };
    work.load = [&] {
        for (CompiledKernel* b : binaries) LoadKernelCode(*b);
    };
    work.run = [&] { return RunHere(plan); };
    return RunConfined(work);
}

}  // namespace

void RunLaunch(const LaunchPlan& plan) {
    std::lock_guard lock(g_launch_mutex);
    const std::string failure = GetSettings().confine ? RunConfinedLaunch(plan) : RunHere(plan);
    if (failure.empty()) return;
    throw std::runtime_error(failure.starts_with("TT_THROW: ") ? failure : "TT_THROW: " + failure);
}

}  // namespace ttemu

// Emulator-only, for tools that watch a replay (ltplay's --timeout): a description of the launch running now —
// the kernel executing, and what every other unfinished kernel waits for — in `buffer` (NUL-terminated, cut to
// `size`). Returns the length it needed, 0 when no launch runs. Meant for a launch that has stopped making progress:
// its kernels block or spin (a spinning kernel yields, but changes no field read here), so what is read here holds
// still while it is read.
extern "C" __attribute__((visibility("default"))) std::size_t ttemu_describe_running(char* buffer, std::size_t size) {
    using namespace ttemu;
    std::string text;
    if (GetSettings().confine) {
        // The launch runs in a worker: it answers between kernel switches (a kernel that never yields cannot).
        const std::optional<std::string> answer = AskRunningWorker(1000);
        if (!answer) return 0;
        text = answer->empty() ? std::string("a launch is running in its kernel worker, which did not answer: a kernel "
                                             "there never yields (kernels built with TT_METAL_EMU_PREEMPT=0 yield only "
                                             "where they block)")
                               : *answer;
    } else {
        std::lock_guard running(g_running_mutex);
        if (!g_running_coros) return 0;
        text = Describe(*g_running_coros, g_running_index.load(std::memory_order_relaxed));
    }
    if (size) {
        const std::size_t n = std::min(text.size(), size - 1);
        std::memcpy(buffer, text.data(), n);
        buffer[n] = '\0';
    }
    return text.size();
}
