#include "player/frame_stream.h"

#include <sys/mman.h>
#include <unistd.h>
#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_getFrameHeader (exported by libzstd.so.1; its header keeps it here)
#include <zstd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "player/zstd_stream.h"
#include "schema/log_error.h"

namespace ltcap {

// Memory for decoded frames. Fresh memory costs a page fault per 4 KiB on first touch (on this project's VMs about as
// much as decoding into it), so a buffer whose last pin went is kept for the next frame, up to kSpareBytes of them.
// Shared with the pins' deleters, so a pin may outlive the stream that made it.
class FrameStream::Buffers : public std::enable_shared_from_this<Buffers> {
public:
    ~Buffers() {
        for (const Spare& s : spare_) std::free(s.bytes);
    }
    // `size` bytes (at least 1), uninitialized.
    Pin Get(std::size_t size) {
        size = std::max<std::size_t>(size, 1);
        std::uint8_t* bytes = nullptr;
        std::size_t capacity = 0;
        for (std::size_t i = 0; i < spare_.size(); i++) {
            // Reused only when not much larger: a 4 MiB buffer held for a 100-byte frame would count in full.
            if (spare_[i].capacity >= size && spare_[i].capacity <= 2 * size + (1 << 20)) {
                bytes = spare_[i].bytes;
                capacity = spare_[i].capacity;
                spare_bytes_ -= capacity;
                spare_.erase(spare_.begin() + static_cast<std::ptrdiff_t>(i));
                break;
            }
        }
        if (!bytes) {
            capacity = (size + kRound - 1) / kRound * kRound;
            bytes = static_cast<std::uint8_t*>(std::malloc(capacity));
            if (!bytes) throw std::bad_alloc();
        }
        std::weak_ptr<Buffers> owner = weak_from_this();
        return Pin(bytes, [owner, capacity](const std::uint8_t* p) {
            auto* b = const_cast<std::uint8_t*>(p);
            if (auto buffers = owner.lock(); buffers && buffers->Keep(b, capacity)) return;
            std::free(b);
        });
    }
    // Keeps at most `bytes` of spare buffers from now on.
    void Limit(std::size_t bytes) {
        spare_limit_ = bytes;
        while (spare_bytes_ > spare_limit_) {
            std::free(spare_.back().bytes);
            spare_bytes_ -= spare_.back().capacity;
            spare_.pop_back();
        }
    }

private:
    static constexpr std::size_t kRound = 64 << 10;
    bool Keep(std::uint8_t* bytes, std::size_t capacity) {
        if (spare_bytes_ + capacity > spare_limit_) return false;
        spare_.push_back({bytes, capacity});
        spare_bytes_ += capacity;
        return true;
    }
    struct Spare {
        std::uint8_t* bytes;
        std::size_t capacity;
    };
    std::vector<Spare> spare_;
    std::size_t spare_bytes_ = 0;
    std::size_t spare_limit_ = kSpareBytes;
};

namespace {
ZSTD_DCtx* Dctx(void* p) { return static_cast<ZSTD_DCtx*>(p); }
}  // namespace

FrameStream::FrameStream(const std::uint8_t* data, std::size_t size, std::string path)
    : data_(data),
      size_(size),
      path_(std::move(path)),
      limit_(std::max<std::uint64_t>(4ull << 30, std::uint64_t{size} * 1024)),
      buffers_(std::make_shared<Buffers>()),
      dctx_(ZSTD_createDCtx()) {
    if (!dctx_) throw LogError(path_ + ": cannot create a zstd decompression context");
}

FrameStream::~FrameStream() {
    cache_.clear();
    ZSTD_freeDCtx(Dctx(dctx_));
}

void FrameStream::End(std::string problem, bool damaged) {
    ended_ = true;
    problem_ = std::move(problem);
    damaged_ = damaged;
}

// Walks the next frame of the file, adding it to frames_ if it decodes to anything. False once nothing follows: the
// stream ended (problem_ says if early) or is unusual.
bool FrameStream::WalkNext() {
    if (ended_ || unusual_) return false;
    if (file_pos_ >= size_) {
        End("", false);
        return false;
    }
    std::size_t length = 0;
    std::uint64_t bound = 0;
    bool exact = false;
    if (!WalkFrame(data_ + file_pos_, size_ - file_pos_, length, bound, &exact)) return TailFrame();
    if (bound > kMaxFrame) {
        unusual_ = true;
        return false;
    }
    if (end_ + bound > limit_) {
        End("the compressed stream decodes to more than " + std::to_string(limit_) + " bytes (1024 times the file's "
            "size, at least 4 GiB): refused as a decompression bomb at the frame at byte " + std::to_string(file_pos_) +
            " of the file", true);
        return false;
    }
    Frame f;
    f.file_at = file_pos_;
    f.file_size = length;
    f.begin = end_;
    f.size = bound;
    f.number = walked_frames_;
    if (!exact && bound > 0) {
        // Its size is known only once decoded (a frame of another writer, without a declared content size).
        Pin bytes = buffers_->Get(bound);
        const std::size_t n = ZSTD_decompressDCtx(Dctx(dctx_), const_cast<std::uint8_t*>(bytes.get()), bound,
                                                  data_ + file_pos_, length);
        if (ZSTD_isError(n)) {
            End("damaged compressed frame at byte " + std::to_string(file_pos_) + " of the file (" + ZSTD_getErrorName(n) +
                    "); " + std::to_string(walked_frames_) + " frames before it are intact",
                true);
            return false;
        }
        f.size = n;
        f.kept = std::move(bytes);  // held: decoding it again would be the same work
    }
    walked_frames_++;
    file_pos_ += length;
    if (f.size == 0) return true;  // a skippable or empty frame
    if (f.begin % 8 != 0) {        // the frame before ended off a word boundary: not the capture's framing
        unusual_ = true;
        return false;
    }
    frames_.push_back(std::move(f));
    end_ += frames_.back().size;
    return true;
}

// The frame at file_pos_ is cut off or malformed (WalkFrame refused it): decoded with the streaming decoder, which
// keeps what its complete blocks held if it is cut off, and says what is wrong if it is damaged. Memory stays
// bounded: more than kMaxFrame makes the stream unusual.
bool FrameStream::TailFrame() {
    ZSTD_DCtx_reset(Dctx(dctx_), ZSTD_reset_session_only);
    ZSTD_inBuffer in{data_, size_, file_pos_};
    std::vector<std::uint8_t> out;
    bool complete = false, output_full = false;
    while (in.pos < in.size || output_full) {
        const std::size_t used = out.size();
        out.resize(used + ZSTD_DStreamOutSize());
        ZSTD_outBuffer o{out.data() + used, out.size() - used, 0};
        const std::size_t result = ZSTD_decompressStream(Dctx(dctx_), &o, &in);
        output_full = o.pos == o.size;
        out.resize(used + o.pos);
        if (ZSTD_isError(result)) {
            End("damaged compressed frame at byte " + std::to_string(file_pos_) + " of the file (" +
                    ZSTD_getErrorName(result) + "); " + std::to_string(walked_frames_) + " frames before it are intact",
                true);
            return false;
        }
        if (out.size() > kMaxFrame) {
            unusual_ = true;
            return false;
        }
        if (end_ + out.size() > limit_) {
            End("the compressed stream decodes to more than " + std::to_string(limit_) + " bytes (1024 times the "
                "file's size, at least 4 GiB): refused as a decompression bomb at the frame at byte " +
                std::to_string(file_pos_) + " of the file", true);
            return false;
        }
        if (result == 0) {
            complete = true;
            break;
        }
    }
    const std::uint64_t at = file_pos_;
    walked_frames_++;
    file_pos_ = in.pos;
    if (!complete)
        End("the compressed stream is cut off inside the frame at byte " + std::to_string(at) + " of the file (" +
                std::to_string(size_ - at) + " bytes of it present)",
            false);
    if (out.empty()) return !ended_;
    if (end_ % 8 != 0) {
        unusual_ = true;
        return false;
    }
    Pin bytes = buffers_->Get(out.size());
    std::memcpy(const_cast<std::uint8_t*>(bytes.get()), out.data(), out.size());
    Frame f;
    f.file_at = at;
    f.file_size = file_pos_ - at;
    f.begin = end_;
    f.size = out.size();
    f.number = walked_frames_ - 1;
    f.kept = std::move(bytes);
    frames_.push_back(std::move(f));
    end_ += out.size();
    return true;
}

std::size_t FrameStream::Find(std::uint64_t at) const {
    auto it = std::upper_bound(frames_.begin(), frames_.end(), at,
                               [](std::uint64_t offset, const Frame& f) { return offset < f.begin; });
    return static_cast<std::size_t>(it - frames_.begin()) - 1;  // the caller made sure frames_[0].begin <= at
}

// Frame i's decoded bytes: held for good, cached, or decoded now (and cached). Null if it turns out damaged: the
// stream then ends before it.
Pin FrameStream::Decoded(std::size_t i) {
    Frame& f = frames_[i];
    if (f.kept) return f.kept;
    for (std::size_t c = cache_.size(); c-- > 0;) {
        if (cache_[c].frame != i) continue;
        if (c + 1 != cache_.size()) std::rotate(cache_.begin() + static_cast<std::ptrdiff_t>(c),
                                                cache_.begin() + static_cast<std::ptrdiff_t>(c) + 1, cache_.end());
        return cache_.back().bytes;
    }
    Pin bytes = buffers_->Get(f.size);
    const std::size_t n = ZSTD_decompressDCtx(Dctx(dctx_), const_cast<std::uint8_t*>(bytes.get()), f.size,
                                              data_ + f.file_at, f.file_size);
    if (ZSTD_isError(n) || n != f.size) {
        if (f.decoded_once)
            throw LogError(path_ + ": the file changed while it was being read (a frame that decoded before no longer "
                           "does); nothing read from it can be trusted");
        End("damaged compressed frame at byte " + std::to_string(f.file_at) + " of the file (" +
                (ZSTD_isError(n) ? ZSTD_getErrorName(n) : "it decodes to fewer bytes than its header says") + "); " +
                std::to_string(f.number) + " frames before it are intact",
            true);
        // Nothing from this frame on is read: the stream ends where it begins.
        end_ = f.begin;
        file_pos_ = f.file_at;
        frames_.resize(i);
        std::erase_if(cache_, [i](const Cached& c) { return c.frame >= i; });
        return nullptr;
    }
    f.decoded_once = true;
    HandBackAgain(f);
    cache_.push_back({i, bytes});
    cached_bytes_ += f.size;
    while (cached_bytes_ > cache_limit_ && cache_.size() > 1) {
        cached_bytes_ -= frames_[cache_.front().frame].size;
        cache_.erase(cache_.begin());
    }
    return bytes;
}

void FrameStream::LimitMemory(std::uint64_t cache, std::uint64_t spare) {
    cache_limit_ = cache;
    buffers_->Limit(spare);
    while (cached_bytes_ > cache_limit_ && cache_.size() > 1) {
        cached_bytes_ -= frames_[cache_.front().frame].size;
        cache_.erase(cache_.begin());
    }
}

bool FrameStream::RegionAt(std::uint64_t at, Region& region) {
    while (at >= end_)
        if (!WalkNext()) return false;
    const std::size_t i = Find(at);
    Pin bytes = Decoded(i);
    if (!bytes) return false;
    const Frame& f = frames_[i];
    region.bytes = bytes.get();
    region.begin = f.begin;
    region.end = f.begin + f.size;
    region.frame = i;
    region.pin = std::move(bytes);
    return true;
}

// A frame behind what ReleaseInputBefore handed back (a payload read again when its call uses it) hands its file
// pages back again: else every payload a replay uses stays mapped, and the log's size shows in its RSS. Up to the
// next 2 MiB past it too (inside what was handed back): a fault may map a whole large folio of the page cache.
// Nothing points into the file's pages (frames are read from decoded copies), so dropping them only means reading
// them from the file again if touched.
void FrameStream::HandBackAgain(const Frame& f) {
    if (f.file_at >= released_) return;
    constexpr std::uint64_t kFolio = 2 << 20;
    DropFilePages(f.file_at, std::min((f.file_at + f.file_size + kFolio - 1) / kFolio * kFolio, released_));
}

bool FrameStream::CopyOut(std::uint64_t at, std::uint64_t n, std::uint8_t* dst) {
    while (at >= end_)
        if (!WalkNext()) return false;
    const std::size_t i = Find(at);
    const std::uint64_t from = at - frames_[i].begin;
    if (n > frames_[i].size - from) return false;
    if (n == 0) return true;
    if (CopyBlocks(i, from, n, dst)) return true;
    Pin bytes = Decoded(i);
    if (!bytes) return false;
    std::memcpy(dst, bytes.get() + from, n);
    return true;
}

// CopyOut straight from the file: frame i is not in memory, a whole decode accepted it before (its blocks, sizes and
// checksum, so the copy is what decoding it again would give), and its blocks over [from, from + n) of its decoded
// bytes are raw or run-length. False, dst untouched, if not. Each block is checked to lie inside the frame's file
// bytes all the same, since the file may have changed under the mapping.
bool FrameStream::CopyBlocks(std::size_t i, std::uint64_t from, std::uint64_t n, std::uint8_t* dst) {
    const Frame& f = frames_[i];
    if (f.kept || !f.decoded_once) return false;
    for (const Cached& c : cache_)
        if (c.frame == i) return false;  // one copy from memory already decoded
    const std::uint8_t* const p = data_ + f.file_at;
    ZSTD_frameHeader h{};
    if (ZSTD_getFrameHeader(&h, p, f.file_size) != 0 || h.frameType != ZSTD_frame) return false;
    // Twice over the block headers: first that every block the range meets can be copied, then the copy.
    for (int pass = 0; pass < 2; pass++) {
        std::uint64_t pos = h.headerSize, out = 0;  // in the file's frame; in its decoded bytes
        const std::uint64_t to = from + n;
        while (out < to) {
            if (f.file_size - pos < 3) return false;
            const std::uint32_t header = p[pos] | p[pos + 1] << 8 | std::uint32_t{p[pos + 2]} << 16;
            const std::uint32_t type = (header >> 1) & 3, block = header >> 3;
            pos += 3;
            const std::uint64_t stored = type == 0 ? block : type == 1 ? 1 : 0;
            if ((type != 0 && type != 1) || f.file_size - pos < stored) return false;
            const std::uint64_t lo = std::max(out, from), hi = std::min(out + block, to);
            if (pass == 1 && lo < hi) {
                if (type == 0) std::memcpy(dst + (lo - from), p + pos + (lo - out), hi - lo);
                else std::memset(dst + (lo - from), p[pos], hi - lo);
            }
            pos += stored;
            out += block;
            if ((header & 1) && out < to) return false;  // the last block ends before the range does
        }
    }
    HandBackAgain(f);
    return true;
}

bool FrameStream::Last(std::size_t frame) {
    while (frames_.size() <= frame + 1 && WalkNext()) {
    }
    return frames_.size() <= frame + 1;
}

void FrameStream::ReleaseInputBefore(std::uint64_t at) {
    if (frames_.empty() || at < frames_[0].begin) return;
    const std::uint64_t upto = frames_[std::min(Find(at), frames_.size() - 1)].file_at;
    if (upto < released_ + (1 << 20)) return;  // a call per MiB at most
    DropFilePages(released_, upto);
    released_ = upto;
}

// Unmaps the file's pages from the one holding `from` up to the one holding `to` (not included).
void FrameStream::DropFilePages(std::uint64_t from, std::uint64_t to) {
    static const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    from = from / page * page, to = to / page * page;
    if (to > from) madvise(const_cast<std::uint8_t*>(data_) + from, to - from, MADV_DONTNEED);
}

}  // namespace ltcap
