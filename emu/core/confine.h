// Confined kernels: a launch's kernels run in a worker process, never in the process that asked for the launch — a
// log's kernels are untrusted programs, and on a device they could not reach the host either (docs/emulator.md,
// "Confined kernels").
//
// A worker is a fork of this process (so it starts with the launch engine's state, copied), cut off before any kernel
// code runs:
//   - the only memory it shares with this process is the devices' (their memfd mappings) and a status page this
//     process reads as untrusted text; every other shared mapping is unmapped, and what it writes to its copy of
//     this process's memory dies with it;
//   - its only file descriptors are the devices' memfds, two pipes standing for its stdout and stderr and (a
//     persistent worker) a socket to this process;
//   - Landlock (where the kernel has it) lets it read only the kernels' files, and a seccomp filter allows only what
//     loading and running them needs: memory management (anonymous or device memory, the objects loaded), reads and
//     writes on its own descriptors, opening files to read, signals to itself, time and exit. Any other system call
//     stops the kernel that made it (SIGSYS), reported like a memory fault; starting a process or a thread kills the
//     worker.
// The worker dies with the thread that forked it (PR_SET_PDEATHSIG), dumps no core and makes no child.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ttemu {

// Device memory files a worker keeps (DeviceMemory registers each memfd while it lives).
void RegisterDeviceFd(int fd);
void UnregisterDeviceFd(int fd);

struct ConfinedWork {
    std::vector<std::string> readable_files;  // what `load` may open (read only): the kernels' shared objects
    std::function<void()> prepare;            // runs first, in the worker before it is confined (signal handlers)
    std::function<void()> load;               // runs first, under the loading filter
    std::function<std::string()> run;         // then under the run filter; returns the failure text, "" if none
};

// Runs `work` in a confined worker and returns its failure text ("" when it succeeded). A worker that cannot be made
// or set up, or that dies, is a failure too, described. The worker's stdout and stderr are copied to this process's
// as they come. Throws std::runtime_error only if no worker can be started at all (fork or pipe failing).
std::string RunConfined(const ConfinedWork& work);

// A long-lived worker serving requests, for launches: forked when a device is made (DevicesChanged) or at the first
// request, and again after the set of devices changed or the worker died; confined as above for its whole life —
// Landlock lets it read only files beneath `readable_dir` (the kernel cache), where it loads kernels as requests
// name them. Needs Landlock (PersistentWorkerAvailable): without it the filter would let
// kernels read any file, and each launch gets a worker of its own (RunConfined) instead.
struct ConfinedService {
    std::string readable_dir;
    std::function<void()> prepare;                          // in the worker before it is confined
    std::function<std::string(const std::string&)> serve;  // in the worker: a request → its failure text, "" if none
};
bool PersistentWorkerAvailable();

// Sends `request` to the service's worker and returns its answer (cleaned, as RunConfined's). One service per
// process; callers serialize their calls (the launch lock).
std::string CallConfined(const ConfinedService& service, const std::string& request);

// The launch engine's service, or null when launches do not use a persistent worker (confinement off, or no
// Landlock): set once by the engine. DevicesChanged, called when a device has been made, starts a fresh worker at
// once — from the thread that opened the device, while the process is as quiet as it gets (a fork copies the locks
// other threads hold: glibc's allocator and loader are made safe for that, a sanitizer's allocator is not) — rather
// than at the next launch, from a command queue's thread while the program's threads run.
void SetConfinedServiceProvider(const ConfinedService* (*provider)());
void DevicesChanged() noexcept;

// In a worker: true (the code runs confined).
bool InConfinedWorker();

// In a worker, for a fault outside kernel code (a kernel's static constructor, the emulator itself): records `text`
// as the launch's failure and ends the worker. Async-signal-safe.
[[noreturn]] void AbandonWorker(const char* text) noexcept;

// A watchdog's question to the running worker (ttemu_describe_running): the worker answers from its scheduler, which
// polls DescribeRequested between kernel switches. Nothing if no worker runs a launch; "" if one does but does not
// answer within `wait_ms` (a kernel that never yields: built with TT_METAL_EMU_PREEMPT=0).
std::optional<std::string> AskRunningWorker(int wait_ms);
bool DescribeRequested() noexcept;
void AnswerDescribe(const std::string& text) noexcept;

// The names of the system calls kernels most often try, for messages ("" if not one of them).
const char* SyscallName(long number) noexcept;

}  // namespace ttemu
