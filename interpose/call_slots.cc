#include "interpose/call_slots.h"

#include <linux/membarrier.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <new>

namespace ltcap {

constinit thread_local CallSlots::Slot* CallSlots::t_slot = nullptr;
std::atomic<CallSlots::Slot*> CallSlots::head_{nullptr};
std::atomic<bool> CallSlots::fenced_{true};

namespace {

long Membarrier(int command) { return syscall(SYS_membarrier, command, 0, 0); }

// A slot holding nothing, free for the next thread to register.
void Free(CallSlots::Slot* slot) {
    slot->session.store(nullptr, std::memory_order_relaxed);
    slot->keeping.store(false, std::memory_order_relaxed);
    slot->session_depth = 0;
    slot->taken.store(false, std::memory_order_release);
}

// Gives the slot back when its thread exits (a thread-local's destructor runs then).
struct SlotOwner {
    CallSlots::Slot* slot = nullptr;
    ~SlotOwner() {
        if (slot) Free(slot);
    }
};
thread_local SlotOwner t_owner;

}  // namespace

void CallSlots::Init() noexcept {
    // Under a seccomp filter a syscall the filter did not foresee may kill the process: never risk the program for
    // a few nanoseconds a call.
    if (prctl(PR_GET_SECCOMP, 0, 0, 0, 0) != 0) {
        fenced_.store(true, std::memory_order_seq_cst);
        return;
    }
    const long commands = Membarrier(MEMBARRIER_CMD_QUERY);
    const bool expedited = commands > 0 && (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
                           Membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0;
    fenced_.store(!expedited, std::memory_order_seq_cst);
}

void CallSlots::Barrier() noexcept {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if (!fenced_.load(std::memory_order_relaxed) && Membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) != 0) {
        // Refused after the registration was accepted (no kernel does): calls fence fully from now on, and a call
        // that had passed its compiler barrier before this has its store published within a scheduler tick.
        fenced_.store(true, std::memory_order_seq_cst);
        const timespec pause{0, 20 * 1000 * 1000};
        nanosleep(&pause, nullptr);
    }
    std::atomic_thread_fence(std::memory_order_seq_cst);
}

CallSlots::Slot* CallSlots::Register() noexcept {
    for (Slot* s = head_.load(std::memory_order_acquire); s; s = s->next) {
        bool free = false;
        if (!s->taken.load(std::memory_order_relaxed) &&
            s->taken.compare_exchange_strong(free, true, std::memory_order_acq_rel)) {
            t_owner.slot = t_slot = s;
            return s;
        }
    }
    Slot* s = new (std::nothrow) Slot;
    if (!s) return nullptr;
    s->taken.store(true, std::memory_order_relaxed);
    Slot* head = head_.load(std::memory_order_relaxed);
    do s->next = head;
    while (!head_.compare_exchange_weak(head, s, std::memory_order_release, std::memory_order_relaxed));
    t_owner.slot = t_slot = s;
    return s;
}

bool CallSlots::AnyHolds(const void* session, const Slot* except) noexcept {
    for (Slot* s = head_.load(std::memory_order_acquire); s; s = s->next)
        if (s != except && s->session.load(std::memory_order_acquire) == session) return true;
    return false;
}

bool CallSlots::AnyKeeping(const Slot* except) noexcept {
    for (Slot* s = head_.load(std::memory_order_acquire); s; s = s->next)
        if (s != except && s->keeping.load(std::memory_order_acquire)) return true;
    return false;
}

void CallSlots::WaitNoneKeeping(const Slot* except) noexcept {
    for (unsigned round = 0; AnyKeeping(except); round++) {
        if (round < 64) {
#if defined(__x86_64__)
            __builtin_ia32_pause();
#endif
        } else if (round < 256) {
            sched_yield();
        } else {
            const timespec pause{0, 50 * 1000};
            nanosleep(&pause, nullptr);
        }
    }
}

void CallSlots::AfterForkInChild() noexcept {
    for (Slot* s = head_.load(std::memory_order_acquire); s; s = s->next) {
        if (s != t_slot) Free(s);
    }
    Init();
}

}  // namespace ltcap
