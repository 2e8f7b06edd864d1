// A compressed log read frame by frame, as its reader gets to each part: no temporary copy of the decoded stream,
// memory bounded by a small cache of decoded frames, and the first entry available at once however large the log.
// The capture writes each batch of entries as one Zstandard frame holding whole messages (log_frames.h), so a
// message is found by the frame that holds its offset in the decoded stream (the same offsets a whole decode would
// give) and read in place in that frame's decoded bytes, which stay in memory while anything still points into them
// (Region::pin). Frames are found by walking their block headers ahead of the reader; a frame is decoded when first
// read, and again later if the cache dropped it.
//   FrameStream frames(file_bytes, file_size, path);
//   FrameStream::Region r;
//   if (frames.RegionAt(offset, r)) { ... r.bytes[offset - r.begin] ... }   // else: the stream ends before offset
//   if (frames.unusual()) { ... decode the whole stream another way (zstd_stream.h) ... }
// A stream this reader does not handle — a frame decoding to more than kMaxFrame, or one whose decoded bytes start
// off a word boundary (a log recompressed by another tool, say) — makes it stop and say so (unusual()), so that the
// caller can fall back to decoding the whole stream into a file: offsets stay the same either way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "player/pinned.h"

namespace ltcap {

class FrameStream {
public:
    // `data` (the mapped file, `size` bytes, starting with a Zstandard frame) must outlive this.
    FrameStream(const std::uint8_t* data, std::size_t size, std::string path);
    ~FrameStream();
    FrameStream(const FrameStream&) = delete;
    FrameStream& operator=(const FrameStream&) = delete;

    static constexpr std::uint64_t kMaxFrame = 64 << 20;     // larger frames: unusual() (their own writer's batches are ~1 MiB)
    static constexpr std::uint64_t kCacheBytes = 24 << 20;   // decoded frames kept for reading again
    static constexpr std::uint64_t kSpareBytes = 16 << 20;   // freed frame buffers kept for reuse (no page faults)
    // Keeps at most `cache` bytes of decoded frames and `spare` of freed buffers instead (a tool reading two logs,
    // each mostly once, as ltcap diff does); at least one frame is always kept.
    void LimitMemory(std::uint64_t cache, std::uint64_t spare);
    // Decoded bytes the cache holds now.
    std::uint64_t cached_bytes() const { return cached_bytes_; }

    // Decoded bytes [begin, end) of one frame, at `bytes`; valid while `pin` (or a copy) lives.
    struct Region {
        const std::uint8_t* bytes = nullptr;
        std::uint64_t begin = 0, end = 0;
        std::size_t frame = 0;  // its index, for Last()
        Pin pin;
    };
    // The frame whose decoded bytes hold offset `at`, walking and decoding frames as needed. False when the stream
    // holds nothing at `at`: it ended (cleanly, or early — problem() says why), or it turned out unusual().
    bool RegionAt(std::uint64_t at, Region& region);
    // Copies the decoded bytes [at, at + n), which must lie in one frame, to `dst`; false (dst untouched) if the
    // stream holds no such range. A frame not in memory whose bytes there are raw or run-length blocks (a large
    // payload's, log_frames.h) is copied straight out of the file — once, where decoding it again would copy it
    // into a frame buffer first and push other frames out of the cache; any other is decoded (and cached) as for
    // RegionAt. A frame is copied that way only once a whole decode has accepted it (a replay's reading cursor
    // decodes every frame before a call uses it).
    bool CopyOut(std::uint64_t at, std::uint64_t n, std::uint8_t* dst);
    // No frame with content follows frame `frame` (walking on to find out): a message cut at its end is a cut log.
    bool Last(std::size_t frame);

    // Why the stream ended early — a cut or damaged frame, a decompression bomb — or "" if it did not (yet).
    const std::string& problem() const { return problem_; }
    // It ended at something malformed, not at a cut.
    bool damaged() const { return damaged_; }
    // The stream is not one this reader handles frame by frame (see above): nothing more is read from it.
    bool unusual() const { return unusual_; }
    // How far into the file the frames read so far reach (for progress).
    std::uint64_t file_position() const { return file_pos_; }
    // Drops the file's pages that frames before the one at decoded offset `at` came from (released as reading
    // moves on; they are read from the file again if an earlier frame is decoded again).
    void ReleaseInputBefore(std::uint64_t at);

private:
    struct Frame {
        std::uint64_t file_at = 0, file_size = 0;  // where it is in the file
        std::uint64_t begin = 0, size = 0;         // its decoded bytes' place in the stream
        std::size_t number = 0;                    // frames before it in the file
        Pin kept;                  // held for good: decoded while walking (its size was not declared), or a tail
        bool decoded_once = false;  // decoding it again cannot fail unless the file changed
    };
    class Buffers;
    bool WalkNext();
    bool TailFrame();
    Pin Decoded(std::size_t i);
    bool CopyBlocks(std::size_t i, std::uint64_t from, std::uint64_t n, std::uint8_t* dst);
    void HandBackAgain(const Frame& f);
    void End(std::string problem, bool damaged);
    void DropFilePages(std::uint64_t from, std::uint64_t to);
    std::size_t Find(std::uint64_t at) const;

    const std::uint8_t* data_;
    std::size_t size_;
    std::string path_;
    std::vector<Frame> frames_;  // walked so far, in order; frames decoding to nothing are left out
    std::size_t walked_frames_ = 0;  // every frame walked, empty ones too (for "N frames before it are intact")
    std::uint64_t file_pos_ = 0;     // where the next frame starts in the file
    std::uint64_t end_ = 0;          // decoded bytes of the frames walked
    std::uint64_t limit_;            // the most the stream may decode to (a decompression bomb beyond)
    std::uint64_t released_ = 0;     // file bytes handed back so far
    bool ended_ = false, damaged_ = false, unusual_ = false;
    std::string problem_;
    std::shared_ptr<Buffers> buffers_;
    struct Cached {
        std::size_t frame;
        Pin bytes;
    };
    std::vector<Cached> cache_;  // most recently used last
    std::uint64_t cached_bytes_ = 0;
    std::uint64_t cache_limit_ = kCacheBytes;
    void* dctx_ = nullptr;
};

}  // namespace ltcap
