#include "kernel_build.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>

#include "common/kernel_sources.h"
#include "device_model.h"
#include "errors.h"
#include "kernel_headers.h"
#include "settings.h"

extern char** environ;

namespace ttemu {
namespace fs = std::filesystem;
namespace {

std::mutex g_build_mutex;
// The emulator's one device configuration, in the place of tt-metal's build key (its cache's level per device
// configuration).
constexpr const char* kBuildKey = "wormhole_b0";
std::map<std::string, std::shared_ptr<CompiledKernel>> g_loaded;  // cache key → loaded kernel
BuildStats g_stats;
// The build folders this process has used, relative to the cache root, in the order first used (the shim records
// each in the log: ttemu_kernel_builds); with each its kernel's name.
std::vector<std::pair<std::string, std::string>> g_builds;
std::set<std::string> g_build_set;

std::optional<std::string> ReadFile(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Writes `content` to `path` atomically (temp file + rename), so concurrent processes never see half a file.
void WriteAtomically(const fs::path& path, const std::string& content) {
    const fs::path tmp = path.string() + ".tmp" + std::to_string(getpid());
    {
        std::ofstream out(tmp, std::ios::binary);
        out << content;
        if (!out) Throw("cannot write ", tmp.string());
    }
    fs::rename(tmp, path);
}

// tt-metal's dependency-file hash (tt::FNV1a over the file's chars, each widened as a signed char, as its
// jit_build/depend.cpp reads them), so a .dephash here means what one in tt-metal's cache means.
std::uint64_t DependencyHash(const std::string& content) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (char c : content) {
        h ^= static_cast<std::uint64_t>(static_cast<std::int64_t>(static_cast<signed char>(c)));
        h *= 0x100000001b3ull;
    }
    return h;
}

// The files a gcc -MMD dependency file lists for its one target (backslash-newline continuations, "\ " for a space).
std::vector<std::string> ParseDependencyFile(const std::string& text) {
    std::vector<std::string> deps;
    const auto colon = text.find(": ");
    if (colon == std::string::npos) return deps;
    std::string word;
    for (std::size_t i = colon + 1; i < text.size(); i++) {
        const char c = text[i];
        if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) continue;
        if (c == '\\' && i + 1 < text.size() && text[i + 1] == ' ') {
            word += ' ';
            i++;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!word.empty()) deps.push_back(std::move(word));
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) deps.push_back(std::move(word));
    return deps;
}

// A build's dependency hashes in tt-metal's .dephash form: one quoted path and its hash per line, for `deps` given
// canonical. A file inside the cache root is named relative to the output's folder, so a cache folder copied to
// another root (a replay's private cache) stays up to date; any other path is absolute.
std::string DependencyHashes(const std::vector<fs::path>& deps, const fs::path& cache_root, const fs::path& out_dir) {
    std::ostringstream out;
    const fs::path root = fs::weakly_canonical(cache_root), from = fs::weakly_canonical(out_dir);
    for (const fs::path& dep : deps) {
        const auto content = ReadFile(dep);
        if (!content) Throw("cannot read ", dep.string(), ", a file the kernel build read");
        const auto rel = dep.lexically_relative(root);
        const bool inside = !rel.empty() && *rel.begin() != "..";
        out << std::quoted((inside ? dep.lexically_relative(from) : dep).string()) << '\t' << DependencyHash(*content)
            << '\n';
    }
    return out.str();
}

// tt-metal's dependencies_up_to_date: every file the .dephash names (relative ones from the output's folder) is
// there with the recorded hash, and it names at least one.
bool DependenciesUpToDate(const fs::path& dephash, const fs::path& out_dir) {
    const auto text = ReadFile(dephash);
    if (!text) return false;
    std::istringstream in(*text);
    std::size_t count = 0;
    for (std::string path; in >> std::quoted(path);) {
        std::uint64_t recorded = 0;
        if (!(in >> recorded)) return false;
        const fs::path p = fs::path(path).is_absolute() ? fs::path(path) : out_dir / path;
        const auto content = ReadFile(p);
        if (!content || DependencyHash(*content) != recorded) return false;
        count++;
    }
    return in.eof() && count > 0;
}

// A set of embedded files, written once per content under the cache directory (`prefix`-hash); returns the folder.
fs::path WrittenOnce(const char* prefix, const EmbeddedFile* files, std::size_t count) {
    std::string all;
    for (std::size_t i = 0; i < count; i++) all += std::string(files[i].path) + '\0' + files[i].content + '\0';
    const fs::path d = fs::path(GetSettings().cache_dir) / (prefix + HashHex(all + std::to_string(TTEMU_KERNEL_ABI_VERSION)));
    if (!fs::exists(d / ".complete")) {
        for (std::size_t i = 0; i < count; i++) {
            const fs::path p = d / files[i].path;
            fs::create_directories(p.parent_path());
            WriteAtomically(p, files[i].content);
        }
        WriteAtomically(d / ".complete", "");
    }
    return d;
}

// The embedded kernel headers' include directory. tt-metal's kernel build also has its API folders on the include
// path, so kernels may name a header by its place in tt-metal's tree ("tt_metal/hw/inc/dataflow_api.h"): those two
// folders are aliases of this one, found before any TT_METAL_HOME.
const fs::path& HeaderDir() {
    static const fs::path dir = [] {
        const fs::path d = WrittenOnce("include-", kKernelHeaders, kNumKernelHeaders);
        std::error_code ec;  // another process may have made them first
        fs::create_directories(d / "tt_metal" / "hw", ec);
        fs::create_directory_symlink("../..", d / "tt_metal" / "hw" / "inc", ec);
        fs::create_directory_symlink("..", d / "tt_metal" / "include", ec);
        return d;
    }();
    return dir;
}

// The TT_METAL_HOMEs whose kernel include roots (ltcap::KernelIncludeRoots) kernels' quoted includes are looked for
// in after the embedded headers, as tt-metal's kernel build looks: homes ltplay registers for a replay
// (ttemu_add_kernel_home, holding the files the log recorded), then TT_METAL_HOME. Under g_build_mutex.
std::vector<std::string> g_registered_homes;
// ttemu_allow_compile: kernels are compiled when they must be, whatever TT_METAL_EMU_COMPILE says.
std::atomic<bool> g_compile_allowed{false};
std::string (*g_include_home)() = nullptr;  // SetIncludeHome's; null: TT_METAL_HOME

std::vector<std::string> KernelHomes() {
    std::vector<std::string> homes = g_registered_homes;
    const std::string home = g_include_home ? g_include_home() : GetSettings().metal_home;
    if (!home.empty()) homes.push_back(home);
    return homes;
}

// The compiler's include flags: the embedded headers, then each home's include roots that exist.
std::vector<std::string> IncludeFlags() {
    std::vector<std::string> flags{"-I" + HeaderDir().string()};
    std::error_code ec;
    for (const auto& home : KernelHomes())
        for (const auto& root : ltcap::KernelIncludeRoots(home))
            if (fs::is_directory(root, ec)) flags.push_back("-I" + root);
    return flags;
}

// What the compile depends on besides the wrapper: the source text, or every file the kernel includes with
// quotes, named by where it sits (relative to the kernel's folder, or "home:" and its place in a home) so the same
// sources anywhere (ltplay writes them to a fresh temporary folder each run) are the same compile.
std::string SourceClosure(const KernelBuildRequest& r, std::set<std::string>* paths = nullptr) {
    if (r.source_is_text) return r.source;
    const auto files = ltcap::ReadSourceClosure(r.source, KernelHomes());
    if (!files) Throw("cannot read kernel source ", r.source);
    const fs::path dir = fs::path(r.source).parent_path();
    std::string closure;
    for (const auto& f : *files) {
        closure += f.home_path.empty() ? fs::path(f.path).lexically_relative(dir).string() : "home:" + f.home_path;
        closure += '\0' + f.content + '\0';
        if (paths) paths->insert(fs::weakly_canonical(fs::absolute(f.path)).string());
    }
    return closure;
}

// A kernel's name as a folder name: tt-metal names a kernel's cache folder by the kernel (its file's stem); any
// character that is not a letter, digit, '.', '_' or '-' becomes '_'.
std::string FolderName(const std::string& name) {
    std::string out;
    for (char c : name.substr(0, 100))
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ? c : '_';
    if (out.empty() || out.find_first_not_of('.') == std::string::npos) out = "kernel" + out;
    return out;
}

// A compute kernel whose own files test TRISC_UNPACK, TRISC_MATH or TRISC_PACK may be written for tt-metal's build
// of one firmware per TRISC, each compile seeing only its own define (tt-metal's test kernels define one
// core_agnostic_main per TRISC). One that does not compile whole is built three times, each part run as that TRISC;
// one that does runs whole, as every other kernel (its compute-API calls then run once, as the emulator's compute
// API does each call's unpack, math and pack at once).
bool BuiltPerTrisc(const KernelBuildRequest& r, const std::string& closure) {
    if (r.kind != KernelBuildRequest::Kind::kCompute) return false;
    std::istringstream lines(closure);
    for (std::string line; std::getline(lines, line);) {
        const auto hash = line.find_first_not_of(" \t");
        if (hash == std::string::npos || line[hash] != '#') continue;
        const auto word = line.find_first_not_of(" \t", hash + 1);
        if (word == std::string::npos) continue;
        const std::string directive = line.substr(word, line.find_first_of(" \t(", word) - word);
        if (directive != "if" && directive != "ifdef" && directive != "ifndef" && directive != "elif") continue;
        for (const char* name : {"TRISC_UNPACK", "TRISC_MATH", "TRISC_PACK"})
            for (auto at = line.find(name); at != std::string::npos; at = line.find(name, at + 1)) {
                const auto end = at + std::strlen(name);
                const auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
                if ((at == 0 || !ident(line[at - 1])) && (end == line.size() || !ident(line[end]))) return true;
            }
    }
    return false;
}

// `trisc`: the TRISC a per-TRISC build is for (0 unpack, 1 math, 2 pack), or -1 for the whole kernel.
std::string Wrapper(const KernelBuildRequest& r, const std::string& source_path, int trisc = -1) {
    std::ostringstream w;
    w << "// Generated by the tt-metal emulator for kernel " << r.name << "\n";
    const bool dm = r.kind == KernelBuildRequest::Kind::kDataMovement;
    if (dm) {
        w << "#define NOC_INDEX " << int(r.noc) << "\n#define NOC_MODE 0\n";
        w << (r.processor == 0 ? "#define COMPILE_FOR_BRISC 1\n" : "#define COMPILE_FOR_NCRISC 1\n");
    } else {
        static const char* const kTriscs[] = {"TRISC_UNPACK", "TRISC_MATH", "TRISC_PACK"};
        w << "#define NOC_MODE 0\n#define COMPILE_FOR_TRISC 1\n";
        if (trisc < 0) w << "#define TRISC_UNPACK 1\n#define TRISC_MATH 1\n#define TRISC_PACK 1\n";
        else w << "#define " << kTriscs[trisc] << " 1\n#define TTEMU_TRISC " << trisc << "\n";
        w << "#define NAMESPACE ttemu_compute\n#define MAIN kernel_main()\n"
          // Constants, not macros, as tt-metal's generated headers make them: kernels test `#ifdef DST_ACCUM_MODE`
          // for other purposes. MATH_FIDELITY's type is the release's: its prelude defines it from this number.
          << "#define TTEMU_MATH_FIDELITY " << r.math_fidelity << "\nconstexpr bool DST_ACCUM_MODE = "
          << (r.fp32_dest_acc_en ? "true" : "false") << ";\nconstexpr bool APPROX = "
          << (r.math_approx_mode ? "true" : "false") << ";\n";
    }
    w << "#define ARCH_WORMHOLE 1\n#define KERNEL_BUILD 1\n#define NUM_DRAM_BANKS 12\n"
      << "#define IS_NOT_POW2_NUM_DRAM_BANKS 1\n#define NUM_L1_BANKS 64\n#define LOG_BASE_2_OF_NUM_L1_BANKS 6\n";
    std::string all_args;
    for (std::size_t i = 0; i < r.compile_args.size(); i++) {
        w << "#define KERNEL_COMPILE_TIME_ARG_" << i << " " << r.compile_args[i] << "u\n";
        all_args += (i ? "," : "") + std::to_string(r.compile_args[i]) + "u";
    }
    w << "#define KERNEL_COMPILE_TIME_ARGS " << all_args << "\n";
    // Named arguments as a table the kernel API searches at compile time (ttemu_args.h).
    w << "#define TTEMU_NAMED_COMPILE_TIME_ARGS";
    for (const auto& [name, value] : r.named_compile_args) {
        for (char c : name)
            if (c == '"' || c == '\\' || c == '\n')
                Throw("named compile-time argument \"", name, "\" of kernel ", r.name,
                      " has a character that cannot be used in a name");
        w << " {\"" << name << "\", " << value << "u},";
    }
    w << "\n";
    // The circular buffers' formats and tile shapes, under the names of tt-metal's generated headers.
    w << "#include <stdint.h>\n";
    const auto table = [&w, &r](const char* type, const char* name, auto field) {
        w << "constexpr " << type << " " << name << "[32] = {";
        for (std::size_t i = 0; i < r.cbs.size(); i++) w << (i ? "," : "") << unsigned(field(r.cbs[i]));
        w << "};\n";
    };
    for (const char* side : {"unpack", "pack"}) {
        const std::string p = side;
        table("uint8_t", (p == "unpack" ? "unpack_src_format" : "pack_src_format"), [](const auto& c) { return c.format; });
        table("uint8_t", (p == "unpack" ? "unpack_dst_format" : "pack_dst_format"), [](const auto& c) { return c.format; });
        table("uint16_t", (p + "_tile_size").c_str(), [](const auto& c) { return c.tile_size; });
        table("uint8_t", (p + "_tile_r_dim").c_str(), [](const auto& c) { return c.r_dim; });
        table("uint8_t", (p + "_tile_c_dim").c_str(), [](const auto& c) { return c.c_dim; });
        table("uint8_t", (p + "_tile_num_faces").c_str(), [](const auto& c) { return c.num_faces; });
        table("uint8_t", (p + "_tile_face_r_dim").c_str(), [](const auto& c) { return c.face_r_dim; });
    }
    w << "#define TTEMU_CB_TABLES 1\n";
    if (GetSettings().metal.watcher_interval_ms >= 0) w << "#define WATCHER_ENABLED 1\n";
    for (const auto& [k, v] : r.defines) w << "#define " << k << " " << v << "\n";
    if (!r.prelude.empty()) w << "#include \"" << r.prelude << "\"\n";
    else w << (dm ? "#include \"dataflow_api.h\"\n" : "#include \"ttemu_compute_prelude.h\"\n");
    // A compute kernel is MAIN, or unpack_main, math_main and pack_main (tt-metal builds each TRISC's firmware from
    // one of them). Stand-ins declared here, as templates, lose overload resolution to the kernel's own functions,
    // so the entry can tell which the kernel defines.
    if (!dm) w << "#include \"ttemu_split_kernel.h\"\n";
    w << "#include \"" << source_path << "\"\n";
    if (!dm) w << "#include \"ttemu_split_entry.h\"\n";
    w << "extern \"C\" unsigned ttemu_kernel_abi_version() { return TTEMU_KERNEL_ABI_VERSION; }\n";
    // The kernel is built with -fsanitize-coverage=trace-pc: every branch of its own code counts here, and every
    // TTEMU_PREEMPT_EDGES branches it yields, so a kernel spinning on memory another kernel writes lets that kernel
    // run. A count, not a clock: the schedule stays the same from run to run. (TT_METAL_EMU_PREEMPT=0: neither.)
    if (GetSettings().preempt) {
        w << "static unsigned long ttemu_preempt_budget = TTEMU_PREEMPT_EDGES;\n"
          << "#if defined(__clang__)\n#define TTEMU_NO_COVERAGE __attribute__((no_sanitize(\"coverage\")))\n"
          << "#else\n#define TTEMU_NO_COVERAGE __attribute__((no_sanitize_coverage))\n#endif\n"
          << "extern \"C\" __attribute__((visibility(\"hidden\"))) TTEMU_NO_COVERAGE void __sanitizer_cov_trace_pc() {\n"
          << "    if (__builtin_expect(--ttemu_preempt_budget != 0, 1)) return;\n"
          << "    ttemu_preempt_budget = TTEMU_PREEMPT_EDGES;\n"
          << "    if (ttemu_api) ttemu_api->yield();\n}\n";
    }
    w << "extern \"C\" void ttemu_set_core(unsigned x, unsigned y) { my_x[0] = my_x[1] = x; my_y[0] = my_y[1] = y; "
      << "my_logical_x_ = x - " << kTranslatedWorkerBase << "; my_logical_y_ = y - " << kTranslatedWorkerBase << "; }\n";
    if (dm) {
        w << "extern \"C\" unsigned ttemu_kernel_threads() { return 1; }\n"
          << "extern \"C\" void ttemu_kernel_entry(const TtemuKernelApi* api) { ttemu_api = api; "
          << "ttemu_fill_bank_tables(); kernel_main(); }\n";
    } else {
        w << "extern \"C\" unsigned ttemu_kernel_threads() { return ttemu_split::Threads(); }\n"
          << "extern \"C\" void ttemu_kernel_entry(const TtemuKernelApi* api) { ttemu_api = api; "
          << "ttemu_fill_bank_tables(); ttemu_split::Run(api->trisc()); }\n";
    }
    return w.str();
}

// Runs the compiler; returns its exit status and combined output.
std::pair<int, std::string> RunCompiler(const std::vector<std::string>& argv, const fs::path& log) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid;
    const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) Throw("cannot run the kernel compiler '", argv[0], "': ", std::strerror(rc), " (set TT_METAL_EMU_CXX)");
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return {code, ReadFile(log).value_or("")};
}

