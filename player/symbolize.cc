#include "player/symbolize.h"

#include <cxxabi.h>
#include <elf.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/mman.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "player/format.h"
#include "player/log_reader.h"
#include "player/mapping_guard.h"

extern char** environ;

namespace ltcap {

struct Symbolizer::Elf {
    struct Symbol {
        std::uint64_t value, size;
        std::string name;
    };
    std::vector<Symbol> symbols;  // functions, by address
    bool elf = false;              // the file is a readable ELF file (addr2line may be asked about it)
};

namespace {

std::string Demangle(const std::string& name) {
    int status = 0;
    char* out = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
    if (status != 0 || !out) return name;
    std::string s = out;
    std::free(out);
    return s;
}

// A module file named by the log, opened only if it is a regular file (never a device, FIFO or socket: a log is
// untrusted) of at most kMaxElf bytes, and mapped read-only; empty otherwise.
class MappedFile {
public:
    static constexpr std::uint64_t kMaxElf = 4ull << 30;
    explicit MappedFile(const std::string& path) {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) return;
        struct stat st {};
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
            static_cast<std::uint64_t>(st.st_size) <= kMaxElf) {
            void* p = mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
            if (p != MAP_FAILED) {
                data_ = static_cast<const char*>(p);
                size_ = static_cast<std::size_t>(st.st_size);
                GuardMapping(data_, size_, path + ": the module file changed while it was being read");
            }
        }
        ::close(fd);
    }
    ~MappedFile() {
        if (!data_) return;
        UnguardMapping(data_);
        munmap(const_cast<char*>(data_), size_);
    }
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    const char* data() const { return data_; }
    std::size_t size() const { return size_; }

private:
    const char* data_ = nullptr;
    std::size_t size_ = 0;
};

// The FUNC symbols of a 64-bit little-endian ELF file's .symtab (or .dynsym when it is stripped). Every offset
// and size read from the file is checked against its size. `elf`: the file is one.
std::vector<std::pair<std::uint64_t, std::pair<std::uint64_t, std::string>>> ReadFunctions(const std::string& path, bool& elf) {
    std::vector<std::pair<std::uint64_t, std::pair<std::uint64_t, std::string>>> out;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        throw LogError("the module map names " + path + ", which is not a regular file (no loaded module is one)");
    const MappedFile file(path);
    const char* data = file.data();
    const std::uint64_t size = file.size();
    elf = size >= sizeof(Elf64_Ehdr) && std::memcmp(data, ELFMAG, SELFMAG) == 0 && data[EI_CLASS] == ELFCLASS64;
    if (!elf) return out;
    Elf64_Ehdr eh;
    std::memcpy(&eh, data, sizeof eh);
    if (eh.e_shoff == 0 || eh.e_shoff > size || std::uint64_t{eh.e_shnum} * sizeof(Elf64_Shdr) > size - eh.e_shoff) return out;
    std::vector<Elf64_Shdr> sections(eh.e_shnum);
    std::memcpy(sections.data(), data + eh.e_shoff, eh.e_shnum * sizeof(Elf64_Shdr));
    const auto inside = [&](const Elf64_Shdr& sh) { return sh.sh_offset <= size && sh.sh_size <= size - sh.sh_offset; };
    for (std::uint32_t want : {SHT_SYMTAB, SHT_DYNSYM}) {
        for (const Elf64_Shdr& sh : sections) {
            if (sh.sh_type != want || sh.sh_link >= sections.size()) continue;
            const Elf64_Shdr& strings = sections[sh.sh_link];
            if (!inside(sh) || !inside(strings)) continue;
            for (std::uint64_t off = 0; off + sizeof(Elf64_Sym) <= sh.sh_size; off += sizeof(Elf64_Sym)) {
                Elf64_Sym sym;
                std::memcpy(&sym, data + sh.sh_offset + off, sizeof sym);
                if (ELF64_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_value == 0 || sym.st_name >= strings.sh_size) continue;
                const char* name = data + strings.sh_offset + sym.st_name;
                out.push_back({sym.st_value, {sym.st_size, std::string(name, strnlen(name, strings.sh_size - sym.st_name))}});
            }
        }
        if (!out.empty()) break;
    }
    return out;
}

}  // namespace

