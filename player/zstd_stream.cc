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
#include "player/log_reader.h"

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

namespace {

// Decodes from `in` (a cut-off or damaged tail: whole frames are decoded in place by DecompressStream) frame by frame
// with the streaming decoder, appending each checked frame at `*end` of `out_fd`; a cut-off frame keeps what its
// complete blocks held.
void DecodeTail(ZSTD_DCtx* dctx, const std::uint8_t* data, std::size_t size, std::size_t pos, std::size_t frames,
                int out_fd, std::uint64_t* end, const std::string& path, std::string& problem) {
    ZSTD_inBuffer in{data, size, pos};
    std::string frame;
    std::size_t frame_start = pos;
    bool output_full = false;  // the decoder may hold more output even with all input consumed
    const auto flush = [&] {
        if (::lseek(out_fd, static_cast<off_t>(*end), SEEK_SET) < 0)
            throw LogError(path + ": cannot decompress into a temporary file: " + std::strerror(errno));
        WriteOut(out_fd, frame.data(), frame.size(), path);
        *end += frame.size();
        frame.clear();
    };
    while (in.pos < in.size || output_full) {
        const std::size_t used = frame.size();
        frame.resize(used + ZSTD_DStreamOutSize());
        ZSTD_outBuffer out{frame.data() + used, frame.size() - used, 0};
        const std::size_t result = ZSTD_decompressStream(dctx, &out, &in);
        output_full = out.pos == out.size;
        frame.resize(used + out.pos);
        if (ZSTD_isError(result)) {
            problem = "damaged compressed frame at byte " + std::to_string(frame_start) + " of the file (" +
                      ZSTD_getErrorName(result) + "); " + std::to_string(frames) + " frames before it are intact";
            return;
        }
        if (result == 0) {  // a frame ended and checked out
            flush();
            frame_start = in.pos;
            frames++;
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
// resident as it is read.
void DecompressStream(const std::uint8_t* data, std::size_t size, int out_fd, const std::string& path,
                      std::string& problem) {
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!dctx) throw LogError(path + ": cannot create a zstd decompression context");
    struct Frame {
        std::size_t at, compressed;
        std::uint64_t bound;  // its decoded size (the exact content size, or the blocks' bound for raw frames)
    };
    std::vector<Frame> frames;
    std::uint64_t total = 0;
    std::size_t pos = 0;
    ReleaseBehind scanned(data);  // the scan reads every block header: hand those pages back as it goes
    while (pos < size) {
        scanned.Advance(pos);
        const std::size_t compressed = ZSTD_findFrameCompressedSize(data + pos, size - pos);
        if (ZSTD_isError(compressed)) break;  // cut off or damaged: DecodeTail says which
        std::uint64_t bound = ZSTD_getFrameContentSize(data + pos, compressed);
        if (bound == ZSTD_CONTENTSIZE_UNKNOWN) bound = ZSTD_decompressBound(data + pos, compressed);
        if (bound == ZSTD_CONTENTSIZE_ERROR) break;
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
        auto* out = static_cast<std::uint8_t*>(p);
        scanned.Now(size);
        const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
        ReleaseBehind read(data), written(out);  // written pages: the page cache has them now
        std::size_t done = 0;
        for (const Frame& f : frames) {
            const std::uint64_t from = end / page * page;
            madvise(out + from, end + f.bound - from, MADV_POPULATE_WRITE);  // one call instead of a fault per page
            const std::size_t n = ZSTD_decompressDCtx(dctx.get(), out + end, total - end, data + f.at, f.compressed);
            if (ZSTD_isError(n)) {
                problem = "damaged compressed frame at byte " + std::to_string(f.at) + " of the file (" +
                          ZSTD_getErrorName(n) + "); " + std::to_string(done) + " frames before it are intact";
                break;
            }
            end += n;
            done++;
            written.Advance(end);
            read.Advance(f.at + f.compressed);
        }
        munmap(p, total);
        if (!problem.empty()) {
            if (::ftruncate(out_fd, static_cast<off_t>(end)) != 0) fail("cannot size it");
            return;
        }
    }
    if (pos < size) DecodeTail(dctx.get(), data, size, pos, frames.size(), out_fd, &end, path, problem);
    if (::ftruncate(out_fd, static_cast<off_t>(end)) != 0) fail("cannot size it");
}

}  // namespace ltcap
