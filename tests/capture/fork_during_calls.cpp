// A program that forks while another of its threads is inside tt-metal calls whose records the shim keeps (runtime
// args, set in a loop). Each child makes one tt-metal call and exits; the parent counts the children that finished.
// Under the shim a child starts a log of its own at that call, with a snapshot of the kept state — it must not wait
// for a lock the other thread held at the fork (that thread does not exist in the child).
//   fork_during_calls [FORKS]      exits 0 when every child exited 0 within 10 s
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <tt-metalium/host_api.hpp>

using namespace tt::tt_metal;

int main(int argc, char** argv) {
    const int forks = argc > 1 ? std::atoi(argv[1]) : 20;
    Program program = CreateProgram();
    const KernelHandle k = CreateKernelFromString(program, "void kernel_main() {}", CoreCoord{0, 0}, DataMovementConfig{});
    std::atomic<bool> stop{false};
    std::thread setter([&] {
        for (uint32_t i = 0; !stop.load(std::memory_order_relaxed); i++) SetRuntimeArgs(program, k, CoreCoord{0, 0}, {i, i});
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // the setter is in its loop
    int finished = 0;
    for (int f = 0; f < forks; f++) {
        const pid_t pid = fork();
        if (pid == 0) {
            alarm(10);  // a child that hangs dies of SIGALRM: the parent sees it
            SetRuntimeArgs(program, k, CoreCoord{0, 0}, {7u, 7u});
            std::exit(0);  // atexit handlers run: the shim closes the child's log
        }
        int status = 0;
        if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) finished++;
        else std::fprintf(stderr, "fork_during_calls: child %d did not finish (status %#x)\n", f + 1, status);
    }
    stop = true;
    setter.join();
    std::printf("fork_during_calls: %d of %d children finished\n", finished, forks);
    return finished == forks ? 0 : 1;
}
