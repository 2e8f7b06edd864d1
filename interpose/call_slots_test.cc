#include "interpose/call_slots.h"

#include <gtest/gtest.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

namespace ltcap {
namespace {

TEST(CallSlots, OnePerThreadAndReusedAfterItExits) {
    CallSlots::Init();
    CallSlots::Slot* mine = CallSlots::Mine();
    ASSERT_NE(mine, nullptr);
    EXPECT_EQ(CallSlots::Mine(), mine);
    CallSlots::Slot* other = nullptr;
    std::thread([&] { other = CallSlots::Mine(); }).join();
    ASSERT_NE(other, nullptr);
    EXPECT_NE(other, mine);
    CallSlots::Slot* next = nullptr;
    std::thread([&] { next = CallSlots::Mine(); }).join();
    EXPECT_EQ(next, other);  // the exited thread's slot, not a new one
}

TEST(CallSlots, HoldsAndKeepingAreSeenExceptOnesOwn) {
    int session = 0;
    CallSlots::Slot* mine = CallSlots::Mine();
    mine->session.store(&session);
    mine->keeping.store(true);
    EXPECT_TRUE(CallSlots::AnyHolds(&session));
    EXPECT_FALSE(CallSlots::AnyHolds(&session, mine));
    EXPECT_TRUE(CallSlots::AnyKeeping());
    EXPECT_FALSE(CallSlots::AnyKeeping(mine));
    CallSlots::WaitNoneKeeping(mine);  // returns: only this thread keeps
    mine->session.store(nullptr);
    mine->keeping.store(false);
    EXPECT_FALSE(CallSlots::AnyHolds(&session));
}

// The protocol the capture's keeping uses (capture.h KeepingShare, Capture::OpenLog): a call marks its slot, fences,
// and enters only if the gate is open; the rare side closes the gate, runs the barrier and waits out the marked
// slots. Then no call is inside while the gate is closed. (A missing wait fails this at once; a missing barrier —
// a call's slot store still in its core's store buffer when the rare side reads it — is a window of nanoseconds
// this test rarely hits.)
TEST(CallSlots, NoCallIsInsideOnceTheGateIsClosedAndWaitedOut) {
    CallSlots::Init();
    std::printf("calls fence with %s\n", CallSlots::fenced() ? "a full fence" : "a compiler barrier (membarrier)");
    std::atomic<bool> closed{false}, stop{false};
    std::atomic<int> inside{0};
    std::atomic<long> entered{0}, turned_away{0};
    std::vector<std::thread> callers;
    for (int t = 0; t < 3; t++) {
        callers.emplace_back([&] {
            CallSlots::Slot* slot = CallSlots::Mine();
            while (!stop.load(std::memory_order_relaxed)) {
                slot->keeping.store(true, std::memory_order_relaxed);
                CallSlots::ReaderFence();
                if (closed.load(std::memory_order_relaxed)) {
                    slot->keeping.store(false, std::memory_order_release);
                    turned_away.fetch_add(1, std::memory_order_relaxed);
                    continue;
                }
                inside.fetch_add(1, std::memory_order_relaxed);
                for (int work = 0; work < 20; work++) std::atomic_signal_fence(std::memory_order_seq_cst);
                inside.fetch_sub(1, std::memory_order_relaxed);
                entered.fetch_add(1, std::memory_order_relaxed);
                slot->keeping.store(false, std::memory_order_release);
            }
        });
    }
    while (entered.load() < 3) std::this_thread::yield();  // the callers run
    int violations = 0;
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(300);
    for (int round = 0; round < 3000 || std::chrono::steady_clock::now() < until; round++) {
        closed.store(true, std::memory_order_relaxed);
        CallSlots::Barrier();
        CallSlots::WaitNoneKeeping(CallSlots::Mine());
        for (int look = 0; look < 50; look++) violations += inside.load(std::memory_order_relaxed) != 0;
        closed.store(false, std::memory_order_release);
        for (int spin = 0; spin < 200; spin++) std::atomic_signal_fence(std::memory_order_seq_cst);
    }
    stop = true;
    for (auto& t : callers) t.join();
    EXPECT_EQ(violations, 0);
    EXPECT_GT(entered.load(), 0);
    EXPECT_GT(turned_away.load(), 0);  // the gate was met closed: the test exercised it
}

// A process under a seccomp filter never calls membarrier (the filter might kill it): its calls fence fully.
TEST(CallSlots, UnderASeccompFilterCallsFenceFully) {
    CallSlots::Init();
    const bool fenced_here = CallSlots::fenced();
    const pid_t child = fork();
    if (child == 0) {
        sock_filter allow[] = {BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)};
        sock_fprog program{1, allow};
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0)
            _exit(2);
        CallSlots::Init();
        _exit(CallSlots::fenced() ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "2: the filter could not be installed; 1: membarrier chosen under it";
    EXPECT_EQ(CallSlots::fenced(), fenced_here);  // the parent's choice is its own
}

TEST(CallSlots, AForkedChildFreesTheSlotsOfThreadsItDoesNotHave) {
    int session = 0;
    std::atomic<bool> holding{false}, done{false};
    std::thread holder([&] {
        CallSlots::Mine()->session.store(&session);
        holding = true;
        while (!done) std::this_thread::yield();
        CallSlots::Mine()->session.store(nullptr);
    });
    while (!holding) std::this_thread::yield();
    ASSERT_TRUE(CallSlots::AnyHolds(&session));
    const pid_t child = fork();
    if (child == 0) {
        const bool before = CallSlots::AnyHolds(&session);
        CallSlots::AfterForkInChild();
        _exit(before && !CallSlots::AnyHolds(&session) ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    done = true;
    holder.join();
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

}  // namespace
}  // namespace ltcap
