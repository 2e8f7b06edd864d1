// Whether two paths name the same file (device and inode: a hard link, a symlink or another spelling of the same
// path counts), so a tool can refuse an output that would overwrite its input. False when either does not exist.
#pragma once

#include <sys/stat.h>

#include <string>

namespace ltcap {

inline bool SameFile(const std::string& a, const std::string& b) {
    struct stat sa {}, sb {};
    if (::stat(a.c_str(), &sa) != 0 || ::stat(b.c_str(), &sb) != 0) return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

}  // namespace ltcap
