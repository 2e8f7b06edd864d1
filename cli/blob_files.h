// Blob bytes out of a log into files, for `ltcap export --blobs` and `ltcap extract`: each blob's chunks are
// written to DIR/<id>.bin in order (a log stores a blob's chunks consecutively; LogError if they are not). Nothing
// already in DIR is written through (common/output_dir.h).
#pragma once

#include <fcntl.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

#include "common/output_dir.h"
#include "common/write_fully.h"
#include "player/log_reader.h"

namespace ltcap::cli {

class BlobFiles {
public:
    // `sub`: the folder inside `dir` the files go to ("" for `dir` itself).
    BlobFiles(const OutputDir& dir, std::string sub) : dir_(dir), sub_(sub.empty() ? "" : sub + "/") {}
    // The file name (relative to DIR) the chunk went to.
    std::string Write(schema::Blob::Reader b) {
        const std::string name = std::to_string(b.getId()) + ".bin";
        std::uint64_t& next = next_[b.getId()];
        if (b.getOffset() != next)
            throw LogError("blob " + std::to_string(b.getId()) + ": a chunk at byte " + std::to_string(b.getOffset()) +
                           " where " + std::to_string(next) + " was expected");
        const std::string path = dir_.path() + "/" + sub_ + name;
        const int fd = dir_.Open(sub_ + name, next != 0);
        const auto data = b.getData();
        const bool ok = WriteFully(fd, data.begin(), data.size());
        const int saved = errno;
        ::close(fd);
        if (!ok) throw std::runtime_error("cannot write " + path + ": " + std::strerror(saved));
        next += data.size();
        return name;
    }

private:
    const OutputDir& dir_;
    std::string sub_;
    std::map<std::uint64_t, std::uint64_t> next_;  // blob id → bytes written
};

}  // namespace ltcap::cli
