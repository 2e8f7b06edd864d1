// libFuzzer target for reading compressed logs frame by frame (player/frame_stream.h, LogReader). The input is a
// plain message stream plus one last byte that says how to frame it; the target writes the compressed log itself —
// runs of whole messages per frame as the capture does (compressed and raw frames in turn), frames cut at arbitrary
// bytes (another tool's framing: the reader falls back to a temporary file), one frame, or whole-message frames with
// the last one cut short — so the fuzzer's changes land in the messages and the framing, not in checksums. The oracle
// is differential: the compressed log must read as the plain stream does (the same entries at the same offsets, the
// same blob bytes, the same ending; a prefix of them when cut), and after the pass every entry must read again at its
// offset (ReadAgain) and every blob's bytes again by Bytes — random access over frames decoded, dropped and decoded
// again — and copied by CopyBytes (a range of a message read before, as the replay asks). A difference aborts (a
// finding).
#include <zstd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <kj/exception.h>

#include "player/fuzz/fuzz_input.h"
#include "player/log_reader.h"
#include "player/zstd_stream.h"

namespace {

struct Entry {
    std::uint64_t offset;
    int which;
    std::uint64_t data_at = 0, data_size = 0;  // a blob's bytes: where, how many
    int first = -1, last = -1;                 // and its first and last byte
    bool operator==(const Entry& o) const {
        return offset == o.offset && which == o.which && data_size == o.data_size && first == o.first && last == o.last;
    }
};

struct Reading {
    std::vector<Entry> entries;
    bool opened = false, complete = false, damaged = false;
    bool malformed = false;  // an entry's pointers do not hold what the schema says (read as far as that entry)
};

Reading Read(const std::string& path, bool again) {
    Reading r;
    try {
        ltcap::LogReader log(path);
        r.opened = true;
        while (auto m = log.Next()) {
            const auto e = m->getRoot<ltcap::schema::Entry>();
            Entry entry{log.entry_offset(), static_cast<int>(e.which())};
            if (e.isBlob() && e.getBlob().getData().size()) {
                const auto d = e.getBlob().getData();
                entry.data_at = log.StreamOffset(d);
                entry.data_size = d.size();
                entry.first = d[0];
                entry.last = d[d.size() - 1];
            }
            r.entries.push_back(entry);
        }
        r.complete = log.complete();
        r.damaged = log.damaged();
        if (!again) return r;
        // Random access after the whole pass, last entries first (their frames are the ones still cached).
        for (std::size_t i = r.entries.size(); i-- > 0;) {
            const Entry& e = r.entries[i];
            if (static_cast<int>(log.ReadAgain(e.offset)->getRoot<ltcap::schema::Entry>().which()) != e.which) std::abort();
            if (!e.data_size) continue;
            const ltcap::Pinned bytes = log.Bytes(e.data_at, e.data_size);
            if (bytes.data[0] != e.first || bytes.data[e.data_size - 1] != e.last) std::abort();
        }
        // And copied (CopyBytes, as a replay joins a large payload; its raw-block path once a frame left the cache),
        // last entries first again, then first entries first: the same bytes as Bytes gives.
        std::vector<std::uint8_t> copy;
        for (int round = 0; round < 2; round++) {
            for (std::size_t k = 0; k < r.entries.size(); k++) {
                const Entry& e = r.entries[round == 0 ? r.entries.size() - 1 - k : k];
                if (!e.data_size) continue;
                copy.assign(e.data_size, 0);
                try {
                    log.CopyBytes(e.data_at, e.data_size, copy.data());
                } catch (const ltcap::LogError&) {
                    std::abort();  // Bytes read these bytes
                }
                if (std::memcmp(copy.data(), log.Bytes(e.data_at, e.data_size).data, e.data_size) != 0) std::abort();
            }
        }
    } catch (const ltcap::LogError&) {
        // refused (a damaged header, a file the temporary copy cannot be made for): compared as such
    } catch (const kj::Exception&) {
        r.malformed = true;  // the framing read it; the schema's accessors refuse it (the plain read must, too)
    }
    return r;
}

std::string Compressed(const std::uint8_t* data, std::size_t size) {
    static ZSTD_CCtx* c = [] {
        ZSTD_CCtx* x = ZSTD_createCCtx();
        ZSTD_CCtx_setParameter(x, ZSTD_c_compressionLevel, 1);
        ZSTD_CCtx_setParameter(x, ZSTD_c_checksumFlag, 1);
        return x;
    }();
    std::string out(ZSTD_compressBound(size), '\0');
    const std::size_t n = ZSTD_compress2(c, out.data(), out.size(), data, size);
    if (ZSTD_isError(n)) std::abort();
    out.resize(n);
    return out;
}

// A frame of raw blocks (no content size, no checksum), as the capture writes large payloads.
std::string Raw(const std::uint8_t* data, std::size_t size) {
    std::string out = {'\x28', '\xb5', '\x2f', '\xfd', '\x00', 7 << 3};
    std::size_t at = 0;
    do {
        const std::size_t n = std::min<std::size_t>(size - at, 128 << 10);
        const bool last = at + n == size;
        const std::uint32_t h = static_cast<std::uint32_t>(n) << 3 | (last ? 1u : 0u);
        out += static_cast<char>(h & 0xff);
        out += static_cast<char>((h >> 8) & 0xff);
        out += static_cast<char>((h >> 16) & 0xff);
        out.append(reinterpret_cast<const char*>(data) + at, n);
        at += n;
    } while (at < size);
    return out;
}

// Where the messages of `data` end, as far as their segment tables say (the rest: one piece).
std::vector<std::size_t> MessageEnds(const std::uint8_t* data, std::size_t size) {
    std::vector<std::size_t> ends;
    std::size_t at = 0;
    while (size - at >= 8) {
        std::uint32_t count;
        std::memcpy(&count, data + at, 4);
        const std::uint64_t segments = std::uint64_t{count} + 1;
        if (segments > 512 || size - at < 4 + segments * 4) break;
        std::uint64_t words = 0;
        for (std::uint64_t s = 0; s < segments; s++) {
            std::uint32_t n;
            std::memcpy(&n, data + at + 4 + s * 4, 4);
            words += n;
        }
        const std::uint64_t total = (4 + segments * 4 + 7) / 8 * 8 + words * 8;
        if (total > size - at) break;
        at += total;
        ends.push_back(at);
    }
    if (ends.empty() || ends.back() != size) ends.push_back(size);
    return ends;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* input, std::size_t input_size) {
    if (input_size < 2) return 0;
    const std::uint8_t mode = input[input_size - 1];
    const std::uint8_t* data = input;
    const std::size_t size = input_size - 1;
    // A stream that is itself compressed has no plain reading to compare with (the reader would decode it): such an
    // input, a compressed seed or the magic found by comparison tracing, is not this target's.
    if (ltcap::IsZstdStream(data, size)) return 0;
    std::string file;
    bool cut = false;
    switch (mode & 3) {
        case 0:
        case 3: {  // whole messages, 1 to 8 a frame, compressed and raw in turn; 3: the last frame cut short
            const std::size_t per = 1 + (mode >> 2) % 8;
            const auto ends = MessageEnds(data, size);
            std::size_t from = 0, frame = 0;
            for (std::size_t i = per - 1; from < size; i = std::min(i + per, ends.size() - 1)) {
                const std::size_t to = ends[std::min(i, ends.size() - 1)];
                file += frame++ % 2 ? Raw(data + from, to - from) : Compressed(data + from, to - from);
                from = to;
            }
            if ((mode & 3) == 3 && file.size() > 4) {
                file.resize(file.size() - 1 - (mode >> 2) % std::min<std::size_t>(file.size() - 1, 64));
                cut = true;
            }
            break;
        }
        case 1: {  // cut every 512 to 8192 bytes, wherever that falls
            const std::size_t step = 512 * (1 + (mode >> 2) % 16);
            for (std::size_t at = 0; at < size; at += step) file += Compressed(data + at, std::min(step, size - at));
            break;
        }
        case 2:
            file = Compressed(data, size);
            break;
    }
    const ltcap::fuzz::InputFile plain(data, size), compressed(reinterpret_cast<const std::uint8_t*>(file.data()), file.size());
    const Reading a = Read(plain.path(), false), b = Read(compressed.path(), true);
    if (!a.opened) return 0;  // nothing to compare with (a refused header)
    if (cut) {
        if (b.complete && !a.complete) std::abort();
        if (b.entries.size() > a.entries.size()) std::abort();
        for (std::size_t i = 0; i < b.entries.size(); i++)
            if (!(b.entries[i] == a.entries[i])) std::abort();
        return 0;
    }
    if (!b.opened || b.entries.size() != a.entries.size() || b.complete != a.complete || b.damaged != a.damaged ||
        b.malformed != a.malformed)
        std::abort();
    for (std::size_t i = 0; i < a.entries.size(); i++)
        if (!(a.entries[i] == b.entries[i])) std::abort();
    return 0;
}
