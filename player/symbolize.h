// Symbolizing a log's backtraces after the process is gone: each return address is found in the module map the
// log recorded — "module+0xOFF" — and, when the reader asks for it (ltdump --symbolize), in that ELF file's symbol
// tables (.symtab, else .dynsym) — "function+0xOFF (module+0xOFF)" — and, when binutils' addr2line is installed and
// the file has debug info, with "file:line". The files a log names are read only when asked: a log is untrusted.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ltcap {

struct LoadedModule {
    std::string path;
    std::uint64_t load_bias, start, end;
};

class Symbolizer {
public:
    // `read_files`: open the module files the log names (regular files only, mapped read-only, at most 4 GiB).
    explicit Symbolizer(bool read_files);
    ~Symbolizer();
    // A new map (libraries were loaded or unloaded): addresses may mean something else now.
    void SetModules(std::vector<LoadedModule> modules);
    // One line per frame, innermost first.
    std::vector<std::string> Describe(const std::vector<std::uint64_t>& pcs);

private:
    struct Elf;
    class Addr2Line;
    static constexpr std::size_t kMaxAddr2Line = 8;
    const Elf* Load(const std::string& path);
    Addr2Line& Addr2LineFor(const std::string& path);
    std::vector<LoadedModule> modules_;  // by start address
    std::map<std::string, std::unique_ptr<Elf>> files_;
    std::map<std::string, std::unique_ptr<Addr2Line>> addr2line_by_path_;  // at most kMaxAddr2Line running
    std::map<std::uint64_t, std::string> described_;  // by return address: call sites repeat
    bool read_files_;
    bool addr2line_;
};

}  // namespace ltcap
