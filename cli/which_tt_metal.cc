#include "cli/which_tt_metal.h"

#include <elf.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "api/releases.h"
#include "cli/tool_paths.h"

namespace ltcap::cli {
namespace {

// The names of the defined symbols in `elf`'s dynamic symbol table (every offset checked against the file).
std::vector<std::string> DefinedDynamicSymbols(const std::string& elf) {
    std::vector<std::string> names;
    if (elf.size() < sizeof(Elf64_Ehdr) || std::memcmp(elf.data(), ELFMAG, SELFMAG) != 0 ||
        elf[EI_CLASS] != ELFCLASS64)
        return names;
    Elf64_Ehdr eh;
    std::memcpy(&eh, elf.data(), sizeof eh);
    if (eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shoff > elf.size() ||
        eh.e_shnum > (elf.size() - eh.e_shoff) / sizeof(Elf64_Shdr))
        return names;
    auto section = [&](std::size_t i) {
        Elf64_Shdr sh;
        std::memcpy(&sh, elf.data() + eh.e_shoff + i * sizeof(Elf64_Shdr), sizeof sh);
        return sh;
    };
    for (std::size_t i = 0; i < eh.e_shnum; i++) {
        const Elf64_Shdr sym = section(i);
        if (sym.sh_type != SHT_DYNSYM || sym.sh_link >= eh.e_shnum || sym.sh_entsize != sizeof(Elf64_Sym)) continue;
        const Elf64_Shdr str = section(sym.sh_link);
        if (sym.sh_offset > elf.size() || sym.sh_size > elf.size() - sym.sh_offset || str.sh_offset > elf.size() ||
            str.sh_size > elf.size() - str.sh_offset)
            continue;
        for (std::size_t k = 0; k < sym.sh_size / sizeof(Elf64_Sym); k++) {
            Elf64_Sym s;
            std::memcpy(&s, elf.data() + sym.sh_offset + k * sizeof(Elf64_Sym), sizeof s);
            if (s.st_shndx == SHN_UNDEF || s.st_name >= str.sh_size) continue;
            const char* name = elf.data() + str.sh_offset + s.st_name;
            names.emplace_back(name, strnlen(name, str.sh_size - s.st_name));
        }
    }
    return names;
}

// LD_LIBRARY_PATH's folders, in order.
std::vector<std::string> LoaderPath() {
    std::vector<std::string> dirs;
    if (const char* p = std::getenv("LD_LIBRARY_PATH")) {
        std::istringstream in(p);
        for (std::string d; std::getline(in, d, ':');)
            if (!d.empty()) dirs.push_back(d);
    }
    return dirs;
}

std::string ReadFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return "";
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The folder of `path`.
std::string DirOf(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// "0.68.0" of `set(PACKAGE_VERSION "0.68.0")`, the line CMake's write_basic_package_version_file writes.
std::string PackageVersionIn(const std::string& text) {
    const std::string key = "set(PACKAGE_VERSION \"";
    const auto at = text.find(key);
    if (at == std::string::npos) return "";
    const auto end = text.find('"', at + key.size());
    if (end == std::string::npos || end - at - key.size() > 64) return "";
    std::string version = text.substr(at + key.size(), end - at - key.size());
    const bool plain = !version.empty() && std::all_of(version.begin(), version.end(), [](char c) {
        return (c >= '0' && c <= '9') || c == '.';
    });
    return plain ? version : "";
}

// "0.68.0" of "v0.68.0-rc1": a release's version as its package states it (tt-metal's CMake project VERSION is the
// tag's numbers).
std::string NumericVersion(const std::string& release) {
    std::string out;
    for (std::size_t i = !release.empty() && release[0] == 'v' ? 1 : 0; i < release.size(); i++) {
        if (!std::isdigit(static_cast<unsigned char>(release[i])) && release[i] != '.') break;
        out += release[i];
    }
    return out;
}

}  // namespace

std::string PackageVersionOfLibrary(const std::string& path) {
    // Installed: LIBDIR/cmake/tt-metalium/ (tt-metal's cmake/packaging.cmake); a build tree: build/, whose lib/ holds
    // the library.
    const std::string dir = DirOf(path);
    for (const std::string& file : {dir + "/cmake/tt-metalium/tt-metalium-config-version.cmake",
                                    DirOf(dir) + "/tt-metalium-config-version.cmake"}) {
        const std::string version = PackageVersionIn(ReadFile(file));
        if (!version.empty()) return version;
    }
    return "";
}

LibraryRelease IdentifyLibrary(const std::string& path) {
    LibraryRelease out;
    if (path.empty()) return out;
    const std::vector<std::string> list = DefinedDynamicSymbols(ReadFile(path));
    const std::set<std::string> names(list.begin(), list.end());
    // Each release's probe_symbol is a name no other release ltcap speaks exports; a later release may still export
    // it, and its later_symbol says so.
    for (const ProfileTools& p : kProfiles) {
        if (!names.count(p.probe_symbol)) continue;
        if (p.later_symbol && names.count(p.later_symbol)) {
            out.later_than = p.release;
            out.later_what = p.later_what;
            continue;
        }
        out.release = p.release;
        break;
    }
    // The version its package states, when one lies with it, must be the release the names say: a release that
    // exports the same names but is another version (a later one declaring nothing new ltcap probes) is not taken
    // for the one it resembles.
    out.package_version = PackageVersionOfLibrary(path);
    if (!out.package_version.empty() && !out.release.empty() &&
        out.package_version.rfind(NumericVersion(out.release), 0) != 0) {
        out.resembles = out.release;
        out.release.clear();
    }
    return out;
}

std::string ReleaseOfLibrary(const std::string& path) { return IdentifyLibrary(path).release; }

std::string Describe(const LibraryRelease& found) {
    if (!found.release.empty()) return "tt-metal " + found.release + "'s";
    if (!found.resembles.empty())
        return "tt-metal " + found.package_version + " by its package, which exports " + found.resembles + "'s names";
    if (!found.later_than.empty()) return "a tt-metal release after " + found.later_than + ": it defines " + found.later_what;
    if (!found.package_version.empty()) return "tt-metal " + found.package_version + " by its package";
    return "a libtt_metal.so of a release ltcap does not know";
}

std::string TtMetalOfProgram(const std::string& program) {
    int out[2];
    if (pipe(out) != 0) return "";
    const pid_t pid = fork();
    if (pid < 0) {
        close(out[0]);
        close(out[1]);
        return "";
    }
    if (pid == 0) {
        dup2(out[1], STDOUT_FILENO);
        close(out[0]);
        close(out[1]);
        setenv("LD_TRACE_LOADED_OBJECTS", "1", 1);  // the loader lists the libraries and stops: nothing runs
        unsetenv("LD_PRELOAD");
        execvp(program.c_str(), std::vector<char*>{const_cast<char*>(program.c_str()), nullptr}.data());
        _exit(127);
    }
    close(out[1]);
    std::string listing;
    char buf[4096];
    for (ssize_t n; (n = read(out[0], buf, sizeof buf)) > 0;) listing.append(buf, static_cast<std::size_t>(n));
    close(out[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    // "\tlibtt_metal.so => /path/libtt_metal.so (0x...)"
    std::istringstream lines(listing);
    for (std::string line; std::getline(lines, line);) {
        const auto arrow = line.find(" => ");
        if (arrow == std::string::npos || line.find("libtt_metal.so") == std::string::npos) continue;
        std::string path = line.substr(arrow + 4);
        path = path.substr(0, path.find(" ("));
        if (!path.empty() && path[0] == '/') return path;
    }
    return "";
}

std::vector<std::string> TtMetalSearchDirs(const std::string& release, const std::vector<std::string>& installed) {
    std::vector<std::string> dirs = LoaderPath();
    for (const ProfileTools& p : kProfiles) {
        if (!release.empty() && release != p.release) continue;
        const char* root = std::getenv(p.root_variable);
        if (root && *root) dirs.push_back(std::string(root) + "/build/lib");
    }
    dirs.insert(dirs.end(), installed.begin(), installed.end());
    return dirs;
}

std::string TtMetalOnSearchPath(const std::vector<std::string>& installed) {
    for (const std::string& d : TtMetalSearchDirs("", installed))
        if (IsFile(d + "/libtt_metal.so")) return d + "/libtt_metal.so";
    return "";
}

TtMetalChoice ChooseTtMetal(const std::string& release, const std::vector<std::string>& installed) {
    TtMetalChoice choice;
    std::vector<std::string> loader = LoaderPath();
    loader.insert(loader.end(), installed.begin(), installed.end());
    for (const std::string& d : TtMetalSearchDirs(release, installed)) {
        const std::string lib = d + "/libtt_metal.so";
        if (!IsFile(lib)) continue;
        const LibraryRelease identified = IdentifyLibrary(lib);
        const std::string& found = identified.release;
        if (found == release) {
            choice.path = lib;
            choice.blocking.clear();
            return choice;
        }
        // Only a library the loader itself would take stands in the way (not one in a tree nobody points it at).
        if (choice.blocking.empty() && std::find(loader.begin(), loader.end(), d) != loader.end())
            choice.blocking = lib + " (" + Describe(identified) + ")";
    }
    return choice;
}

}  // namespace ltcap::cli