struct LoadedObject {
    CompiledKernel::Part part;
    unsigned threads = 1;
};

LoadedObject LoadObject(const std::string& so) {
    // (one part of a kernel built per TRISC reports one thread: the caller makes the three parts one kernel)
    void* handle = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        Throw("cannot load compiled kernel ", so, ": ", why ? why : "unknown error");
    }
    auto version = reinterpret_cast<unsigned (*)()>(dlsym(handle, "ttemu_kernel_abi_version"));
    LoadedObject o;
    o.part.entry = reinterpret_cast<void (*)(const TtemuKernelApi*)>(dlsym(handle, "ttemu_kernel_entry"));
    o.part.set_core = reinterpret_cast<void (*)(unsigned, unsigned)>(dlsym(handle, "ttemu_set_core"));
    auto threads = reinterpret_cast<unsigned (*)()>(dlsym(handle, "ttemu_kernel_threads"));
    if (!version || version() != TTEMU_KERNEL_ABI_VERSION || !o.part.entry || !o.part.set_core || !threads)
        Throw("compiled kernel ", so, " does not match this emulator (ABI version)");
    o.threads = threads();
    if (o.threads != 1 && o.threads != 3) Throw("compiled kernel ", so, " reports ", o.threads, " threads");
    return o;
}

}  // namespace

