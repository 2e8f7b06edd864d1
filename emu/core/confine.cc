#include "confine.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <linux/audit.h>
#include <pthread.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include "common/signal_name.h"

namespace ttemu {
namespace {

#if defined(__x86_64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr std::uint32_t kAuditArch = AUDIT_ARCH_AARCH64;
#else
#error "confined kernels: no seccomp architecture for this target"
#endif

std::mutex g_fds_mutex;
// Never destroyed: devices held by static objects unregister at exit, after this file's statics would be gone.
std::set<int>& g_device_fds = *new std::set<int>;
std::uint64_t g_generation = 0;  // changes with every device file registered or not (under g_fds_mutex)

// The page the worker reports through. This process reads it as untrusted: lengths are clamped, text is cleaned.
struct Status {
    std::atomic<std::uint32_t> describe_request, describe_answer;
    std::uint32_t describe_len;
    char describe[16 * 1024];
    std::uint32_t done;  // kDone once `failure` holds the worker's result
    std::uint32_t failure_len;
    char failure[32 * 1024];
};
constexpr std::uint32_t kDone = 0x600DF00D;
static_assert(std::atomic<std::uint32_t>::is_always_lock_free);

Status* g_status = nullptr;
std::atomic<pid_t> g_worker{0};
bool g_in_worker = false;

Status* StatusPage() {
    static std::once_flag once;
    std::call_once(once, [] {
        void* p = mmap(nullptr, sizeof(Status), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) throw std::runtime_error(std::string("cannot map the kernel worker's status page: ") +
                                                      std::strerror(errno));
        g_status = static_cast<Status*>(p);
    });
    return g_status;
}

// Untrusted text to something fit for a terminal and a log line: printable ASCII, newlines and tabs, and UTF-8
// other than the C1 controls (U+0080..U+009F, encoded C2 80..C2 9F); anything else becomes '?'.
std::string Clean(const char* text, std::size_t len) {
    std::string out;
    out.reserve(len);
    for (std::size_t i = 0; i < len; i++) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f)) out += static_cast<char>(c);
        else if (c == 0xc2 && i + 1 < len && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                 static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            out += '?';
            i++;
        } else if (c >= 0x80 && c != 0xff) out += static_cast<char>(c);
        else out += '?';
    }
    return out;
}

void CopyInto(char* dest, std::uint32_t* len, std::size_t capacity, const char* text, std::size_t n) noexcept {
    n = std::min(n, capacity);
    std::memcpy(dest, text, n);
    *len = static_cast<std::uint32_t>(n);
}

// ---- seccomp filters -------------------------------------------------------------------------------------------

constexpr std::uint32_t ArgLow(int i) {
    return static_cast<std::uint32_t>(offsetof(seccomp_data, args) + 8 * i);  // little-endian: the low word first
}

class Filter {
public:
    Filter() {
        Add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)));
        Add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, kAuditArch, 1, 0));
        Add(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
        Add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));
