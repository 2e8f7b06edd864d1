#include "player/symbolize.h"

#include <cxxabi.h>
#include <elf.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "player/format.h"

namespace ltcap {

struct Symbolizer::Elf {
    struct Symbol {
        std::uint64_t value, size;
        std::string name;
    };
    std::vector<Symbol> symbols;  // functions, by address
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

// The FUNC symbols of a 64-bit little-endian ELF file's .symtab (or .dynsym when it is stripped).
std::vector<std::pair<std::uint64_t, std::pair<std::uint64_t, std::string>>> ReadFunctions(const std::string& path) {
    std::vector<std::pair<std::uint64_t, std::pair<std::uint64_t, std::string>>> out;
    std::ifstream in(path, std::ios::binary);
    const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (file.size() < sizeof(Elf64_Ehdr) || std::memcmp(file.data(), ELFMAG, SELFMAG) != 0 ||
        file[EI_CLASS] != ELFCLASS64)
        return out;
    Elf64_Ehdr eh;
    std::memcpy(&eh, file.data(), sizeof eh);
    if (eh.e_shoff == 0 || eh.e_shoff + std::uint64_t{eh.e_shnum} * sizeof(Elf64_Shdr) > file.size()) return out;
    std::vector<Elf64_Shdr> sections(eh.e_shnum);
    std::memcpy(sections.data(), file.data() + eh.e_shoff, eh.e_shnum * sizeof(Elf64_Shdr));
    for (std::uint32_t want : {SHT_SYMTAB, SHT_DYNSYM}) {
        for (const Elf64_Shdr& sh : sections) {
            if (sh.sh_type != want || sh.sh_link >= sections.size()) continue;
            const Elf64_Shdr& strings = sections[sh.sh_link];
            if (sh.sh_offset + sh.sh_size > file.size() || strings.sh_offset + strings.sh_size > file.size()) continue;
            for (std::uint64_t off = 0; off + sizeof(Elf64_Sym) <= sh.sh_size; off += sizeof(Elf64_Sym)) {
                Elf64_Sym sym;
                std::memcpy(&sym, file.data() + sh.sh_offset + off, sizeof sym);
                if (ELF64_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_value == 0 || sym.st_name >= strings.sh_size) continue;
                out.push_back({sym.st_value, {sym.st_size, file.data() + strings.sh_offset + sym.st_name}});
            }
        }
        if (!out.empty()) break;
    }
    return out;
}

// "file:line" for an address of an ELF file, via addr2line; empty when it does not know.
std::string FileLine(const std::string& path, std::uint64_t address) {
    const std::string cmd = "addr2line -e '" + path + "' " + Hex(address) + " 2>/dev/null";
    if (path.find('\'') != std::string::npos) return "";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return "";
    char buf[4096] = {};
    const bool got = std::fgets(buf, sizeof buf, p) != nullptr;
    pclose(p);
    std::string s = got ? buf : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    if (s.empty() || s.rfind("??", 0) == 0 || s.find(":?") != std::string::npos || s.find(":0") + 2 == s.size()) return "";
    return s;
}

}  // namespace

Symbolizer::Symbolizer() : addr2line_(std::system("command -v addr2line >/dev/null 2>&1") == 0) {}
Symbolizer::~Symbolizer() = default;

const Symbolizer::Elf* Symbolizer::Load(const std::string& path) {
    auto it = files_.find(path);
    if (it != files_.end()) return it->second.get();
    auto elf = std::make_unique<Elf>();
    for (auto& [value, rest] : ReadFunctions(path)) elf->symbols.push_back({value, rest.first, std::move(rest.second)});
    std::sort(elf->symbols.begin(), elf->symbols.end(), [](const auto& a, const auto& b) { return a.value < b.value; });
    return (files_[path] = std::move(elf)).get();
}

std::vector<std::string> Symbolizer::Describe(const std::vector<std::uint64_t>& pcs) {
    std::vector<std::string> lines;
    for (std::uint64_t pc : pcs) {
        if (auto known = described_.find(pc); known != described_.end()) {
            lines.push_back(known->second);
            continue;
        }
        const LoadedModule* mod = nullptr;
        for (const LoadedModule& m : modules_)
            if (pc >= m.start && pc < m.end) mod = &m;
        if (!mod) {
            lines.push_back(Hex(pc) + " (no module)");
            continue;
        }
        const std::uint64_t address = pc - mod->load_bias - 1;  // a return address: the call is just before it
        const std::string name = mod->path.substr(mod->path.rfind('/') + 1);
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
        if (addr2line_) {
            const std::string where = FileLine(mod->path, address);
            if (!where.empty()) line += " " + where;
        }
        described_[pc] = line;
        lines.push_back(line);
    }
    return lines;
}

}  // namespace ltcap
