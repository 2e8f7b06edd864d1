#include "cli/run.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "api/releases.h"
#include "cli/tool_paths.h"
#include "common/terminal_text.h"
#include "common/usage.h"
#include "common/write_fully.h"
#include "player/log_reader.h"
#include "runtime/ltcap_run.h"
#include "schema/values/scalars.h"

namespace ltcap::cli {
namespace {

constexpr const char* kRunUsage = R"(usage: ltcap run [options] LOG

Runs LOG as a workload through the embeddable runtime of its tt-metal release (libltcap_run*.so, the C ABI of
ltcap/ltcap_run.h): every call again, in this process, with no compiler (the log must carry its kernels' builds:
`ltcap info` shows them), no thread of its own and no Python. Inputs are the calls that wrote host data (a buffer
write), outputs the calls whose reads the log recorded; each is named by its call number (--list shows them).
With no --input, the outputs are checked against the capture; with one, they are new and written for you to use.

  --list              list the log's inputs and outputs (call, function, bytes, the call itself); run nothing
  --input CALL=FILE   new data for input CALL: FILE holds exactly the bytes the call wrote (repeatable)
  --outputs DIR       write each output of the run to DIR/CALL.bin
  -q, --quiet         only errors
  -h, --help          this text

exit status: 0 the run completed (nothing bound: every output matched the capture); 1 nothing bound, and an
             output differed; 2 the log is unreadable, damaged, of a release with no runtime, or not
             self-contained; 3 the run failed; 8 an input refused (not an input of the log, or of another size)
)";

// The runtime's entry points, looked up in the library of the log's release.
struct Runtime {
    decltype(&ltcap_run_open) open;
    decltype(&ltcap_run_close) close;
    decltype(&ltcap_run_status) status;
    decltype(&ltcap_run_error) error;
    decltype(&ltcap_run_input) input;
    decltype(&ltcap_run_output) output;
    decltype(&ltcap_run_bind) bind;
    decltype(&ltcap_run_execute) execute;
    decltype(&ltcap_run_read) read;
};

bool Load(const std::string& path, Runtime& r, std::string& why) {
    void* lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) return why = dlerror(), false;
    bool ok = true;
    auto get = [&](auto& fn, const char* name) {
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(lib, name));
        if (!fn) ok = false, why = std::string(name) + " is missing";
    };
    get(r.open, "ltcap_run_open"), get(r.close, "ltcap_run_close"), get(r.status, "ltcap_run_status");
    get(r.error, "ltcap_run_error"), get(r.input, "ltcap_run_input"), get(r.output, "ltcap_run_output");
    get(r.bind, "ltcap_run_bind"), get(r.execute, "ltcap_run_execute"), get(r.read, "ltcap_run_read");
    return ok;
}

void List(const char* kind, const Runtime& rt, ltcap_run* run, decltype(&ltcap_run_input) get) {
    ltcap_run_io io;
    std::size_t n = 0;
    for (; get(run, n, &io) == LTCAP_RUN_OK; n++)
        std::printf("%s call %llu: %s, %llu bytes: %s\n", kind, static_cast<unsigned long long>(io.call), io.function,
                    static_cast<unsigned long long>(io.bytes), TerminalSafe(io.text).c_str());
    if (n == 0) std::printf("%s: none\n", kind);
    (void)rt;
}

}  // namespace