#if defined(__x86_64__)
        Add(BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));  // the x32 ABI's numbers
        Add(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
#endif
    }
    // `nr` kills the worker at once: for calls whose C library wrapper holds locks it never gets back if the call is
    // trapped (fork takes the allocator's locks first), so a handler could not report it.
    void Kill(long nr) {
        Add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(nr), 0, 1));
        Add(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    }
    void Allow(long nr) {
        Add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(nr), 0, 1));
        Add(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
    }
    // `nr` only when the low word of argument `arg` is one of `values`.
    void AllowIfArgIn(long nr, int arg, const std::vector<std::uint32_t>& values) {
        std::vector<sock_filter> block;
        block.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ArgLow(arg)));
        const std::size_t n = values.size();
        for (std::size_t i = 0; i < n; i++)
            block.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, values[i], static_cast<std::uint8_t>(n - i), 0));
        block.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP));
        block.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
        Guarded(nr, block);
    }
    // `nr` only when argument `arg` has none of the bits of `mask`.
    void AllowIfArgBitsClear(long nr, int arg, std::uint32_t mask) {
        Guarded(nr, {BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ArgLow(arg)), BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, mask, 0, 1),
                     BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)});
    }
    // mmap: anonymous memory, or one of the device files.
    void AllowMmap(const std::vector<int>& fds) {
        std::vector<sock_filter> block;
        const std::size_t n = fds.size();
        block.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ArgLow(3)));
        block.push_back(BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, MAP_ANONYMOUS, static_cast<std::uint8_t>(n + 2), 0));
        block.push_back(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ArgLow(4)));
        for (std::size_t i = 0; i < n; i++)
            block.push_back(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(fds[i]),
                                     static_cast<std::uint8_t>(n - i), 0));
        block.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP));
        block.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
        Guarded(SYS_mmap, block);
    }
    bool Install() {
        std::vector<sock_filter> code = code_;
        code.push_back(BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP));
        if (code.size() > BPF_MAXINSNS) return errno = E2BIG, false;
        sock_fprog prog{static_cast<unsigned short>(code.size()), code.data()};
        return syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0;
    }

private:
    void Add(sock_filter f) { code_.push_back(f); }
    void Guarded(long nr, const std::vector<sock_filter>& block) {
        Add(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, static_cast<std::uint32_t>(nr), 0, static_cast<std::uint8_t>(block.size())));
        for (const auto& f : block) Add(f);
        Add(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)));  // unreachable: every block returns
    }
    std::vector<sock_filter> code_;
};

// What the emulator's own code needs while kernels run: memory, writes, signals to itself, time, exit.
void AllowRunCalls(Filter& f, const std::vector<int>& device_fds, pid_t self) {
    f.Kill(SYS_clone);
#ifdef SYS_clone3
    f.Kill(SYS_clone3);
#endif
#ifdef SYS_fork
    f.Kill(SYS_fork);
    f.Kill(SYS_vfork);
#endif
    // Writes to any descriptor: a worker has only its two pipes, a persistent worker's socket (0), the device files
    // and pipes of its own (a sanitizer probes memory through one); the parent reads all of them as untrusted.
    f.Allow(SYS_write);
    f.Allow(SYS_writev);
    f.Allow(SYS_pipe2);
    f.AllowIfArgIn(SYS_sendto, 0, {0});
    f.AllowMmap(device_fds);
    for (long nr : {SYS_munmap, SYS_mprotect, SYS_mremap, SYS_madvise, SYS_brk, SYS_futex, SYS_rt_sigreturn,
                    SYS_rt_sigprocmask, SYS_sigaltstack, SYS_exit, SYS_exit_group, SYS_getpid, SYS_gettid,
                    SYS_clock_gettime, SYS_clock_getres, SYS_gettimeofday, SYS_sched_yield, SYS_getrandom,
                    SYS_restart_syscall})
        f.Allow(nr);
    f.AllowIfArgIn(SYS_tgkill, 0, {static_cast<std::uint32_t>(self)});  // abort() signals itself
}

// And while the kernels' shared objects load: opening files to read (Landlock narrows which), reading, mapping.
void AllowLoadCalls(Filter& f) {
    constexpr std::uint32_t kWriting = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
    f.AllowIfArgBitsClear(SYS_openat, 2, kWriting);
#ifdef SYS_open
    f.AllowIfArgBitsClear(SYS_open, 1, kWriting);
#endif
    // seccomp: the run filter is installed after loading (a filter only ever narrows what is allowed).
    for (long nr : {SYS_read, SYS_pread64, SYS_close, SYS_fstat, SYS_newfstatat, SYS_statx, SYS_lseek, SYS_seccomp})
        f.Allow(nr);
    // mmap of any file: the objects just opened (the filter cannot tell them from the device files by number).
    f.Allow(SYS_mmap);
}

// ---- Landlock ---------------------------------------------------------------------------------------------------

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_add_rule 445
#define SYS_landlock_restrict_self 446
#endif

