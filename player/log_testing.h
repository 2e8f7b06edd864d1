// What the log readers' tests make logs of: an entry as a message's bytes, a message stream compressed as a single
// Zstandard frame (with its checksum), and a file holding bytes for as long as the test needs it.
#pragma once

#include <capnp/message.h>
#include <capnp/serialize.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <zstd.h>

#include <cstdlib>
#include <functional>
#include <string>

#include "schema/trace.capnp.h"

namespace ltcap::log_testing {

// One entry, filled by `fill`, as the bytes of its message.
inline std::string Message(const std::function<void(schema::Entry::Builder)>& fill) {
    capnp::MallocMessageBuilder m;
    fill(m.initRoot<schema::Entry>());
    const auto words = capnp::messageToFlatArray(m);
    return std::string(reinterpret_cast<const char*>(words.begin()), words.size() * sizeof(capnp::word));
}

// `content` as one Zstandard frame with its checksum.
inline std::string Zstd(const std::string& content) {
    std::string out(ZSTD_compressBound(content.size()), '\0');
    ZSTD_CCtx* c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);
    out.resize(ZSTD_compress2(c, out.data(), out.size(), content.data(), content.size()));
    ZSTD_freeCCtx(c);
    return out;
}

// A file in /tmp holding `bytes`, removed with the object.
class TempFile {
public:
    explicit TempFile(const std::string& bytes) {
        char name[] = "/tmp/ltcap_log_test.XXXXXX";
        const int fd = mkstemp(name);
        path_ = name;
        EXPECT_EQ(::write(fd, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
        ::close(fd);
    }
    ~TempFile() { ::unlink(path_.c_str()); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

}  // namespace ltcap::log_testing
