// Where a kernel source's file may be written on replay, decided from its recorded path alone — the one rule both the
// log checker (before anything runs) and the kernel file writer (when a kernel is needed) apply: a kernel's own files
// go in its folder, written a few levels down so includes that climb ("../common/x.h") stay inside; files the
// capture found below TT_METAL_HOME go in the replay home, shared by every kernel. A path that is empty, absolute,
// holds a NUL or climbs out of its folder is refused.
#pragma once

#include <cstdint>
#include <string>

namespace ltcap {

// How many folders the kernel file sits below its kernel's folder: the most a kernel's own path may climb.
inline constexpr int kKernelFileDepth = 5;

// The file's place relative to its folder (the kernel's, or the replay home when `from_home`), normalised; a LogError
// naming kernel source `id` when the path leaves it.
std::string KernelFilePlace(std::uint64_t id, const std::string& path, bool from_home);

}  // namespace ltcap