struct RulesetAttr {
    std::uint64_t handled_access_fs, handled_access_net, scoped;
};
struct __attribute__((packed)) PathBeneath {
    std::uint64_t allowed_access;
    std::int32_t parent_fd;
};
constexpr std::uint64_t kReadFile = 1ull << 2;
constexpr std::uint64_t kReadDir = 1ull << 3;

long LandlockAbi() { return syscall(SYS_landlock_create_ruleset, nullptr, 0, 1 /* LANDLOCK_CREATE_RULESET_VERSION */); }

// Restricts the filesystem to reading `files` and the files beneath `dir` (if not empty); false (errno set) if
// Landlock cannot be used.
bool RestrictFiles(const std::vector<std::string>& files, const std::string& dir) {
    const long abi = LandlockAbi();
    if (abi < 1) return false;
    RulesetAttr attr{};
    attr.handled_access_fs = (1ull << 13) - 1;        // ABI 1: execute .. make_sym
    if (abi >= 2) attr.handled_access_fs |= 1ull << 13;  // refer
    if (abi >= 3) attr.handled_access_fs |= 1ull << 14;  // truncate
    if (abi >= 5) attr.handled_access_fs |= 1ull << 15;  // ioctl_dev
    std::size_t size = 8;
    if (abi >= 4) attr.handled_access_net = 3, size = 16;  // bind_tcp, connect_tcp
    if (abi >= 6) attr.scoped = 3, size = 24;             // abstract unix sockets, signals
    const int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attr, size, 0));
    if (ruleset < 0) return false;
    for (const auto& file : files) {
        const int fd = open(file.c_str(), O_PATH | O_CLOEXEC);
        if (fd < 0) continue;  // loading it then fails, naming it
        PathBeneath rule{kReadFile, fd};
        syscall(SYS_landlock_add_rule, ruleset, 1 /* LANDLOCK_RULE_PATH_BENEATH */, &rule, 0);
        close(fd);
    }
    if (!dir.empty()) {
        const int fd = open(dir.c_str(), O_PATH | O_CLOEXEC | O_DIRECTORY);
        if (fd >= 0) {
            PathBeneath rule{kReadFile | kReadDir, fd};
            syscall(SYS_landlock_add_rule, ruleset, 1, &rule, 0);
            close(fd);
        }
    }
    const bool ok = syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
    close(ruleset);
    return ok;
}

// ---- the loader's lock ----------------------------------------------------------------------------------------
// A worker is a fork of a process whose other threads may be inside the dynamic loader when it forks — a C++
// exception unwinding (dl_iterate_phdr) or a dlopen holds the loader's write lock — and glibc 2.36's fork resets
// the loader's main lock in the child but not that one: the worker's first dlopen would wait for it forever. So this
// process finds that lock once (dl_iterate_phdr holds it while it calls back: the one recursive mutex in the
// loader's state this thread owns once), and a worker re-initializes it if it was held when it forked — no thread
// of the worker holds it.

pthread_mutex_t* g_loader_write_lock = nullptr;

int FindHeldLoaderLock(dl_phdr_info*, std::size_t, void* state) {
    auto* rtld = static_cast<std::pair<char*, std::size_t>*>(state);
    const int tid = static_cast<int>(gettid());
    pthread_mutex_t* found = nullptr;
    int matches = 0;
    for (std::size_t at = 0; at + sizeof(pthread_mutex_t) <= rtld->second; at += alignof(pthread_mutex_t)) {
        auto* m = reinterpret_cast<pthread_mutex_t*>(rtld->first + at);
        if (m->__data.__owner == tid && m->__data.__count == 1 && m->__data.__lock != 0 &&
            (m->__data.__kind & 0x7f) == PTHREAD_MUTEX_RECURSIVE_NP)
            found = m, matches++;
    }
    if (matches == 1) g_loader_write_lock = found;
    return 1;  // once is enough
}

