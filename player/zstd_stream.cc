#include "player/zstd_stream.h"

#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "player/log_reader.h"

namespace ltcap {
namespace {

void WriteOut(int fd, const std::string& bytes, const std::string& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0)
            throw LogError(path + ": cannot decompress into a temporary file (TMPDIR): " +
                           (n < 0 ? std::strerror(errno) : "nothing written"));
        done += static_cast<std::size_t>(n);
    }
}

}  // namespace

bool IsZstdStream(const std::uint8_t* data, std::size_t size) {
    return size >= 4 && (data[0] | data[1] << 8 | data[2] << 16 | std::uint32_t{data[3]} << 24) == ZSTD_MAGICNUMBER;
}

void DecompressStream(const std::uint8_t* data, std::size_t size, int out_fd, const std::string& path,
                      std::string& problem) {
    std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!dctx) throw LogError(path + ": cannot create a zstd decompression context");
    ZSTD_inBuffer in{data, size, 0};
    std::string frame;  // the frame being decoded: written out only once it is whole and checked
    std::size_t frame_start = 0, frames = 0;
    bool output_full = false;  // the decoder may hold more output even with all input consumed
    while (in.pos < in.size || output_full) {
        if (frame.capacity() - frame.size() < ZSTD_DStreamOutSize()) frame.reserve(frame.size() * 2 + ZSTD_DStreamOutSize());
        const std::size_t used = frame.size();
        frame.resize(frame.capacity());
        ZSTD_outBuffer out{frame.data() + used, frame.size() - used, 0};
        const std::size_t result = ZSTD_decompressStream(dctx.get(), &out, &in);
        output_full = out.pos == out.size;
        frame.resize(used + out.pos);
        if (ZSTD_isError(result)) {
            problem = "damaged compressed frame at byte " + std::to_string(frame_start) + " of the file (" +
                      ZSTD_getErrorName(result) + "); " + std::to_string(frames) + " frames before it are intact";
            return;
        }
        if (result == 0) {  // a frame ended and checked out
            WriteOut(out_fd, frame, path);
            frame.clear();
            frame_start = in.pos;
            frames++;
        }
    }
    if (frame_start != size) {
        // Cut off (a crash, a partial copy): what its complete blocks held is kept; the message reader drops a
        // partial last message.
        WriteOut(out_fd, frame, path);
        problem = "the compressed stream is cut off inside the frame at byte " + std::to_string(frame_start) +
                  " of the file (" + std::to_string(size - frame_start) + " bytes of it present)";
    }
}

}  // namespace ltcap
