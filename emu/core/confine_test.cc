// The confined worker on its own: what work in it can and cannot reach.
#include "confine.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace ttemu {
namespace {

std::string TempFile(const std::string& name, const std::string& content) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              (name + "-" + std::to_string(getpid()))).string();
    std::ofstream(path) << content;
    return path;
}

// A SIGSYS handler as the emulator's: it reports the system call and ends the worker.
void ReportSyscall(int, siginfo_t* info, void*) {
    char text[64];
    std::snprintf(text, sizeof text, "system call %d", info->si_syscall);
    AbandonWorker(text);
}

ConfinedWork Work(std::function<std::string()> run) {
    ConfinedWork w;
    w.prepare = [] {
        struct sigaction sa {};
        sa.sa_sigaction = ReportSyscall;
        sa.sa_flags = SA_SIGINFO;
        sigaction(SIGSYS, &sa, nullptr);
    };
    w.load = [] {};
    w.run = std::move(run);
    return w;
}

TEST(Confine, ReturnsTheWorkersResult) {
    EXPECT_EQ(RunConfined(Work([] { return std::string(); })), "");
    EXPECT_EQ(RunConfined(Work([] { return std::string("kernel x failed"); })), "kernel x failed");
    EXPECT_FALSE(InConfinedWorker());
    EXPECT_EQ(RunConfined(Work([] { return std::string(InConfinedWorker() ? "inside" : "outside"); })), "inside");
}

TEST(Confine, SystemCallsAreStopped) {
    const std::string file = TempFile("confine-open", "secret");
    const std::string open_text = "system call " + std::to_string(SYS_openat);
    EXPECT_EQ(RunConfined(Work([&] {
                  const int fd = open(file.c_str(), O_RDONLY);
                  return "opened: " + std::to_string(fd);
              })),
              open_text);
    EXPECT_EQ(RunConfined(Work([] {
                  char* argv[] = {const_cast<char*>("/bin/true"), nullptr};
                  execv(argv[0], argv);
                  return std::string("exec returned");
              })),
              "system call " + std::to_string(SYS_execve));
    const pid_t host = getpid();
    EXPECT_EQ(RunConfined(Work([&] {
                  kill(host, SIGTERM);
                  return std::string("signalled");
              })),
              "system call " + std::to_string(SYS_kill));
    // Starting a process kills the worker at once (fork holds the allocator's locks when it makes the call).
    const std::string forked = RunConfined(Work([] {
        const pid_t pid = fork();
        if (pid == 0) _exit(0);
        return "forked: " + std::to_string(pid);
    }));
    EXPECT_NE(forked.find("killed by SIGSYS"), std::string::npos) << forked;
    // Without a handler the worker dies of the signal; the parent says so.
    ConfinedWork bare;
    bare.load = [] {};
    bare.run = [&] {
        const int fd = open(file.c_str(), O_RDONLY);
        return "opened: " + std::to_string(fd);
    };
    const std::string died = RunConfined(bare);
    EXPECT_NE(died.find("killed by SIGSYS"), std::string::npos) << died;
    std::filesystem::remove(file);
}

TEST(Confine, WritesToHostMemoryStayInTheWorker) {
    static int host_value = 7;
    int* on_heap = new int(11);
    EXPECT_EQ(RunConfined(Work([&] {
                  host_value = 99;
                  *on_heap = 99;
                  return std::to_string(host_value + *on_heap);
              })),
              "198");
    EXPECT_EQ(host_value, 7);
    EXPECT_EQ(*on_heap, 11);
    delete on_heap;
}