void FindLoaderLock() {
    static std::once_flag once;
    std::call_once(once, [] {
        void* rtld = dlsym(RTLD_DEFAULT, "_rtld_global");
        Dl_info info{};
        void* entry = nullptr;
        if (!rtld || !dladdr1(rtld, &info, &entry, RTLD_DL_SYMENT) || !entry) return;
        const auto* sym = static_cast<const ElfW(Sym)*>(entry);
        std::pair<char*, std::size_t> state{static_cast<char*>(rtld), sym->st_size};
        dl_iterate_phdr(FindHeldLoaderLock, &state);
    });
}

void ResetLoaderLockInChild() {
    if (g_loader_write_lock && g_loader_write_lock->__data.__owner != 0)
        *g_loader_write_lock = pthread_mutex_t(PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP);
}

// ---- the worker -------------------------------------------------------------------------------------------------

// Records the worker's result on its status page and ends it. Async-signal-safe.
[[noreturn]] void EndWith(const char* text, std::size_t size) noexcept {
    CopyInto(g_status->failure, &g_status->failure_len, sizeof g_status->failure, text, size);
    g_status->done = kDone;
    _exit(0);
}

[[noreturn]] void Finish(const std::string& failure) noexcept { EndWith(failure.data(), failure.size()); }

std::string ErrnoText(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// Closes every descriptor but 0..2 and `keep` (sorted).
void CloseOthers(const std::vector<int>& keep) {
    unsigned lo = 3;
    for (int fd : keep) {
        if (fd < 3) continue;
        if (static_cast<unsigned>(fd) > lo) close_range(lo, static_cast<unsigned>(fd) - 1, 0);
        lo = static_cast<unsigned>(fd) + 1;
    }
    close_range(lo, ~0u, 0);
}

// Unmaps every shared mapping but the devices' and the status page, and returns the address space's size.
std::uint64_t UnshareMemory() {
    std::string maps;
    const int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw std::runtime_error(ErrnoText("reading /proc/self/maps"));
    char buf[65536];
    for (ssize_t n; (n = read(fd, buf, sizeof buf)) != 0;) {
        if (n < 0) {
            if (errno == EINTR) continue;
            close(fd);
            throw std::runtime_error(ErrnoText("reading /proc/self/maps"));
        }
        maps.append(buf, static_cast<std::size_t>(n));
    }
    close(fd);
    std::uint64_t total = 0;
    const auto status = reinterpret_cast<std::uintptr_t>(g_status);
    for (std::size_t at = 0; at < maps.size();) {
        std::size_t end = maps.find('\n', at);
        if (end == std::string::npos) end = maps.size();
        const std::string line = maps.substr(at, end - at);
        at = end + 1;
        unsigned long lo = 0, hi = 0;
        char perms[8] = {};
        if (std::sscanf(line.c_str(), "%lx-%lx %7s", &lo, &hi, perms) != 3) continue;
        total += hi - lo;
        if (perms[3] != 's') continue;
        if (line.find("/memfd:tt-metal-emu-device") != std::string::npos) continue;
        if (lo <= status && status < hi) continue;
        munmap(reinterpret_cast<void*>(lo), hi - lo);
    }
    return total;
}

// Cuts this (forked) process off as confine.h says; throws naming the step that failed. `sock`, if not -1, becomes
// descriptor 0 (a persistent worker's requests and answers).
void Seal(const std::function<void()>& prepare, const std::vector<int>& device_fds, int out, int err, int sock,
          pid_t parent, const std::vector<std::string>& files, const std::string& dir) {
    g_in_worker = true;
    ResetLoaderLockInChild();
    std::string step;
    try {
        step = "preparing";
        if (prepare) prepare();
        step = "tying the worker to its parent";
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) throw std::runtime_error(ErrnoText("prctl(PR_SET_PDEATHSIG)"));
        if (getppid() != parent) _exit(0);
        prctl(PR_SET_DUMPABLE, 0);
        const rlimit no_core{0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        step = "closing descriptors";
        if (dup2(out, 1) < 0 || dup2(err, 2) < 0) throw std::runtime_error(ErrnoText("dup2"));
        if (sock >= 0) {
            if (dup2(sock, 0) < 0) throw std::runtime_error(ErrnoText("dup2"));
        } else {
            close(0);
        }
        std::vector<int> keep = device_fds;
        std::sort(keep.begin(), keep.end());
        CloseOthers(keep);
        step = "unsharing memory";
        const std::uint64_t address_space = UnshareMemory();
        // Kernels may allocate (their stacks, the emulator's own needs), not exhaust the machine.
        const rlimit as{address_space + (4ull << 30), address_space + (4ull << 30)};
        setrlimit(RLIMIT_AS, &as);
        step = "restricting files";
        if (!RestrictFiles(files, dir) && !dir.empty()) throw std::runtime_error(ErrnoText("landlock"));
        step = "installing the loading filter";
        if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) throw std::runtime_error(ErrnoText("prctl(PR_SET_NO_NEW_PRIVS)"));
        Filter loading;
        AllowLoadCalls(loading);  // first: its mmap rule is wider than the run rule's
        AllowRunCalls(loading, device_fds, getpid());
        if (!loading.Install()) throw std::runtime_error(ErrnoText("seccomp"));
    } catch (const std::exception& e) {
        throw std::runtime_error(std::string("cannot confine the launch's kernels (") + step + "): " + e.what() +
                                 " — TT_METAL_EMU_CONFINE=0 runs them unconfined");
    }
}

