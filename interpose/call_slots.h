// Which threads are inside the capture's call path, without a shared counter or lock on it. Two rare events need
// to know: a window opening with a snapshot waits until no call whose records are kept is half done (every such
// call is then either in the snapshot or in the new log), and a log closing is finished by whichever of it and the
// calls still writing to it is last. A shared reader-writer lock and an in-flight count did this with four atomic
// read-modify-writes per call, on cache lines every thread and the rare side share.
//
// Instead each thread owns a slot (registered on its first call, reused after it exits) and only stores into it:
// the session it writes to, and whether it is keeping records. The rare side raises its flag, then runs an
// asymmetric barrier — membarrier(2)'s private expedited command, one full memory barrier on every core running a
// thread of the process — and reads every slot. A call stores into its slot, separates that store from its load of
// the flag by a compiler barrier only (ReaderFence), and loads the flag: either the call sees the flag, or the rare
// side sees the slot (user-space RCU's membarrier flavour). Where membarrier is unavailable the call's barrier is a
// full fence instead (one locked instruction), decided once before any call reads it — as it is in a process under a
// seccomp filter, which might kill the process for a syscall it did not foresee.
#pragma once

#include <atomic>
#include <cstdint>

namespace ltcap {

class CallSlots {
public:
    struct alignas(64) Slot {
        std::atomic<const void*> session{nullptr};  // the session this thread's call writes to, or null
        std::atomic<bool> keeping{false};            // the call's records are kept (the window's wait)
        unsigned session_depth = 0;                  // the owner's own: nested holds of `session`
        std::atomic<bool> taken{false};              // a live thread owns the slot
        Slot* next = nullptr;                        // set before the slot is published, never changed
    };

    // Chooses the barrier (membarrier if the kernel lets the process register for it). Before any thread calls
    // ReaderFence; again in a forked child (one thread) to re-check.
    static void Init() noexcept;
    // This thread's slot, registered on first use; null only if no memory was left for a new one.
    static Slot* Mine() noexcept {
        if (t_slot) [[likely]] return t_slot;
        return Register();
    }
    // Between a call's store into its slot and its load of the rare side's flag.
    static void ReaderFence() noexcept {
        if (fenced_.load(std::memory_order_relaxed)) std::atomic_thread_fence(std::memory_order_seq_cst);
        else std::atomic_signal_fence(std::memory_order_seq_cst);
    }
    // The rare side, after raising its flag and before reading the slots: afterwards every call either sees the flag
    // or has its slot store seen here. (A full fence too, for the rare side's own reads.)
    static void Barrier() noexcept;
    // Whether any slot but `except` holds `session` / is keeping records. Call after Barrier().
    static bool AnyHolds(const void* session, const Slot* except = nullptr) noexcept;
    static bool AnyKeeping(const Slot* except = nullptr) noexcept;
    // Waits (spinning, then yielding, then sleeping) until no slot but `except` is keeping records.
    static void WaitNoneKeeping(const Slot* except) noexcept;
    // In a forked child: the other threads are gone, so their slots are free and hold nothing.
    static void AfterForkInChild() noexcept;
    // Whether calls use the full fence (tests, the benchmark's report).
    static bool fenced() noexcept { return fenced_.load(std::memory_order_relaxed); }

private:
    static Slot* Register() noexcept;
    static constinit thread_local Slot* t_slot;
    static std::atomic<Slot*> head_;
    static std::atomic<bool> fenced_;
};

}  // namespace ltcap