TEST(Confine, OnlyDeviceMemoryIsShared) {
    // A shared mapping of the host's that is not device memory: gone in the worker.
    auto* shared = static_cast<int*>(mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
    ASSERT_NE(shared, MAP_FAILED);
    *shared = 5;
    // A device file registered as the emulator's memory: shared, as the device is.
    const int fd = memfd_create("tt-metal-emu-device", MFD_CLOEXEC);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(ftruncate(fd, 4096), 0);
    auto* device = static_cast<int*>(mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    ASSERT_NE(device, MAP_FAILED);
    RegisterDeviceFd(fd);
    *device = 1;
    EXPECT_EQ(RunConfined(Work([&] {
                  *device = 2;
                  return std::string();
              })),
              "");
    EXPECT_EQ(*device, 2);
    const std::string died = RunConfined(Work([&] {
        *shared = 6;
        return std::string("wrote");
    }));
    EXPECT_NE(died.find("SIGSEGV"), std::string::npos) << died;
    EXPECT_EQ(*shared, 5);
    // The device file cannot be resized (the parent's mapping would fault).
    EXPECT_EQ(RunConfined(Work([&] { return std::to_string(ftruncate(fd, 0)); })),
              "system call " + std::to_string(SYS_ftruncate));
    EXPECT_EQ(RunConfined(Work([&] { return std::to_string(fallocate(fd, 0, 0, 1 << 20)); })),
              "system call " + std::to_string(SYS_fallocate));
    UnregisterDeviceFd(fd);
    munmap(device, 4096);
    munmap(shared, 4096);
    close(fd);
}

TEST(Confine, LoadingReadsOnlyItsFiles) {
    const std::string mine = TempFile("confine-mine", "object");
    const std::string other = TempFile("confine-other", "secret");
    ConfinedWork w = Work([] { return std::string(); });
    std::string seen;
    w.readable_files = {mine};
    w.load = [&] {
        const int a = open(mine.c_str(), O_RDONLY | O_CLOEXEC);
        char buf[16] = {};
        const ssize_t n = a >= 0 ? read(a, buf, sizeof buf - 1) : -1;
        const int b = open(other.c_str(), O_RDONLY | O_CLOEXEC);
        const int b_errno = errno;
        const int c = open(mine.c_str(), O_WRONLY | O_CLOEXEC);
        (void)c;
        throw std::runtime_error(std::string("read ") + (n > 0 ? buf : "nothing") + ", other " +
                                 (b >= 0 ? "opened" : b_errno == EACCES ? "denied" : "failed"));
    };
    // Opening for writing is a forbidden system call even where Landlock is missing; before it, the object was
    // read, and the other file was denied (Landlock) — reached only if the kernel has Landlock.
    const std::string result = RunConfined(w);
    EXPECT_EQ(result, "system call " + std::to_string(SYS_openat)) << result;
    w.load = [&] {
        const int b = open(other.c_str(), O_RDONLY | O_CLOEXEC);
        throw std::runtime_error(b >= 0 ? "other opened" : errno == EACCES ? "other denied" : "other failed");
    };
    const long landlock = syscall(444, nullptr, 0, 1);
    EXPECT_EQ(RunConfined(w), landlock >= 1 ? "other denied" : "other opened");
    std::filesystem::remove(mine);
    std::filesystem::remove(other);
}

TEST(Confine, OutputIsForwarded) {
    testing::internal::CaptureStdout();
    EXPECT_EQ(RunConfined(Work([] {
                  const char line[] = "hello from the worker\n";
                  return std::to_string(write(1, line, sizeof line - 1));
              })),
              "22");
    EXPECT_EQ(testing::internal::GetCapturedStdout(), "hello from the worker\n");
}

TEST(Confine, AWatchdogIsAnswered) {
    std::atomic<bool> asked{false};
    std::string answer;
    std::thread watchdog([&] {
        for (int i = 0; i < 200 && answer.empty(); i++) {
            if (auto a = AskRunningWorker(1000)) answer = *a;
            else std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    });
    const std::string result = RunConfined(Work([] {
        // Spins, answering, until it has answered once (a scheduler between kernel switches does the same).
        for (;;) {
            if (DescribeRequested()) {
                AnswerDescribe("core (0,0) spinning\x1b[2J\xc2\x9b");
                return std::string();
            }
        }
    }));
    watchdog.join();
    EXPECT_EQ(result, "");
    EXPECT_EQ(answer, "core (0,0) spinning?[2J?");  // escape and C1 controls cleaned
    EXPECT_FALSE(AskRunningWorker(10).has_value());  // no worker now
}

TEST(Confine, AWorkerThatDoesNotAnswerIsStillSeenRunning) {
    // The worker spins without answering until the watchdog has had its answer, told through device memory.
    const int fd = memfd_create("tt-metal-emu-device", MFD_CLOEXEC);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(ftruncate(fd, 4096), 0);
    auto* flag = static_cast<std::atomic<int>*>(mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    ASSERT_NE(static_cast<void*>(flag), MAP_FAILED);
    RegisterDeviceFd(fd);
    flag->store(0);
    std::optional<std::string> answer;
    std::thread watchdog([&] {
        while (!(answer = AskRunningWorker(100))) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        flag->store(1);
    });
    const std::string result = RunConfined(Work([&] {
        while (flag->load() == 0) {
        }
        return std::string();
    }));
    watchdog.join();
    EXPECT_EQ(result, "");
    ASSERT_TRUE(answer.has_value());
    EXPECT_EQ(*answer, "");  // running, not answering
    UnregisterDeviceFd(fd);
    munmap(flag, 4096);
    close(fd);
}

TEST(Confine, ResultTextIsCleaned) {
    EXPECT_EQ(RunConfined(Work([] { return std::string("bad\x07text\xc2\x9d!"); })), "bad?text?!");
}

}  // namespace
}  // namespace ttemu