[[noreturn]] void Worker(const ConfinedWork& work, const std::vector<int>& device_fds, int out, int err,
                         pid_t parent) {
    try {
        Seal(work.prepare, device_fds, out, err, -1, parent, work.readable_files, "");
    } catch (const std::exception& e) {
        Finish(e.what());
    }
    try {
        work.load();
    } catch (const std::exception& e) {
        Finish(e.what());
    }
    Filter running;
    AllowRunCalls(running, device_fds, getpid());
    if (!running.Install())
        Finish(ErrnoText("cannot confine the launch's kernels (installing the run filter): seccomp") +
               " — TT_METAL_EMU_CONFINE=0 runs them unconfined");
    std::string failure;
    try {
        failure = work.run();
    } catch (const std::exception& e) {
        failure = e.what();
    } catch (...) {
        failure = "the launch failed with an unknown exception";
    }
    Finish(failure);
}

constexpr std::uint32_t kMaxFrame = 64u << 20;

bool WriteAll(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = send(fd, data, size, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

bool WriteFrame(int fd, const std::string& bytes) {
    const std::uint32_t n = static_cast<std::uint32_t>(bytes.size());
    return WriteAll(fd, reinterpret_cast<const char*>(&n), 4) && WriteAll(fd, bytes.data(), bytes.size());
}

bool ReadAll(int fd, char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = read(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

[[noreturn]] void ServeRequests(const ConfinedService& service, const std::vector<int>& device_fds, int out, int err,
                         int sock, pid_t parent) {
    try {
        Seal(service.prepare, device_fds, out, err, sock, parent, {}, service.readable_dir);
    } catch (const std::exception& e) {
        Finish(e.what());
    }
    for (;;) {
        std::uint32_t n = 0;
        if (!ReadAll(0, reinterpret_cast<char*>(&n), 4) || n > kMaxFrame) _exit(0);
        std::string request(n, '\0');
        if (!ReadAll(0, request.data(), n)) _exit(0);
        std::string answer;
        try {
            answer = service.serve(request);
        } catch (const std::exception& e) {
            answer = e.what();
        } catch (...) {
            answer = "the launch failed with an unknown exception";
        }
        if (!WriteFrame(0, answer)) _exit(0);
    }
}

void Forward(int fd, std::ostream& to, bool* open) {
    char buf[65536];
    for (;;) {
        const ssize_t n = read(fd, buf, sizeof buf);
        if (n > 0) {
            to.write(buf, n);
            to.flush();
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) *open = false;
        return;  // drained (EAGAIN) or closed
    }
}

}  // namespace

void RegisterDeviceFd(int fd) {
    std::lock_guard lock(g_fds_mutex);
    g_device_fds.insert(fd);
    g_generation++;
}

void UnregisterDeviceFd(int fd) {
    std::lock_guard lock(g_fds_mutex);
    g_device_fds.erase(fd);
    g_generation++;
}

bool InConfinedWorker() { return g_in_worker; }

void AbandonWorker(const char* text) noexcept { EndWith(text, std::strlen(text)); }

namespace {

// What ended a worker, from its wait status and its status page.
std::string Ended(int wstatus) {
    if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0 && g_status->done == kDone)
        return Clean(g_status->failure, std::min<std::size_t>(g_status->failure_len, sizeof g_status->failure));
    if (WIFSIGNALED(wstatus))
        return "the launch's kernel worker was killed by " + ltcap::SignalName(WTERMSIG(wstatus)) +
               (WTERMSIG(wstatus) == SIGSYS ? " (a system call the emulated device does not allow: starting a process or "
                                              "a thread, or one made with SIGSYS blocked)"
                                            : "");
    return "the launch's kernel worker ended (exit " + std::to_string(WEXITSTATUS(wstatus)) + ") without a result";
}

struct Pipes {
    int out[2] = {-1, -1}, err[2] = {-1, -1};
    void Open() {
        if (pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error(ErrnoText("kernel worker: pipe"));
        if (pipe2(err, O_CLOEXEC) != 0) {
            close(out[0]), close(out[1]);
            throw std::runtime_error(ErrnoText("kernel worker: pipe"));
        }
    }
    void CloseWriteEnds() {
        close(out[1]), close(err[1]);
        fcntl(out[0], F_SETFL, O_NONBLOCK);
        fcntl(err[0], F_SETFL, O_NONBLOCK);
    }
    void CloseReadEnds() { close(out[0]), close(err[0]); }
};

std::vector<int> DeviceFds() {
    std::lock_guard lock(g_fds_mutex);
    return {g_device_fds.begin(), g_device_fds.end()};
}

std::uint64_t Generation() {
    std::lock_guard lock(g_fds_mutex);
    return g_generation;
}

// The persistent worker, as this process sees it.
struct ServerState {
    pid_t pid = 0;
    int sock = -1, pidfd = -1;
    Pipes pipes;
    std::uint64_t generation = 0;
} g_server;

// Ends the persistent worker (if one runs); its wait status.
int Retire() {
    int wstatus = 0;
    if (!g_server.pid) return wstatus;
    kill(g_server.pid, SIGKILL);
    while (waitpid(g_server.pid, &wstatus, 0) < 0 && errno == EINTR) {
    }
    close(g_server.sock);
    if (g_server.pidfd >= 0) close(g_server.pidfd);
    g_server.pipes.CloseReadEnds();
    g_server = ServerState{};
    return wstatus;
}

}  // namespace

namespace {

std::mutex g_server_mutex;  // over g_server: a launch's request, a device's opening
const ConfinedService* (*g_provider)() = nullptr;

void StartServer(const ConfinedService& service) {
    FindLoaderLock();
    // The folder must be there for Landlock to name it (a fresh kernel cache is made at the first build).
    std::error_code ignored;
    std::filesystem::create_directories(service.readable_dir, ignored);
    Status* status = StatusPage();
    const std::uint64_t generation = Generation();
    const std::vector<int> device_fds = DeviceFds();
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        throw std::runtime_error(ErrnoText("kernel worker: socketpair"));
    Pipes pipes;
    try {
        pipes.Open();
    } catch (...) {
        close(pair[0]), close(pair[1]);
        throw;
    }
    std::memset(static_cast<void*>(status), 0, sizeof(Status));
    std::cout.flush();
    std::cerr.flush();
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) ServeRequests(service, device_fds, pipes.out[1], pipes.err[1], pair[1], parent);
    pipes.CloseWriteEnds();
    close(pair[1]);
    if (pid < 0) {
        pipes.CloseReadEnds();
        close(pair[0]);
        throw std::runtime_error(ErrnoText("kernel worker: fork"));
    }
    g_server.pid = pid;
    g_server.sock = pair[0];
    g_server.pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
    g_server.pipes = pipes;
    g_server.generation = generation;
}

}  // namespace

void SetConfinedServiceProvider(const ConfinedService* (*provider)()) { g_provider = provider; }

void DevicesChanged() noexcept {
    try {
        const ConfinedService* service = g_provider ? g_provider() : nullptr;
        if (!service) return;
        std::lock_guard lock(g_server_mutex);
        Retire();
        StartServer(*service);
    } catch (...) {
        // The next launch starts one, or reports why it cannot.
    }
}

std::string RunConfined(const ConfinedWork& work) {
    FindLoaderLock();
    Status* status = StatusPage();
    const std::vector<int> device_fds = DeviceFds();
    Pipes pipes;
    pipes.Open();
    std::memset(static_cast<void*>(status), 0, sizeof(Status));
    std::cout.flush();
    std::cerr.flush();
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid == 0) Worker(work, device_fds, pipes.out[1], pipes.err[1], parent);
    pipes.CloseWriteEnds();
    if (pid < 0) {
        pipes.CloseReadEnds();
        throw std::runtime_error(ErrnoText("kernel worker: fork"));
    }
    g_worker = pid;
    const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
    bool out_open = true, err_open = true;
    while (out_open || err_open) {
        pollfd fds[3] = {{pipes.out[0], POLLIN, 0}, {pipes.err[0], POLLIN, 0}, {pidfd, POLLIN, 0}};
        if (poll(fds, pidfd >= 0 ? 3 : 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (out_open && fds[0].revents) Forward(pipes.out[0], std::cout, &out_open);
        if (err_open && fds[1].revents) Forward(pipes.err[0], std::cerr, &err_open);
        if (pidfd >= 0 && fds[2].revents) {  // it ended: what it wrote is all in the pipes
            if (out_open) Forward(pipes.out[0], std::cout, &out_open);
            if (err_open) Forward(pipes.err[0], std::cerr, &err_open);
            break;
        }
    }
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
    }
    g_worker = 0;
    if (pidfd >= 0) close(pidfd);
    pipes.CloseReadEnds();
    return Ended(wstatus);
}

bool PersistentWorkerAvailable() {
    static const bool available = LandlockAbi() >= 1;
    return available;
}

std::string CallConfined(const ConfinedService& service, const std::string& request) {
    std::lock_guard lock(g_server_mutex);
    Status* status = StatusPage();
    if (g_server.pid && g_server.generation != Generation()) Retire();  // a device it does not have
    for (int attempt = 0;; attempt++) {
        if (!g_server.pid) StartServer(service);
        status->done = 0;
        if (WriteFrame(g_server.sock, request)) break;
        // It died since the last request (its parent thread ended, say): once more with a new one.
        const std::string why = Ended(Retire());
        if (attempt > 0) return why;
    }
    g_worker = g_server.pid;
    fcntl(g_server.sock, F_SETFL, O_NONBLOCK);
    std::string got;
    bool out_open = true, err_open = true, ended = false;
    std::uint64_t want = 0;
    for (;;) {
        pollfd fds[4] = {{g_server.sock, POLLIN, 0}, {g_server.pipes.out[0], static_cast<short>(out_open ? POLLIN : 0), 0},
                         {g_server.pipes.err[0], static_cast<short>(err_open ? POLLIN : 0), 0}, {g_server.pidfd, POLLIN, 0}};
        if (poll(fds, g_server.pidfd >= 0 ? 4 : 3, -1) < 0) {
            if (errno == EINTR) continue;
            ended = true;
            break;
        }
        if (out_open && fds[1].revents) Forward(g_server.pipes.out[0], std::cout, &out_open);
        if (err_open && fds[2].revents) Forward(g_server.pipes.err[0], std::cerr, &err_open);
        if (fds[0].revents) {
            char buf[65536];
            const ssize_t n = read(g_server.sock, buf, sizeof buf);
            if (n > 0) got.append(buf, static_cast<std::size_t>(n));
            else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                ended = true;
                break;
            }
            if (!want && got.size() >= 4) {
                std::uint32_t n32;
                std::memcpy(&n32, got.data(), 4);
                if (n32 > (1u << 20)) {  // an answer is a message, not megabytes: a worker gone wrong
                    ended = true;
                    break;
                }
                want = 4 + std::uint64_t(n32);
            }
            if (want && got.size() >= want) break;
        }
        if (g_server.pidfd >= 0 && fds[3].revents) {
            ended = true;
            break;
        }
    }
    g_worker = 0;
    if (ended) {
        if (out_open) Forward(g_server.pipes.out[0], std::cout, &out_open);
        if (err_open) Forward(g_server.pipes.err[0], std::cerr, &err_open);
        const std::string why = Ended(Retire());
        return why.empty() ? "the launch's kernel worker answered nothing it could be understood by" : why;
    }
    // What it printed before answering is in the pipes already: copy it before the next launch's output.
    if (out_open) Forward(g_server.pipes.out[0], std::cout, &out_open);
    if (err_open) Forward(g_server.pipes.err[0], std::cerr, &err_open);
    fcntl(g_server.sock, F_SETFL, 0);
    // A failed launch leaves the worker as it would leave this process unconfined (its kernels' coroutines ended,
    // their stacks kept): it serves the next. One that says more than it was asked is replaced.
    if (got.size() > want) Retire();
    return Clean(got.data() + 4, static_cast<std::size_t>(want - 4));
}

std::optional<std::string> AskRunningWorker(int wait_ms) {
    if (!g_worker.load() || !g_status) return std::nullopt;
    Status* s = g_status;
    const std::uint32_t ask = s->describe_request.fetch_add(1) + 1;
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(wait_ms);
    while (s->describe_answer.load() != ask) {
        if (!g_worker.load()) return std::nullopt;
        if (std::chrono::steady_clock::now() > until) return std::string();  // running, but not answering
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return Clean(s->describe, std::min<std::size_t>(s->describe_len, sizeof s->describe));
}

bool DescribeRequested() noexcept {
    return g_in_worker && g_status->describe_request.load(std::memory_order_relaxed) !=
                              g_status->describe_answer.load(std::memory_order_relaxed);
}

void AnswerDescribe(const std::string& text) noexcept {
    CopyInto(g_status->describe, &g_status->describe_len, sizeof g_status->describe, text.data(), text.size());
    g_status->describe_answer.store(g_status->describe_request.load());
}

const char* SyscallName(long nr) noexcept {
    switch (nr) {
#ifdef SYS_open
        case SYS_open: return "open";
#endif
        case SYS_openat: return "openat";
        case SYS_read: return "read";
        case SYS_write: return "write";
        case SYS_close: return "close";
        case SYS_execve: return "execve";
        case SYS_execveat: return "execveat";
        case SYS_clone: return "clone";
#ifdef SYS_clone3
        case SYS_clone3: return "clone3";
#endif
#ifdef SYS_fork
        case SYS_fork: return "fork";
        case SYS_vfork: return "vfork";
#endif
        case SYS_socket: return "socket";
        case SYS_connect: return "connect";
        case SYS_kill: return "kill";
        case SYS_tgkill: return "tgkill";
        case SYS_ptrace: return "ptrace";
        case SYS_ioctl: return "ioctl";
        case SYS_unlinkat: return "unlinkat";
        case SYS_mmap: return "mmap";
        case SYS_prctl: return "prctl";
        case SYS_rt_sigaction: return "rt_sigaction";
        case SYS_ftruncate: return "ftruncate";
        case SYS_fallocate: return "fallocate";
        case SYS_nanosleep: return "nanosleep";
        case SYS_clock_nanosleep: return "clock_nanosleep";
        default: return "";
    }
}

}  // namespace ttemu
