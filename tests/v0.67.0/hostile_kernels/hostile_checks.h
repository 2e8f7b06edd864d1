// The checks of the hostile-kernels programs (one per release's API: tests/v0.56.0/hostile_kernels and
// tests/v0.67.0/hostile_kernels). Kernels that try to reach the machine running them: on a device they could not; on
// the emulated device they run confined (docs/emulator.md, "Confined kernels"). Each attempt must fail its launch
// with a message naming what it tried, leave no trace on the machine, and leave the device usable for the next
// launch; a kernel that never returns is described by the emulator's watchdog query and dies with the program.
#pragma once

#include <dlfcn.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace hostile {

inline const std::string kKernels = "tests/v0.67.0/hostile_kernels/kernels/";

// Runs kernels/`kernel` on core (0, 0) with `args` and MARK defined as the string `mark`: the launch's error, "" if
// it ran.
using Launcher = std::function<std::string(const std::string& kernel, const std::vector<std::uint32_t>& args,
                                           const std::string& mark)>;

struct Api {
    std::function<void()> start_spin;  // opens a device and enqueues kernels/spin.cpp without waiting
    std::function<Launcher()> open;    // opens a device
    std::function<void()> close;
};

inline bool g_pass = true;

inline void Check(bool ok, const std::string& what) {
    std::printf("hostile_kernels: %s: %s\n", ok ? "ok" : "FAILED", what.c_str());
    g_pass = g_pass && ok;
}

inline bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The --spin mode: the spinning launch, described by the emulator's watchdog query; then the process ends with the
// launch still running.
[[noreturn]] inline void Spin(const Api& api) {
    api.start_spin();
    auto describe = reinterpret_cast<std::size_t (*)(char*, std::size_t)>(dlsym(RTLD_DEFAULT, "ttemu_describe_running"));
    if (!describe) {
        std::printf("hostile_kernels: this library has no ttemu_describe_running (not the emulated device)\n");
        std::fflush(stdout);
        _exit(3);
    }
    char text[512] = {};
    for (int i = 0; i < 600; i++) {
        if (describe(text, sizeof text) && std::strstr(text, "running")) {
            std::printf("hostile_kernels: the spinning launch: %s\n", text);
            std::fflush(stdout);
            _exit(0);  // the launch still spins: its worker must die with this process
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::printf("hostile_kernels: the spinning launch was never described (last: '%s')\n", text);
    std::fflush(stdout);
    _exit(4);
}

inline int Main(int argc, char** argv, const Api& api) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each line out at once: unconfined, a kernel may replace this process
    if (argc > 1 && std::string(argv[1]) == "--spin") Spin(api);

    // The spinning kernel first, before this process opens a device: a child process runs it; this one adopts the
    // child's orphans (a subreaper), so a kernel worker that outlived the child would be seen here.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
        execl("/proc/self/exe", argv[0], "--spin", static_cast<char*>(nullptr));
        _exit(5);
    }
    int status = 0;
    waitpid(child, &status, 0);
    Check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "a kernel that never returns is described while it spins");
    int orphans = 0, killed = 0;
    for (int i = 0; i < 200; i++) {
        const pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            orphans++;
            killed += WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
            continue;
        }
        if (pid < 0) break;  // no child left
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    Check(orphans >= 1 && killed == orphans, "its worker died with its program (" + std::to_string(killed) + " of " +
                                                 std::to_string(orphans) + " orphans killed)");

    const Launcher launch = api.open();
    const std::string mark =
        (std::filesystem::temp_directory_path() / ("hostile-kernels-" + std::to_string(getpid()))).string();
    std::filesystem::remove(mark);

    std::string error = launch("open_file.cpp", {}, mark);
    Check(Has(error, "(openat)") && !std::filesystem::exists(mark), "a kernel that opens a file: " + error);
    error = launch("exec_shell.cpp", {}, mark);
    Check(Has(error, "(execve)") && !std::filesystem::exists(mark), "a kernel that runs a shell: " + error);
    error = launch("fork_child.cpp", {}, mark);
    Check(Has(error, "killed by SIGSYS") && Has(error, "starting a process"), "a kernel that forks: " + error);
    error = launch("constructor.cpp", {}, mark);
    Check(Has(error, "load-time code") && !std::filesystem::exists(mark),
          "a kernel whose static constructor opens a file: " + error);

    static volatile std::uint32_t host_word = 7;
    const auto address = reinterpret_cast<std::uintptr_t>(&host_word);
    error = launch("host_write.cpp", {static_cast<std::uint32_t>(address), static_cast<std::uint32_t>(address >> 32)}, mark);
    Check(host_word == 7 && (error.empty() || Has(error, "out-of-bounds memory access")),
          "a kernel that writes a host address leaves it as it was (" + std::to_string(host_word) + ")" +
              (error.empty() ? "" : ": " + error));
    error = launch("divide.cpp", {0}, mark);
    Check(Has(error, "divided an integer by zero"), "a kernel that divides by zero: " + error);
    error = launch("divide.cpp", {10}, mark);
    Check(error.empty(), "and then a good launch runs" + (error.empty() ? "" : ": " + error));

    api.close();
    std::filesystem::remove(mark);
    std::printf("hostile_kernels: %s\n", g_pass ? "PASS" : "FAIL");
    return g_pass ? 0 : 1;
}

}  // namespace hostile