std::string HashHex(const std::string& data) {
    std::uint64_t a = 1469598103934665603ull, b = 0x9E3779B97F4A7C15ull;
    for (unsigned char c : data) {
        a = (a ^ c) * 1099511628211ull;
        b = (b ^ c) * 0x100000001B3ull;
        b ^= b >> 29;
    }
    char buf[33];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(a),
                  static_cast<unsigned long long>(b));
    return buf;
}

const fs::path& HomeDir() {
    static const fs::path dir = WrittenOnce("home-", kHomeFiles, kNumHomeFiles);
    return dir;
}

}  // namespace ttemu

// For ltplay (the emulator only; a real libtt_metal.so has no such export): one more TT_METAL_HOME whose kernel
// include roots kernels' quoted includes are looked for in, before TT_METAL_HOME's (KernelHomes).
extern "C" __attribute__((visibility("default"))) void ttemu_add_kernel_home(const char* dir) noexcept {
    if (!dir || !*dir) return;
    try {
        std::lock_guard lock(ttemu::g_build_mutex);
        ttemu::g_registered_homes.emplace_back(dir);
    } catch (...) {
    }
}

// For the shim, which records a kernel's sources where the kernel build finds them: `each(home, context)` for every
// home ltplay registered, in search order (a replay captured again, as ltcap trim does, records the files the log
// held in a replay home as home files again).
extern "C" __attribute__((visibility("default"))) void ttemu_kernel_homes(void (*each)(const char*, void*),
                                                                          void* context) noexcept {
    if (!each) return;
    try {
        std::vector<std::string> homes;
        {
            std::lock_guard lock(ttemu::g_build_mutex);
            homes = ttemu::g_registered_homes;
        }
        for (const auto& home : homes) each(home.c_str(), context);
    } catch (...) {
    }
}

