// The facts of one tt-metal release every tool needs without its headers: a row of the release table. Each
// release's folder states its row (profiles/<release>/api/release.h: kRelease<tag>); api/releases.h gathers them.
#pragma once

#include <array>
#include <cstdint>

namespace ltcap {

// Where a release looks for a kernel file a program names by a relative path, in its order (an absolute path is
// taken as it is). The first folder holding the file is where tt-metal compiles it from.
enum class KernelDir : std::uint8_t {
    kNone,            // (an unused step)
    kWorkingDir,      // the path as given, relative to the working directory
    kMetalHome,       // $TT_METAL_HOME
    kKernelPath,      // $TT_METAL_KERNEL_PATH
    kSystemKernels,   // /usr/share/tenstorrent/kernels/, the kernels a system package installs
    kRuntimeRoot,     // the runtime root: $TT_METAL_RUNTIME_ROOT, else a package's /usr/libexec/tt-metalium, else the
                      // working directory when it holds tt_metal/ (common/kernel_sources.h: RuntimeRoot)
};

// Words of a kernel's compile-time args a host object appends, which a log records the making of — so a replay can
// make them again with its own release's object (schema KernelConfig.tensorAccessors).
enum class RecordedWords : std::uint8_t {
    kNone,                // the log cannot tell which words the change concerns
    kTensorAccessorArgs,  // tt::tt_metal::TensorAccessorArgs::append_to's
};

// A kernel API name whose meaning a release changed from the release before it (in the release table): a kernel
// using it computes something else on the one than on the other from the same source and arguments — unless the
// change is in words the log records the making of, which the replaying release then makes its own way.
struct KernelChange {
    const char* name;  // the identifier as kernels spell it ("TensorAccessorArgs")
    const char* what;  // what changed, for messages
    RecordedWords words = RecordedWords::kNone;
};

// Each release's tools (as installed in bin/ and lib/, and as `ltcap capture` / `ltcap replay` pick them) and facts.
struct ProfileTools {
    const char* release;  // as a log's header names it (Header.ttMetalVersion)
    const char* shim;
    const char* player;
    const char* runtime;  // its embeddable runtime library (runtime/ltcap_run.h)
    // The variable naming the tt-metal tree a program runs from: its build/lib holds the libtt_metal.so a build
    // from source makes, and kernels' quoted includes are found through its include roots.
    const char* root_variable;
    std::array<KernelDir, 5> kernel_search;
    // The folder whose include roots kernels' quoted includes reach (kMetalHome or kRuntimeRoot).
    KernelDir include_home;
    // Set (non-empty), the release runs on a mock device: no kernel runs and reads return no device data — unless
    // `mock_overridden_by` is set too. Null: the release has no mock device.
    const char* mock_variable;
    const char* mock_overridden_by;
    // A name the release's libtt_metal.so exports and no other release's does (CreateDevice's mangled name, which
    // spells std:: types, so a library built with another standard library matches none): how the shim knows it
    // interposes its release, and `ltcap which-tt-metal` which release a library is.
    const char* probe_symbol;
    // A name a later release's libtt_metal.so exports and this release's does not (null: none known): a library
    // defining the probe and this name is that later release — whose layouts (IDevice's vtable) are not this
    // release's — and neither ltcap capture nor the shim take it for this one. With what it names, for messages.
    const char* later_symbol;
    const char* later_what;
    // The kernel API names this release changed the meaning of since the release before it, ended by {} (null:
    // none): a log's kernel that uses one does not replay the same across them (ltplay --cross-release refuses it).
    const KernelChange* kernel_changes = nullptr;
};

}  // namespace ltcap
