#include "interpose/flush_gate.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace ltcap {
namespace {

// Threads that fault together: one flush, and no thread leaves the gate before that flush has ended.
TEST(FlushGateTest, ThreadsArrivingTogetherFlushOnceAndWaitForIt) {
    FlushGate gate;
    std::atomic<int> running{0}, done{0}, left_early{0};
    std::atomic<bool> go{false};
    constexpr int kThreads = 4;
    std::vector<std::thread> threads;
    std::atomic<int> flushed{0}, waited{0};
    for (int t = 0; t < kThreads; t++) {
        threads.emplace_back([&] {
            while (!go.load()) {
            }
            const auto outcome = gate.Run([&] {
                running++;
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
                done++;
                running--;
            });
            if (done.load() == 0) left_early++;
            if (outcome == FlushGate::Outcome::kFlushed) flushed++;
            if (outcome == FlushGate::Outcome::kWaited) waited++;
        });
    }
    go = true;
    for (auto& t : threads) t.join();
    EXPECT_EQ(flushed.load(), 1);
    EXPECT_EQ(waited.load(), kThreads - 1);
    EXPECT_EQ(done.load(), 1);
    EXPECT_EQ(left_early.load(), 0) << "a thread went on before the flush it waited for had ended";
    EXPECT_EQ(gate.flushes(), 1u);
}

// A second fault inside the flush (the handler entered again on the same thread) writes nothing more.
TEST(FlushGateTest, AFaultInsideTheFlushDoesNotFlushAgain) {
    FlushGate gate;
    int flushes = 0;
    FlushGate::Outcome inner = FlushGate::Outcome::kFlushed;
    const auto outer = gate.Run([&] {
        flushes++;
        inner = gate.Run([&] { flushes++; });
    });
    EXPECT_EQ(outer, FlushGate::Outcome::kFlushed);
    EXPECT_EQ(inner, FlushGate::Outcome::kInsideOwnFlush);
    EXPECT_EQ(flushes, 1);
}

// A process that survives its signal (a handler further down recovers) may flush again at its next one.
TEST(FlushGateTest, ALaterSignalFlushesAgain) {
    FlushGate gate;
    int flushes = 0;
    EXPECT_EQ(gate.Run([&] { flushes++; }), FlushGate::Outcome::kFlushed);
    EXPECT_EQ(gate.Run([&] { flushes++; }), FlushGate::Outcome::kFlushed);
    EXPECT_EQ(flushes, 2);
}

// A flush that never ends is waited for only so long.
TEST(FlushGateTest, AStuckFlushIsWaitedForOnlySoLong) {
    FlushGate gate(50);
    std::atomic<bool> release{false}, entered{false};
    std::thread stuck([&] {
        gate.Run([&] {
            entered = true;
            while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        });
    });
    while (!entered.load()) std::this_thread::yield();
    EXPECT_EQ(gate.Run([] {}), FlushGate::Outcome::kGaveUpWaiting);
    release = true;
    stuck.join();
}

}  // namespace
}  // namespace ltcap