// For the shim, which records each kernel build in the log (schema KernelBinary): `each(root, folder, kernel,
// kernel_abi, context)` for the build folders this process has used from the `from`th on, in the order first used —
// the cache root, the folder relative to it ('/'-separated), the kernel's name. Returns how many there are in all,
// so a caller asks again only when the count grew. Only this library exports it.
extern "C" __attribute__((visibility("default"))) std::size_t ttemu_kernel_builds(
    std::size_t from, void (*each)(const char*, const char*, const char*, unsigned, void*), void* context) noexcept {
    try {
        std::vector<std::pair<std::string, std::string>> builds;
        std::size_t total = 0;
        {
            std::lock_guard lock(ttemu::g_build_mutex);
            total = ttemu::g_builds.size();
            if (each && from < total) builds.assign(ttemu::g_builds.begin() + static_cast<std::ptrdiff_t>(from), ttemu::g_builds.end());
        }
        const std::string root = ttemu::GetSettings().cache_dir;
        for (const auto& [folder, kernel] : builds)
            each(root.c_str(), folder.c_str(), kernel.c_str(), TTEMU_KERNEL_ABI_VERSION, context);
        return total;
    } catch (...) {
        return 0;
    }
}

// For ltplay, which installs a log's kernel builds (the emulator only): what this build of the emulated tt-metal
// builds kernels against — its kernel ABI and its embedded kernel headers, named as their folder in the kernel cache
// ("abi6 include-<content hash>": a build's .dephash names the headers it read there). A log's builds made against
// other headers are not this emulator's to use. Null on failure.
extern "C" __attribute__((visibility("default"))) const char* ttemu_kernel_headers() noexcept {
    try {
        static const std::string id =
            "abi" + std::to_string(TTEMU_KERNEL_ABI_VERSION) + " " + ttemu::HeaderDir().filename().string();
        return id.c_str();
    } catch (...) {
        return nullptr;
    }
}

