#include "player/zstd_stream.h"

#include <sys/mman.h>
#include <unistd.h>
#define ZSTD_STATIC_LINKING_ONLY  // ZSTD_decompressBound (exported by libzstd.so.1 since 1.4.10)
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <vector>

#include "common/write_fully.h"

// libzstd's tracing hooks: weak references in its static library that a definition anywhere in the process would
// satisfy — a loaded libtt_metal.so's among them. Defined here, hidden and inert, so the player's decoder binds to
// these at link time and never to another library's.
extern "C" {
struct ZSTD_DCtx_s;
struct ZSTD_Trace;
__attribute__((visibility("hidden"))) unsigned long long ZSTD_trace_decompress_begin(const ZSTD_DCtx_s*) { return 0; }
__attribute__((visibility("hidden"))) void ZSTD_trace_decompress_end(unsigned long long, const ZSTD_Trace*) {}
}
#include "player/log_reader.h"
#include "player/mapping_guard.h"

namespace ltcap {
namespace {

void WriteOut(int fd, const char* bytes, std::size_t size, const std::string& path) {
    if (!WriteFully(fd, bytes, size))
        throw LogError(path + ": cannot decompress into a temporary file (TMPDIR): " +
                       (errno ? std::strerror(errno) : "nothing written"));
}

}  // namespace

bool IsZstdStream(const std::uint8_t* data, std::size_t size) {
    return size >= 4 && (data[0] | data[1] << 8 | data[2] << 16 | std::uint32_t{data[3]} << 24) == ZSTD_MAGICNUMBER;
}

bool WalkFrame(const std::uint8_t* data, std::size_t size, std::size_t& length, std::uint64_t& bound, bool* exact) {
    ZSTD_frameHeader h{};
    if (ZSTD_getFrameHeader(&h, data, size) != 0) return false;
    if (h.frameType == ZSTD_skippableFrame) {
        // Its magic number and size (libzstd 1.5.4 reports a header size of 0 for it).
        const std::uint64_t header = std::max<std::uint64_t>(h.headerSize, 8);
        if (header + h.frameContentSize > size) return false;
        length = header + static_cast<std::size_t>(h.frameContentSize);
        bound = 0;
        if (exact) *exact = true;
        return true;
    }
    std::size_t pos = h.headerSize;
    std::uint64_t out = 0;
    bool known = true;  // no compressed block: `out` is what it decodes to
    for (;;) {
        if (size - pos < 3) return false;
        const std::uint32_t header = data[pos] | data[pos + 1] << 8 | std::uint32_t{data[pos + 2]} << 16;
        const bool last = header & 1;
        const std::uint32_t type = (header >> 1) & 3, block = header >> 3;
        pos += 3;
        if (type == 0 || type == 2) {  // raw or compressed: `block` bytes follow
            if (size - pos < block) return false;
            pos += block;
            out += type == 0 ? block : h.blockSizeMax;
            if (type == 2) known = false;
        } else if (type == 1) {  // RLE: one byte, repeated `block` times
            if (size - pos < 1) return false;
            pos += 1;
            out += block;
        } else {
            return false;  // reserved block type
        }
        if (last) break;
    }
    if (h.checksumFlag) {
        if (size - pos < 4) return false;
        pos += 4;
    }
    if (h.frameContentSize != ZSTD_CONTENTSIZE_UNKNOWN) {
        if (h.frameContentSize > out) return false;  // declares more than its blocks can hold
        out = h.frameContentSize;
        known = true;
    }
    length = pos;
    bound = out;
    if (exact) *exact = known;
    return true;
}

namespace {

// Decodes from `pos` on (frames too large to map, and a cut-off or damaged tail) with the streaming decoder, frame
// by frame, appending at `*end` of `out_fd` in pieces of at most kPiece: memory stays bounded however much a frame
// decodes to. A frame whose checksum or blocks turn out damaged is taken back out of the file; a cut-off frame keeps
// what its complete blocks held. Output beyond `limit` bytes in all is refused (a decompression bomb).
void DecodeTail(ZSTD_DCtx* dctx, const std::uint8_t* data, std::size_t size, std::size_t pos, std::size_t frames,
                int out_fd, std::uint64_t* end, std::uint64_t limit, const std::string& path, std::string& problem,
                bool& damaged) {
    constexpr std::size_t kPiece = 16 << 20;
    ZSTD_inBuffer in{data, size, pos};
    std::string piece;
    std::size_t frame_start = pos;
    std::uint64_t frame_out = *end;  // where the frame being decoded began in the output
    bool output_full = false;        // the decoder may hold more output even with all input consumed
    const auto flush = [&] {
        if (::lseek(out_fd, static_cast<off_t>(*end), SEEK_SET) < 0)
            throw LogError(path + ": cannot decompress into a temporary file: " + std::strerror(errno));
        WriteOut(out_fd, piece.data(), piece.size(), path);
        *end += piece.size();
        piece.clear();
    };
    while (in.pos < in.size || output_full) {
        const std::size_t used = piece.size();
        piece.resize(used + ZSTD_DStreamOutSize());
        ZSTD_outBuffer out{piece.data() + used, piece.size() - used, 0};
        const std::size_t result = ZSTD_decompressStream(dctx, &out, &in);
        output_full = out.pos == out.size;
        piece.resize(used + out.pos);
        if (ZSTD_isError(result)) {
            problem = "damaged compressed frame at byte " + std::to_string(frame_start) + " of the file (" +
                      ZSTD_getErrorName(result) + "); " + std::to_string(frames) + " frames before it are intact";
            *end = frame_out;  // what this frame already wrote goes too
            damaged = true;
            return;
        }
        if (*end + piece.size() > limit) {
            problem = "the compressed stream decodes to more than " + std::to_string(limit) + " bytes (1024 times the "
                      "file's size, at least 4 GiB): refused as a decompression bomb at the frame at byte " +
                      std::to_string(frame_start) + " of the file";
            *end = frame_out;
            damaged = true;
            return;
        }
        if (result == 0) {  // a frame ended and checked out
            flush();
            frame_start = in.pos;
            frame_out = *end;
            frames++;
        } else if (piece.size() >= kPiece) {
            flush();
        }
    }
    if (frame_start != size) {
        // Cut off (a crash, a partial copy): what its complete blocks held is kept; the message reader drops a
        // partial last message.
        flush();
        problem = "the compressed stream is cut off inside the frame at byte " + std::to_string(frame_start) +
                  " of the file (" + std::to_string(size - frame_start) + " bytes of it present)";
    }
}

}  // namespace

// Whole frames are decoded in one step each, straight into a shared mapping of the output file: no window buffer,
// no intermediate copy, and page tables filled a frame at a time (page faults are what decompression cost most on
// this project's VMs). Input and output pages are handed back every 64 MiB, so a log of many GiB does not become
// resident as it is read. Sizes come from the blocks present (WalkFrame), never from what a frame header declares,
// and a frame that can decode to more than kMappedFrame goes through the streaming decoder in bounded memory: a
// crafted header or a run-length bomb costs at most the disk its real content takes.
void DecompressStream(const std::uint8_t* data, std::size_t size, int out_fd, const std::string& path,
                      std::string& problem, bool& damaged) {
    constexpr std::uint64_t kMappedFrame = 64 << 20;
    const std::uint64_t limit = std::max<std::uint64_t>(4ull << 30, std::uint64_t{size} * 1024);
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!dctx) throw LogError(path + ": cannot create a zstd decompression context");
    struct Frame {
        std::size_t at, compressed;
        std::uint64_t bound;  // the most it decodes to
    };
    std::vector<Frame> frames;
    std::uint64_t total = 0;
    std::size_t pos = 0;
    ReleaseBehind scanned(data);  // the scan reads every block header: hand those pages back as it goes
    while (pos < size) {
        scanned.Advance(pos);
        std::size_t compressed = 0;
        std::uint64_t bound = 0;
        if (!WalkFrame(data + pos, size - pos, compressed, bound, nullptr)) break;  // cut off or damaged: DecodeTail says which
        if (bound > kMappedFrame || total + bound > limit) break;  // from here on, streamed (DecodeTail)
        frames.push_back({pos, compressed, bound});
        total += bound;
        pos += compressed;
    }
    const auto fail = [&](const char* what) {
        throw LogError(path + ": cannot decompress into a temporary file (TMPDIR): " + what + ": " + std::strerror(errno));
    };
    std::uint64_t end = 0;
    if (total > 0) {
        if (::ftruncate(out_fd, static_cast<off_t>(total)) != 0) fail("cannot size it");
        void* p = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_SHARED, out_fd, 0);
        if (p == MAP_FAILED) fail("cannot map it");
        // A full file system shows as SIGBUS when a page of the shared mapping is first written.
        GuardMapping(p, total, path + ": cannot decompress into a temporary file (TMPDIR): the file system is full");
        auto* out = static_cast<std::uint8_t*>(p);
        scanned.Now(size);
        const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
        ReleaseBehind read(data), written(out);  // written pages: the page cache has them now
        std::size_t done = 0;
        for (const Frame& f : frames) {
            const std::uint64_t from = end / page * page;
            madvise(out + from, end + f.bound - from, MADV_POPULATE_WRITE);  // one call instead of a fault per page
            const std::size_t n = ZSTD_decompressDCtx(dctx.get(), out + end, f.bound, data + f.at, f.compressed);
            if (ZSTD_isError(n)) {
                problem = "damaged compressed frame at byte " + std::to_string(f.at) + " of the file (" +
                          ZSTD_getErrorName(n) + "); " + std::to_string(done) + " frames before it are intact";
                damaged = true;
                break;
            }
            end += n;
            done++;
            written.Advance(end);
            read.Advance(f.at + f.compressed);
        }
        UnguardMapping(p);
        munmap(p, total);
        if (!problem.empty()) {
            if (::ftruncate(out_fd, static_cast<off_t>(end)) != 0) fail("cannot size it");
            return;
        }
    }
    if (pos < size) DecodeTail(dctx.get(), data, size, pos, frames.size(), out_fd, &end, limit, path, problem, damaged);
    if (::ftruncate(out_fd, static_cast<off_t>(end)) != 0) fail("cannot size it");
}

}  // namespace ltcap
