// Where the ltcap front end finds its parts: the shim and the sibling tools, installed (PREFIX/bin/ltcap,
// PREFIX/lib/libltcap.so) or in a Bazel output tree (bazel-bin/cli/ltcap, a release's
// bazel-bin/profiles/<release>/libltcap.so and ltplay).
//   std::string shim = FindShim("v0.67.0");   // "" when there is none
#pragma once

#include <string>
#include <vector>

namespace ltcap::cli {

// `path` names a regular file (following symbolic links).
bool IsFile(const std::string& path);
// The directory holding the running executable.
std::string SelfDir();
// The first of `candidates` (relative to SelfDir()) that is a regular file, as an absolute path; "" if none.
std::string FindBeside(const std::vector<std::string>& candidates);
// The capture shim of tt-metal `release` (its row's `shim` in api/releases.h), "" for none or a release ltcap does
// not speak.
std::string FindShim(const std::string& release);
// Puts `shim` first in LD_PRELOAD (ahead of what is there already), for the programs ltcap starts next.
void PreloadFirst(const std::string& shim);
std::string FindTool(const std::string& name);  // "ltplay", "ltdump"
// The player of logs captured from tt-metal `release` (ltplay, ltplay_v067); "" if none is installed.
std::string FindPlayer(const std::string& release);
// The tt-metal release installed with ltcap (scripts/install.sh writes it), or "" (a Bazel output tree).
std::string InstalledRelease();

}  // namespace ltcap::cli