// For ltplay: compile kernels with no up-to-date build even though TT_METAL_EMU_COMPILE=0 asked not to (a log's
// builds turned out to be another emulator build's, so its kernels are compiled from the log's sources instead).
extern "C" __attribute__((visibility("default"))) void ttemu_allow_compile() noexcept { ttemu::g_compile_allowed = true; }

// The emulator's tree of stand-in files, for the shim, which records the kernel sources a program names and must
// find them where the library does (home/README.md). Only this library exports it; null if it cannot be written.
extern "C" __attribute__((visibility("default"))) const char* ttemu_home_dir() noexcept {
    try {
        return ttemu::HomeDir().c_str();
    } catch (...) {
        return nullptr;
    }
}

namespace ttemu {

void SetIncludeHome(std::string (*home)()) {
    std::lock_guard lock(g_build_mutex);
    g_include_home = home;
}

std::string ResolveKernelPath(const std::string& file_name) {
    const Settings& s = GetSettings();
    const std::string cwd = fs::current_path().string();
    if (auto found = ltcap::FindKernelFile(file_name, {cwd, s.metal_home, s.kernel_path})) return *found;
    // Last, the emulator's stand-ins for files of tt-metal's tree (home/README.md), written out only when needed
    // (if they cannot be, the kernel is simply not found).
    std::string home;
    try {
        home = HomeDir().string();
    } catch (const std::exception&) {
    }
    if (auto found = ltcap::FindKernelFile(file_name, {cwd, home})) return *found;
    std::string where = "the working directory " + fs::current_path().string();
    where += s.metal_home.empty() ? ", TT_METAL_HOME (unset)" : ", TT_METAL_HOME=" + s.metal_home;
    if (!s.kernel_path.empty()) where += ", TT_METAL_KERNEL_PATH=" + s.kernel_path;
    where += ", the emulator's stand-ins";
    Throw("Kernel file ", file_name, " doesn't exist in ", where);
}

// One build's folder, laid out as tt-metal's JIT cache lays out a kernel's:
// <cache>/abi<kernel ABI>/<build key>/kernels/<kernel name>/<key>/
// (tt-metal: <cache>/<git hash>/<build key>/kernels/<kernel name>/<kernel hash>/).
static fs::path KernelBuildFolder(const fs::path& cache, const std::string& kernel_name, const std::string& key) {
    return cache / ("abi" + std::to_string(TTEMU_KERNEL_ABI_VERSION)) / kBuildKey /
           "kernels" / FolderName(kernel_name) / key;
}

std::shared_ptr<CompiledKernel> BuildKernel(const KernelBuildRequest& r) {
    std::lock_guard lock(g_build_mutex);
    const fs::path cache = GetSettings().cache_dir;
    fs::create_directories(cache);
    const fs::path include_dir = HeaderDir();

    // The key is the build's content: the headers (by their folder, named by their content), the flags, the
    // generated wrapper and the kernel's files by their place relative to the kernel — no path of this machine and
    // not the compiler's (as tt-metal's kernel hash leaves its toolchain out).
    std::set<std::string> closure_files;
    const std::string closure = SourceClosure(r, &closure_files);
    const std::string key = HashHex(include_dir.filename().string() + '\0' + r.opt_flag + '\0' +
                                    Wrapper(r, "KERNEL") + '\0' + closure);
    if (auto it = g_loaded.find(key); it != g_loaded.end()) {
        g_stats.cache_hits++;
        return it->second;
    }
    const fs::path folder = KernelBuildFolder(cache, r.name, key);
    // Only a real compile needs the source on disk and the wrapper that includes it.
    std::string source_path = r.source;
    const auto source_on_disk = [&] {
        if (!r.source_is_text) return;
        source_path = (cache / "src" / (HashHex(r.source) + ".cpp")).string();
        fs::create_directories(cache / "src");
        if (!fs::exists(source_path)) WriteAtomically(source_path, r.source);
        closure_files.insert(fs::weakly_canonical(source_path).string());
    };
    static const char* const kParts[] = {" (its unpack TRISC's part)", " (its math TRISC's part)",
                                         " (its pack TRISC's part)"};
    // tt-metal's layout below the kernel's folder: one folder per target holding its binary and its .dephash.
    const auto object_path = [&](int trisc) {
        const std::string target = trisc < 0 ? "kernel" : "trisc" + std::to_string(trisc);
        return folder / target / (target + ".so");
    };
    const auto up_to_date = [&](int trisc) {
        const fs::path so = object_path(trisc);
        return fs::exists(so) && DependenciesUpToDate(so.string() + ".dephash", so.parent_path());
    };
    // Compiles the whole kernel (trisc -1) or one TRISC's part into its cache folder with its dependency hashes;
    // the compiler's failure message, or "" once compiled.
    const auto compile = [&](int trisc) -> std::string {
        source_on_disk();
        const fs::path work = cache / ("build-" + key + "-" + std::to_string(getpid()));
        fs::create_directories(work);
        const fs::path wrapper = work / "kernel_wrapper.cpp";
        WriteAtomically(wrapper, Wrapper(r, source_path, trisc));
        const fs::path tmp_so = work / "kernel.so";
        std::vector<std::string> argv{GetSettings().cxx, "-std=c++17", r.opt_flag, "-g0", "-fPIC", "-shared", "-w",
                                      "-MMD", "-MF", (work / "kernel.d").string()};
        if (GetSettings().preempt) argv.push_back("-fsanitize-coverage=trace-pc");  // counted by the wrapper
        for (auto& flag : IncludeFlags()) argv.push_back(std::move(flag));
        for (const auto& arg : {wrapper.string(), std::string("-o"), tmp_so.string()}) argv.push_back(arg);
        auto [code, output] = RunCompiler(argv, work / "compile.log");
        if (code == 0) {
            // The files the key does not already hold by content: the headers the kernel reached.
            std::vector<fs::path> deps;
            const fs::path wrapper_path = fs::weakly_canonical(wrapper);
            for (const auto& dep : ParseDependencyFile(ReadFile(work / "kernel.d").value_or(""))) {
                fs::path canonical = fs::weakly_canonical(fs::absolute(dep));
                if (canonical != wrapper_path && !closure_files.count(canonical.string()))
                    deps.push_back(std::move(canonical));
            }
            const fs::path so = object_path(trisc);
            fs::create_directories(so.parent_path());
            WriteAtomically(so.string() + ".dephash", DependencyHashes(deps, cache, so.parent_path()));
            fs::rename(tmp_so, so);
        }
        fs::remove_all(work);
        if (code == 0) return "";
        if (output.size() > 8000) output = output.substr(0, 8000) + "\n[compiler output truncated]";
        return Cat("Failed to generate binaries for ", r.name, ": compiling ", r.source_is_text ? "its source" : r.source,
                   trisc < 0 ? "" : kParts[trisc], " failed (exit ", code, "):\n", output);
    };
    // A build is used when its .SUCCESS marker is there and its binaries and their dependencies are up to date
    // (tt-metal's need_compile/need_link); otherwise it is built again.
    const fs::path success = folder / ".SUCCESS";
    bool per_trisc = false, compiled = false;
    const bool done = fs::exists(success) &&
                      (up_to_date(-1) || (per_trisc = up_to_date(0) && up_to_date(1) && up_to_date(2)));
    if (!done && !GetSettings().compile && !g_compile_allowed)
        Throw("Failed to generate binaries for ", r.name, ": the kernel cache (", cache.string(), ") has no up-to-date ",
              "build of it (", folder.lexically_relative(cache).generic_string(), ") and compiling is off ",
              "(TT_METAL_EMU_COMPILE=0)");
    if (!done) {
        std::error_code ec;
        fs::remove(success, ec);
        compiled = true;
        const std::string whole = compile(-1);
        if (!whole.empty()) {
            if (!BuiltPerTrisc(r, closure)) Throw(whole);
            for (int t = 0; t < 3; t++)
                if (const std::string part = compile(t); !part.empty()) Throw(part);
            per_trisc = true;
            fs::remove_all(object_path(-1).parent_path(), ec);
        }
        WriteAtomically(success, "");
    }
    auto kernel = std::make_shared<CompiledKernel>();
    kernel->name = r.name;
    if (!per_trisc) kernel->objects.push_back(object_path(-1).string());
    else
        for (int t = 0; t < 3; t++) kernel->objects.push_back(object_path(t).string());
    if (!GetSettings().confine) LoadKernelCode(*kernel);
    compiled ? g_stats.compiled++ : g_stats.cache_hits++;
    const std::string relative = folder.lexically_relative(cache).generic_string();
    if (g_build_set.insert(relative).second) g_builds.emplace_back(relative, r.name);
    return g_loaded[key] = kernel;
}

std::string CheckKernel(const KernelBuildRequest& r) {
    std::lock_guard lock(g_build_mutex);
    const fs::path work = fs::path(GetSettings().cache_dir) / ("check-" + std::to_string(getpid()));
    fs::create_directories(work);
    std::string source_path = r.source;
    if (r.source_is_text) {
        source_path = (work / "kernel.cpp").string();
        WriteAtomically(source_path, r.source);
    }
    // As BuildKernel: whole, or (failing that, for a kernel that tests the TRISC names) each TRISC's part.
    const auto check = [&](int trisc) -> std::string {
        WriteAtomically(work / "kernel_wrapper.cpp", Wrapper(r, source_path, trisc));
        std::vector<std::string> argv{GetSettings().cxx, "-std=c++17", "-fsyntax-only", "-w"};
        for (auto& flag : IncludeFlags()) argv.push_back(std::move(flag));
        argv.push_back((work / "kernel_wrapper.cpp").string());
        auto [code, output] = RunCompiler(argv, work / "check.log");
        if (code == 0) return "";
        return output.empty() ? "the compiler failed (exit " + std::to_string(code) + ") without a message" : output;
    };
    std::string result = check(-1);
    if (!result.empty() && BuiltPerTrisc(r, SourceClosure(r))) {
        result.clear();
        for (int t = 0; t < 3 && result.empty(); t++) result = check(t);
    }
    fs::remove_all(work);
    return result;
}

void LoadKernelCode(CompiledKernel& kernel) {
    if (kernel.loaded) return;
    if (kernel.objects.size() == 1) {
        const LoadedObject o = LoadObject(kernel.objects[0]);
        kernel.entry = o.part.entry;
        kernel.set_core = o.part.set_core;
        kernel.threads = o.threads;
    } else if (kernel.objects.size() == 3) {
        // Each part runs as its TRISC: one with a single main runs it; one split into unpack_main, math_main and
        // pack_main runs its TRISC's function.
        kernel.parts.clear();
        for (const auto& so : kernel.objects) kernel.parts.push_back(LoadObject(so).part);
        kernel.entry = kernel.parts[0].entry;
        kernel.set_core = kernel.parts[0].set_core;
        kernel.threads = 3;
    } else {
        Throw("kernel ", kernel.name, " has ", kernel.objects.size(), " compiled objects (expected 1 or 3)");
    }
    kernel.loaded = true;
}

void ForgetLoadedKernels() {
    std::lock_guard lock(g_build_mutex);
    g_loaded.clear();
}

BuildStats GetBuildStats() {
    std::lock_guard lock(g_build_mutex);
    return g_stats;
}

}  // namespace ttemu
