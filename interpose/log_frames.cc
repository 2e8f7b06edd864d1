#include "interpose/log_frames.h"

#include <dlfcn.h>
#include <sys/uio.h>
#include <zstd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

#include "interpose/loader_lock.h"

namespace ltcap {

// The libzstd functions used, resolved by name (the declarations come from zstd.h; the code from the system's
// libzstd.so.1, whose API these functions have kept since 1.4).
struct FrameEncoder::Functions {
    decltype(&ZSTD_createCCtx) create;
    decltype(&ZSTD_freeCCtx) free;
    decltype(&ZSTD_CCtx_setParameter) set;
    decltype(&ZSTD_compress2) compress;
    decltype(&ZSTD_compressBound) bound;
    decltype(&ZSTD_isError) is_error;
};

namespace {

template <typename Fn>
bool Resolve(void* library, const char* name, Fn& fn) {
    fn = reinterpret_cast<Fn>(dlsym(library, name));
    return fn != nullptr;
}

// Writes all of `iov` (advancing through it on short writes).
bool WriteVector(int fd, iovec* iov, int count) {
    while (count > 0) {
        const ssize_t n = ::writev(fd, iov, count);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        std::size_t done = static_cast<std::size_t>(n);
        while (count > 0 && done >= iov->iov_len) {
            done -= iov->iov_len;
            iov++, count--;
        }
        if (count > 0) {
            iov->iov_base = static_cast<char*>(iov->iov_base) + done;
            iov->iov_len -= done;
        }
    }
    return true;
}

}  // namespace

FrameEncoder::~FrameEncoder() {
    if (cctx_) fn_->free(static_cast<ZSTD_CCtx*>(cctx_));
    delete fn_;
    if (library_) dlclose(library_);
}

bool FrameEncoder::Load(std::string& why) {
    if (fn_) return true;
    library_ = OpenLibrary("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library_) {
        const char* error = dlerror();
        why = error ? error : "libzstd.so.1 not found";
        return false;
    }
    auto owned = std::make_unique<Functions>();
    Functions& f = *owned;
    if (!Resolve(library_, "ZSTD_createCCtx", f.create) || !Resolve(library_, "ZSTD_freeCCtx", f.free) ||
        !Resolve(library_, "ZSTD_CCtx_setParameter", f.set) || !Resolve(library_, "ZSTD_compress2", f.compress) ||
        !Resolve(library_, "ZSTD_compressBound", f.bound) || !Resolve(library_, "ZSTD_isError", f.is_error)) {
        why = "libzstd.so.1 lacks the functions ltcap uses (it needs zstd 1.4 or later)";
        return false;
    }
    ZSTD_CCtx* cctx = f.create();
    if (!cctx) {
        why = "cannot create a zstd compression context";
        return false;
    }
    // Level 1 keeps pace with the program (several GB/s on call records); the checksum lets readers tell a
    // damaged frame from a good one.
    if (f.is_error(f.set(cctx, ZSTD_c_compressionLevel, 1)) || f.is_error(f.set(cctx, ZSTD_c_checksumFlag, 1))) {
        f.free(cctx);
        why = "libzstd refused the compression settings";
        return false;
    }
    cctx_ = cctx;
    fn_ = owned.release();
    return true;
}

bool FrameEncoder::Compress(const char* data, std::size_t size, std::string& out) {
    if (!fn_) return false;
    try {  // on the writer thread: an exception would end the program
        out.resize(fn_->bound(size));
    } catch (const std::bad_alloc&) {
        return false;  // the batch goes raw
    }
    const std::size_t n = fn_->compress(static_cast<ZSTD_CCtx*>(cctx_), out.data(), out.size(), data, size);
    if (fn_->is_error(n)) return false;
    out.resize(n);
    return true;
}

bool FrameEncoder::WriteRaw(int fd, const char* data, std::size_t size) {
    // Frame header: magic (little-endian), a descriptor byte of 0 (no content size, no checksum, no dictionary, not
    // single-segment) and a window of 128 KiB (exponent 7: 2^(10+7)), the largest a block may hold.
    static_assert(kRawBlock == ZSTD_BLOCKSIZE_MAX && ZSTD_BLOCKSIZELOG_MAX == 10 + 7);
    const unsigned char frame_header[6] = {ZSTD_MAGICNUMBER & 0xff, (ZSTD_MAGICNUMBER >> 8) & 0xff,
                                           (ZSTD_MAGICNUMBER >> 16) & 0xff, ZSTD_MAGICNUMBER >> 24, 0x00, 7 << 3};
    constexpr int kBlocksPerWrite = 32;
    unsigned char block_headers[kBlocksPerWrite][3];
    iovec iov[1 + 2 * kBlocksPerWrite];
    bool first = true;
    std::size_t at = 0;
    do {
        int count = 0;
        if (first) iov[count++] = {const_cast<unsigned char*>(frame_header), sizeof frame_header};
        first = false;
        for (int b = 0; b < kBlocksPerWrite; b++) {
            const std::size_t n = size - at < kRawBlock ? size - at : kRawBlock;
            const bool last = at + n == size;
            // Block header, 3 bytes little-endian: last-block bit, type 0 (raw) in bits 1-2, size from bit 3.
            const std::uint32_t h = (static_cast<std::uint32_t>(n) << 3) | (last ? 1u : 0u);
            block_headers[b][0] = static_cast<unsigned char>(h);
            block_headers[b][1] = static_cast<unsigned char>(h >> 8);
            block_headers[b][2] = static_cast<unsigned char>(h >> 16);
            iov[count++] = {block_headers[b], 3};
            if (n) iov[count++] = {const_cast<char*>(data + at), n};
            at += n;
            if (last) break;
        }
        if (!WriteVector(fd, iov, count)) return false;
    } while (at < size);
    return true;
}

}  // namespace ltcap
