// Blob bytes out of a log into files, for `ltcap export --blobs` and `ltcap extract`: each blob's chunks are
// written to DIR/<id>.bin in order (a log stores a blob's chunks consecutively; LogError if they are not).
#pragma once

#include <fcntl.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

#include "common/write_fully.h"
#include "player/log_reader.h"

namespace ltcap::cli {

class BlobFiles {
public:
    explicit BlobFiles(std::string dir) : dir_(std::move(dir)) {}
    // The file name (relative to DIR) the chunk went to.
    std::string Write(schema::Blob::Reader b) {
        const std::string name = std::to_string(b.getId()) + ".bin";
        std::uint64_t& next = next_[b.getId()];
        if (b.getOffset() != next)
            throw LogError("blob " + std::to_string(b.getId()) + ": a chunk at byte " + std::to_string(b.getOffset()) +
                           " where " + std::to_string(next) + " was expected");
        const std::string path = dir_ + "/" + name;
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | (next == 0 ? O_TRUNC : O_APPEND) | O_CLOEXEC, 0644);
        if (fd < 0) throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        const auto data = b.getData();
        const bool ok = WriteFully(fd, data.begin(), data.size());
        const int saved = errno;
        ::close(fd);
        if (!ok) throw std::runtime_error("cannot write " + path + ": " + std::strerror(saved));
        next += data.size();
        return name;
    }

private:
    std::string dir_;
    std::map<std::uint64_t, std::uint64_t> next_;  // blob id → bytes written
};

}  // namespace ltcap::cli