int RunMain(int argc, char** argv) {
    bool list = false, quiet = false;
    std::string log_path, outputs;
    std::vector<std::pair<unsigned long long, std::string>> inputs;
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
            return argv[++i];
        };
        try {
            if (arg == "-h" || arg == "--help") {
                PrintUsage(stdout, kRunUsage, "ltcap run", "ltcap run");
                return 0;
            } else if (arg == "--list") {
                list = true;
            } else if (arg == "-q" || arg == "--quiet") {
                quiet = true;
            } else if (arg == "--outputs") {
                outputs = value();
            } else if (arg == "--input") {
                const std::string v = value();
                const std::size_t eq = v.find('=');
                char* end = nullptr;
                const unsigned long long call = std::strtoull(v.c_str(), &end, 10);
                if (eq == std::string::npos || eq == 0 || end != v.c_str() + eq || eq + 1 == v.size())
                    throw std::invalid_argument("--input " + v + ": expected CALL=FILE");
                inputs.emplace_back(call, v.substr(eq + 1));
            } else if (!arg.empty() && arg[0] == '-') {
                throw std::invalid_argument("unknown option " + arg);
            } else if (!log_path.empty()) {
                throw std::invalid_argument("one log at a time (got " + log_path + " and " + arg + ")");
            } else {
                log_path = arg;
            }
        } catch (const std::invalid_argument& e) {
            std::fprintf(stderr, "ltcap run: %s\n%s", e.what(), kRunUsage);
            return 2;
        }
    }
    if (log_path.empty()) {
        std::fputs(kRunUsage, stderr);
        return 2;
    }
    std::string release;
    try {
        const LogReader log(log_path);
        release = log.header().getTtMetalVersion().cStr();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ltcap run: %s\n", TerminalSafe(e.what()).c_str());
        return LTCAP_RUN_BAD_LOG;
    }
    const ProfileTools* profile = FindProfile(release);
    if (!profile) {
        std::fprintf(stderr, "ltcap run: %s was captured from tt-metal \"%s\"; ltcap runs tt-metal %s logs\n",
                     log_path.c_str(), values::Printable(release.c_str(), release.size(), 40).c_str(),
                     SupportedReleases().c_str());
        return LTCAP_RUN_BAD_LOG;
    }
    const std::string lib = FindBeside({"../lib/" + std::string(profile->runtime),
                                        "../profiles/" + release + "/" + profile->runtime});  // installed, bazel-bin
    Runtime rt{};
    std::string why = "not found beside ltcap (" + SelfDir() + ")";
    if (lib.empty() || !Load(lib, rt, why)) {
        std::fprintf(stderr, "ltcap run: the runtime of tt-metal %s logs (%s): %s\n", release.c_str(), profile->runtime,
                     why.c_str());
        return LTCAP_RUN_BAD_LOG;
    }
    ltcap_run* run = rt.open(log_path.c_str());
    if (!run) {
        std::fprintf(stderr, "ltcap run: out of memory\n");
        return LTCAP_RUN_FAILED;
    }
    struct Closer {
        const Runtime& rt;
        ltcap_run* run;
        ~Closer() { rt.close(run); }
    } closer{rt, run};
    auto failed = [&](const char* what) {
        std::fprintf(stderr, "ltcap run: %s%s\n", what, TerminalSafe(rt.error(run)).c_str());
        return rt.status(run);
    };
    if (rt.status(run) != LTCAP_RUN_OK) return failed("");
    if (list) {
        List("input", rt, run, rt.input);
        List("output", rt, run, rt.output);
        return 0;
    }
    for (const auto& [call, file] : inputs) {
        std::ifstream in(file, std::ios::binary);
        const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            std::fprintf(stderr, "ltcap run: --input %llu=%s: cannot read the file\n", call, file.c_str());
            return LTCAP_RUN_MISUSE;
        }
        if (rt.bind(run, call, bytes.data(), bytes.size()) != LTCAP_RUN_OK) return failed("--input: ");
    }
    const int status = rt.execute(run);
    if (status != LTCAP_RUN_OK && status != LTCAP_RUN_MISMATCH) return failed("");
    std::size_t written = 0, n = 0;
    ltcap_run_io io;
    for (; rt.output(run, n, &io) == LTCAP_RUN_OK; n++) {
        if (outputs.empty()) continue;
        std::vector<unsigned char> bytes(io.bytes);
        const long long got = rt.read(run, io.call, bytes.data(), bytes.size());
        std::string error;
        const std::string path = outputs + "/" + std::to_string(io.call) + ".bin";
        if (got < 0) return failed("");
        if (!WriteFile(path, bytes.data(), static_cast<std::size_t>(got), error)) {
            std::fprintf(stderr, "ltcap run: %s\n", error.c_str());
            return LTCAP_RUN_FAILED;
        }
        written++;
    }
    if (status == LTCAP_RUN_MISMATCH) return failed("");
    if (!quiet)
        std::printf("ltcap run: %s ran%s: %zu inputs bound, %zu outputs%s\n", log_path.c_str(),
                    inputs.empty() ? ", every output matching the capture" : " on new inputs", inputs.size(), n,
                    outputs.empty() ? "" : (", written to " + outputs).c_str());
    return LTCAP_RUN_OK;
}

}  // namespace ltcap::cli
