// ttemu_kernel_check: does a kernel source compile against the emulator's kernel API, exactly as the emulator would
// compile it for a launch? For porting kernels and for measuring the API's coverage of tt-metal's own kernels
// (scripts/upstream_kernels.sh). Prints one line per kernel: "ok PATH", or "FAIL PATH: <first error>".
//   ttemu_kernel_check [--compute|--dataflow] [--noc 0|1] [--arg VALUE]... [--define NAME[=VALUE]]...
//                      [--prelude-dir DIR] KERNEL...
// Without --compute/--dataflow a kernel is compute if its source opens `namespace NAMESPACE` or includes the compute
// API. Exit status: 0 if every
// kernel compiles, 1 if one does not, 2 on a usage error.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "emu/core/kernel_build.h"

namespace {

constexpr const char* kUsage =
    "usage: ttemu_kernel_check [--compute|--dataflow] [--noc 0|1] [--arg VALUE]... [--define NAME[=VALUE]]... "
    "[--prelude-dir DIR] KERNEL...\n"
    "Compiles each kernel (syntax only) as the emulated tt-metal would for a launch and prints \"ok PATH\" or\n"
    "\"FAIL PATH: first error\". --arg appends a compile-time argument; --define adds a kernel define;\n"
    "--prelude-dir takes the kernel API's preludes from DIR of the embedded headers, as a profile's launches do\n"
    "(api/ for tt-metal v0.67.0: ttemu_kernel_check_v067 --prelude-dir api/).\n";

std::string FirstError(const std::string& diagnostics) {
    std::istringstream lines(diagnostics);
    std::string line;
    while (std::getline(lines, line)) {
        const auto at = line.find("error: ");
        if (at != std::string::npos) return line.substr(at + 7);
    }
    return diagnostics.substr(0, diagnostics.find('\n'));
}

bool LooksLikeCompute(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    // tt-metal's compute kernels open `namespace NAMESPACE`, or (v0.67.0 and later, kernel_main) include its compute API.
    const std::string t = text.str();
    return t.find("namespace NAMESPACE") != std::string::npos || t.find("#include \"api/compute/") != std::string::npos ||
           t.find("#include \"compute_kernel_api") != std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
    enum class Kind { kAuto, kCompute, kDataflow } kind = Kind::kAuto;
    ttemu::KernelBuildRequest base;
    std::string prelude_dir;  // empty: the kernel API's default preludes
    std::vector<std::string> kernels;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        const bool has_value = i + 1 < argc;
        if (a == "-h" || a == "--help") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--compute") {
            kind = Kind::kCompute;
        } else if (a == "--dataflow") {
            kind = Kind::kDataflow;
        } else if (a == "--noc" && has_value) {
            base.noc = static_cast<std::uint8_t>(std::strtoul(argv[++i], nullptr, 10) & 1);
        } else if (a == "--arg" && has_value) {
            base.compile_args.push_back(static_cast<std::uint32_t>(std::strtoul(argv[++i], nullptr, 0)));
        } else if (a == "--prelude-dir" && has_value) {
            prelude_dir = argv[++i];
            if (!prelude_dir.empty() && prelude_dir.back() != '/') prelude_dir += '/';
        } else if (a == "--define" && has_value) {
            const std::string d = argv[++i];
            const auto eq = d.find('=');
            base.defines[d.substr(0, eq)] = eq == std::string::npos ? "1" : d.substr(eq + 1);
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "ttemu_kernel_check: unknown option %s\n%s", a.c_str(), kUsage);
            return 2;
        } else {
            kernels.push_back(a);
        }
    }
    if (kernels.empty()) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    int failed = 0;
    for (const auto& path : kernels) {
        ttemu::KernelBuildRequest r = base;
        r.name = path;
        r.source = std::filesystem::absolute(path).string();  // the wrapper lives elsewhere
        const bool compute = kind == Kind::kCompute || (kind == Kind::kAuto && LooksLikeCompute(path));
        r.kind = compute ? ttemu::KernelBuildRequest::Kind::kCompute : ttemu::KernelBuildRequest::Kind::kDataMovement;
        if (!prelude_dir.empty())
            r.prelude = prelude_dir + (compute ? "ttemu_compute_prelude.h" : "ttemu_dataflow_prelude.h");
        std::string diagnostics;
        try {
            diagnostics = ttemu::CheckKernel(r);
        } catch (const std::exception& e) {
            diagnostics = e.what();
        }
        if (diagnostics.empty()) {
            std::printf("ok %s\n", path.c_str());
        } else {
            std::printf("FAIL %s: %s\n", path.c_str(), FirstError(diagnostics).c_str());
            failed++;
        }
    }
    return failed ? 1 : 0;
}
