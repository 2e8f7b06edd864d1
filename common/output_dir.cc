#include "common/output_dir.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "common/write_fully.h"

namespace ltcap {
namespace {

[[noreturn]] void Fail(const std::string& path, const std::string& why) {
    throw std::runtime_error("cannot write " + path + ": " + why);
}

std::string Errno(int e) { return std::strerror(e); }

// What a refused openat with O_NOFOLLOW means: ELOOP (the final name is a link) or ENOTDIR (a folder's name is a
// link to something, or a file) both name something in DIR that ltcap did not put there.
std::string Why(int e) {
    if (e == ELOOP) return "it is a symbolic link (not followed: output stays inside its folder)";
    if (e == ENOTDIR) return "a part of it is a symbolic link or not a folder (not followed)";
    return Errno(e);
}

class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0) ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }
    int release() {
        const int fd = fd_;
        fd_ = -1;
        return fd;
    }
    void reset(int fd) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = fd;
    }

private:
    int fd_;
};

}  // namespace

OutputDir::OutputDir(const std::string& dir) : dir_(dir.empty() ? "." : dir) {
    for (std::size_t at = 1; at <= dir_.size(); at++) {
        if (at != dir_.size() && dir_[at] != '/') continue;
        const std::string prefix = dir_.substr(0, at);
        if (::mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST)
            throw std::runtime_error("cannot create " + prefix + ": " + Errno(errno));
    }
    fd_ = ::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) throw std::runtime_error("cannot open the folder " + dir_ + ": " + Errno(errno));
}

OutputDir::~OutputDir() {
    if (fd_ >= 0) ::close(fd_);
}

int OutputDir::Open(const std::string& relative, bool append) const {
    const std::string shown = dir_ + "/" + relative;
    std::vector<std::string> parts;
    for (std::size_t i = 0; i <= relative.size();) {
        std::size_t end = relative.find('/', i);
        if (end == std::string::npos) end = relative.size();
        parts.push_back(relative.substr(i, end - i));
        i = end + 1;
    }
    for (const std::string& p : parts)
        if (p.empty() || p == "." || p == ".." || p.find('\0') != std::string::npos)
            Fail(shown, "not a plain name inside the folder");
    Fd at(-1);
    int dirfd = fd_;
    for (std::size_t i = 0; i + 1 < parts.size(); i++) {
        if (::mkdirat(dirfd, parts[i].c_str(), 0755) != 0 && errno != EEXIST) Fail(shown, Errno(errno));
        const int next = ::openat(dirfd, parts[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) Fail(shown, Why(errno));
        at.reset(next);
        dirfd = next;
    }
    Fd file(::openat(dirfd, parts.back().c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644));
    if (file.get() < 0) Fail(shown, Why(errno));
    struct stat st {};
    if (::fstat(file.get(), &st) != 0) Fail(shown, Errno(errno));
    if (!S_ISREG(st.st_mode)) Fail(shown, "it is not a regular file");
    if (st.st_nlink != 1) Fail(shown, "it has another hard link (not written through)");
    // O_NONBLOCK kept a FIFO planted in DIR from blocking the open; a regular file does not need it.
    if (::fcntl(file.get(), F_SETFL, append ? O_APPEND : 0) != 0) Fail(shown, Errno(errno));
    if (!append && ::ftruncate(file.get(), 0) != 0) Fail(shown, Errno(errno));
    return file.release();
}

void OutputDir::WriteFile(const std::string& relative, const void* data, std::size_t size) const {
    Fd file(Open(relative));
    if (!WriteFully(file.get(), data, size)) Fail(dir_ + "/" + relative, Errno(errno ? errno : EIO));
    if (::close(file.release()) != 0) Fail(dir_ + "/" + relative, Errno(errno));
}

}  // namespace ltcap
