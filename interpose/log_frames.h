// How the log writer puts batches into the file when the log is compressed: each batch becomes one Zstandard
// frame, so the file is a standard .zst stream (`zstd -dc log.capnp | capnp decode …` reads it) and a log cut off
// by a crash decodes up to the last frame that reached the disk. Record batches are compressed (level 1, with a
// content checksum); large payload messages and anything written from a fatal-signal handler go into frames of
// raw (stored) blocks, which cost no CPU and need no memory.
//
// libzstd is opened with dlopen on the writer thread, so libltcap.so gains no link-time dependency; without it,
// every frame is raw (the log is as large as an uncompressed one, and still reads the same).
#pragma once

#include <cstddef>
#include <string>

namespace ltcap {

class FrameEncoder {
public:
    FrameEncoder() = default;
    ~FrameEncoder();
    FrameEncoder(const FrameEncoder&) = delete;
    FrameEncoder& operator=(const FrameEncoder&) = delete;

    // Loads libzstd (once; call it on the writer thread). False, with the reason in `why`, if it is unavailable.
    bool Load(std::string& why);
    // One compressed frame holding `size` bytes, in `out` (replaced); false if compression failed (then write a raw
    // frame instead).
    bool Compress(const char* data, std::size_t size, std::string& out);
    // Writes `size` bytes to `fd` as one frame of raw blocks. Allocates nothing (safe from a signal handler).
    static bool WriteRaw(int fd, const char* data, std::size_t size);
    static std::size_t RawFrameSize(std::size_t size) { return 6 + 3 * (size ? (size + kRawBlock - 1) / kRawBlock : 1) + size; }
    static constexpr std::size_t kRawBlock = 128 << 10;  // the most a block may hold

private:
    void* library_ = nullptr;
    void* cctx_ = nullptr;
    struct Functions;
    Functions* fn_ = nullptr;
};

}  // namespace ltcap