// One addr2line process per module file, kept running and asked one address at a time ("0x…\n" in, one line out:
// addr2line flushes after each answer when it reads addresses from its input). Spawning it per address cost ~9 ms
// a frame (docs/performance.md). Run directly, no shell; its stdin and stdout are one socket, so writing to a
// child that died fails with EPIPE instead of a SIGPIPE; an answer that takes longer than kAnswerMs (a module that
// makes addr2line hang) kills it, and that module gets no more file:line.
class Symbolizer::Addr2Line {
public:
    static constexpr int kAnswerMs = 10000;
    explicit Addr2Line(const std::string& path) {
        int fds[2];
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) return;
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], 0);
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
        char* argv[] = {const_cast<char*>("addr2line"), const_cast<char*>("-e"), const_cast<char*>(path.c_str()), nullptr};
        const bool spawned = posix_spawnp(&pid_, "addr2line", &actions, nullptr, argv, environ) == 0;
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        if (spawned) fd_ = fds[0];
        else ::close(fds[0]), pid_ = 0;
    }
    ~Addr2Line() { Stop(); }
    Addr2Line(const Addr2Line&) = delete;
    Addr2Line& operator=(const Addr2Line&) = delete;

    // "file:line" for an address of the module; empty when addr2line does not know (or is gone).
    std::string FileLine(std::uint64_t address) {
        if (fd_ < 0) return "";
        const std::string question = Hex(address) + "\n";
        if (send(fd_, question.data(), question.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(question.size())) return Stop();
        std::string s;
        while (s.find('\n') == std::string::npos) {
            pollfd p{fd_, POLLIN, 0};
            char buf[4096];
            ssize_t n = 0;
            if (s.size() > sizeof buf || poll(&p, 1, kAnswerMs) != 1 || (n = ::recv(fd_, buf, sizeof buf, 0)) <= 0) return Stop();
            s.append(buf, static_cast<std::size_t>(n));
        }
        s = s.substr(0, s.find('\n'));
        while (!s.empty() && s.back() == ' ') s.pop_back();
        if (s.empty() || s.rfind("??", 0) == 0 || s.find(":?") != std::string::npos || s.find(":0") + 2 == s.size()) return "";
        return s;
    }

private:
    std::string Stop() {
        if (fd_ >= 0) ::close(fd_);  // end of input: addr2line exits
        fd_ = -1;
        if (pid_ > 0) {
            kill(pid_, SIGKILL);  // it may be the one that hung
            waitpid(pid_, nullptr, 0);
        }
        pid_ = 0;
        return "";
    }
    pid_t pid_ = 0;
    int fd_ = -1;
};

Symbolizer::Symbolizer(bool read_files) : read_files_(read_files), addr2line_(read_files && [] {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t at = 0; at <= dirs.size();) {
        const std::size_t end = std::min(dirs.find(':', at), dirs.size());
        if (end > at && ::access((dirs.substr(at, end - at) + "/addr2line").c_str(), X_OK) == 0) return true;
        at = end + 1;
    }
    return false;
}()) {}
Symbolizer::~Symbolizer() = default;

const Symbolizer::Elf* Symbolizer::Load(const std::string& path) {
    auto it = files_.find(path);
    if (it != files_.end()) return it->second.get();
    auto elf = std::make_unique<Elf>();
    for (auto& [value, rest] : ReadFunctions(path, elf->elf)) elf->symbols.push_back({value, rest.first, std::move(rest.second)});
    std::sort(elf->symbols.begin(), elf->symbols.end(), [](const auto& a, const auto& b) { return a.value < b.value; });
    return (files_[path] = std::move(elf)).get();
}

Symbolizer::Addr2Line& Symbolizer::Addr2LineFor(const std::string& path) {
    auto it = addr2line_by_path_.find(path);
    if (it != addr2line_by_path_.end()) return *it->second;
    // A log may name many modules: keep a few children running (their files are parsed once each), stop the rest.
    if (addr2line_by_path_.size() >= kMaxAddr2Line) addr2line_by_path_.erase(addr2line_by_path_.begin());
    return *(addr2line_by_path_[path] = std::make_unique<Addr2Line>(path));
}

void Symbolizer::SetModules(std::vector<LoadedModule> modules) {
    std::sort(modules.begin(), modules.end(), [](const LoadedModule& a, const LoadedModule& b) { return a.start < b.start; });
    modules_ = std::move(modules);
    described_.clear();
}

std::vector<std::string> Symbolizer::Describe(const std::vector<std::uint64_t>& pcs) {
    std::vector<std::string> lines;
    for (std::uint64_t pc : pcs) {
        if (auto known = described_.find(pc); known != described_.end()) {
            lines.push_back(known->second);
            continue;
        }
        // The module starting last at or before pc (a log's module list may be long: no linear scan per frame).
        auto next = std::upper_bound(modules_.begin(), modules_.end(), pc,
                                     [](std::uint64_t a, const LoadedModule& m) { return a < m.start; });
        const LoadedModule* mod = next != modules_.begin() && pc < std::prev(next)->end ? &*std::prev(next) : nullptr;
        if (!mod) {
            lines.push_back(Hex(pc) + " (no module)");
            continue;
        }
        const std::uint64_t address = pc - mod->load_bias - 1;  // a return address: the call is just before it
        const std::string name = mod->path.substr(mod->path.rfind('/') + 1);
        if (!read_files_) {  // the log's own facts only
            lines.push_back(name + "+" + Hex(address + 1));
            continue;
        }
        std::string line = "?";
        const Elf* elf = Load(mod->path);
        auto sym = std::upper_bound(elf->symbols.begin(), elf->symbols.end(), address,
                                    [](std::uint64_t a, const Elf::Symbol& s) { return a < s.value; });
        if (sym != elf->symbols.begin()) {
            --sym;
            if (address < sym->value + std::max<std::uint64_t>(sym->size, 1))
                line = Demangle(sym->name) + "+" + Hex(address + 1 - sym->value);
        }
        line += " (" + name + "+" + Hex(address + 1) + ")";
        if (addr2line_ && elf->elf) {
            const std::string where = Addr2LineFor(mod->path).FileLine(address);
            if (!where.empty()) line += " " + where;
        }
        described_[pc] = line;
        lines.push_back(line);
    }
    return lines;
}

}  // namespace ltcap
