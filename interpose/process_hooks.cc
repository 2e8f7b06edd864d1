#include "interpose/process_hooks.h"

#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <cstdlib>

#include "capture_ctl/settings.h"
#include "capture_ctl/window.h"
#include "interpose/capture.h"
#include "interpose/flush_gate.h"
#include "interpose/process_end.h"

namespace ltcap {

std::atomic<bool> g_forked{false};  // set in a forked child (pthread_atfork), cheaper than getpid() per call

namespace {

Capture* g_capture = nullptr;
// The trigger signal's state, flipped by its handler (async-signal-safe); the window control follows it.
std::atomic<bool> g_trigger_on{false};

// Fatal signals: flush what is buffered, then let the program's own handling (or the default) happen.
constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTERM, SIGINT, SIGQUIT};
struct sigaction g_previous[65];

// Threads faulting together flush once: the first writes, the others wait for it; a fault inside the flush (the
// handler runs with SA_NODEFER, so it is entered again) writes nothing more.
FlushGate g_flush_gate;

void OnFatalSignal(int sig, siginfo_t* info, void* uctx) {
    const struct sigaction& prev = g_previous[sig];
    // The process dies of it when the program left the default action: the log's end entry then says so. A program
    // handling the signal may go on, and its log with it.
    const bool dies = !(prev.sa_flags & SA_SIGINFO) && prev.sa_handler == SIG_DFL;
    if (g_capture && !g_forked)  // a child that never called tt-metal has no log
        g_flush_gate.Run([sig, dies] { g_capture->EmergencyFlush(dies ? sig : 0); });
    if (prev.sa_flags & SA_SIGINFO) {
        prev.sa_sigaction(sig, info, uctx);
        return;
    }
    if (prev.sa_handler == SIG_IGN) return;
    if (prev.sa_handler != SIG_DFL) {
        prev.sa_handler(sig);
        return;
    }
    signal(sig, SIG_DFL);
    raise(sig);  // for faults, returning re-executes the access under the default action
}

void OnTriggerSignal(int) { g_trigger_on.store(!g_trigger_on.load(std::memory_order_relaxed), std::memory_order_relaxed); }

void InstallTrigger(int sig) noexcept {
    struct sigaction sa {};
    sa.sa_handler = OnTriggerSignal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, nullptr);
}

// The trigger signal is handled from the moment the shim is loaded, not from the first tt-metal call when the
// capture starts: a program (or ltplay marking a range for ltcap trim) that raises it earlier is not killed by the
// signal's default action, and the window it opens is open at that first call.
__attribute__((constructor)) void InstallTriggerAtLoad() {
    const char* name = std::getenv("LTCAP_TRIGGER_SIGNAL");
    if (!name) return;
    try {
        if (const int sig = ParseTriggerSignal(name)) InstallTrigger(sig);
    } catch (...) {  // (a bad name is reported when the capture starts)
    }
}

void CloseAtExit() {
    if (g_capture && !g_forked) g_capture->Close();
}

}  // namespace

void InstallProcessHooks(Capture& capture, WindowControl* windows, int trigger_signal) noexcept {
    g_capture = &capture;
    if (windows && trigger_signal) {
        windows->Follow(&g_trigger_on);
        InstallTrigger(trigger_signal);  // again: a handler the program installed since the shim loaded gives way
    }
    for (int sig : kFatalSignals) {
        struct sigaction sa {};
        sa.sa_sigaction = OnFatalSignal;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(sig, &sa, &g_previous[sig]);
    }
    std::atexit(CloseAtExit);
    // An exception nobody catches: the end entry a dying process writes names it (the abort that follows flushes).
    process_end::InstallTerminateHandler([]() noexcept {
        if (g_capture && !g_forked) g_capture->NoteUncaught();
    });
    pthread_atfork([] { g_capture->LockForFork(!g_forked); }, [] { g_capture->UnlockAfterFork(); },
                   [] {
                       g_capture->UnlockAfterFork();
                       g_capture->ResetCallLocksInChild();
                       g_forked = true;
                   });
}

bool TakeForked() noexcept {
    return g_forked.load(std::memory_order_relaxed) && g_forked.exchange(false);
}

bool InForkedChild() noexcept { return g_forked.load(std::memory_order_relaxed); }

}  // namespace ltcap
