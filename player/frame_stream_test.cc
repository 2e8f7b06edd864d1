#include "player/frame_stream.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zstd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

namespace ltcap {
namespace {

// The file is mapped in the real reader (page-aligned, released behind); the tests give it page-aligned memory too.
class File {
public:
    void Append(const std::string& bytes) { bytes_ += bytes; }
    const std::uint8_t* data() {
        if (!map_) {
            size_ = std::max<std::size_t>(bytes_.size(), 1);
            map_ = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            std::memcpy(map_, bytes_.data(), bytes_.size());
        }
        return static_cast<const std::uint8_t*>(map_);
    }
    std::size_t size() const { return bytes_.size(); }
    ~File() {
        if (map_) munmap(map_, size_);
    }
    std::string& bytes() { return bytes_; }

private:
    std::string bytes_;
    void* map_ = nullptr;
    std::size_t size_ = 0;
};

std::string Compressed(const std::string& content, bool declare_size = true, bool checksum = true) {
    ZSTD_CCtx* c = ZSTD_createCCtx();
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, checksum);
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, declare_size);
    std::string out(ZSTD_compressBound(content.size()) + 64, '\0');
    std::size_t n;
    if (declare_size) {
        n = ZSTD_compress2(c, out.data(), out.size(), content.data(), content.size());
    } else {  // streamed without a pledged size: the header declares none
        ZSTD_inBuffer in{content.data(), content.size(), 0};
        ZSTD_outBuffer o{out.data(), out.size(), 0};
        n = ZSTD_compressStream2(c, &o, &in, ZSTD_e_end);
        EXPECT_EQ(n, 0u);
        n = o.pos;
    }
    ZSTD_freeCCtx(c);
    EXPECT_FALSE(ZSTD_isError(n));
    out.resize(n);
    return out;
}

// A frame of raw blocks, as the capture writes large payloads (log_frames.cc).
std::string Raw(const std::string& content) {
    std::string out = {'\x28', '\xb5', '\x2f', '\xfd', '\x00', 7 << 3};
    std::size_t at = 0;
    do {
        const std::size_t n = std::min<std::size_t>(content.size() - at, 128 << 10);
        const bool last = at + n == content.size();
        const std::uint32_t h = static_cast<std::uint32_t>(n) << 3 | (last ? 1u : 0u);
        out += static_cast<char>(h & 0xff);
        out += static_cast<char>((h >> 8) & 0xff);
        out += static_cast<char>((h >> 16) & 0xff);
        out.append(content, at, n);
        at += n;
    } while (at < content.size());
    return out;
}

// A frame of RLE blocks of 128 KiB each, decoding to `blocks` × 128 KiB of `byte` (4 + 3·blocks file bytes).
std::string Rle(std::size_t blocks, char byte) {
    std::string out = {'\x28', '\xb5', '\x2f', '\xfd', '\x00', 7 << 3};
    for (std::size_t b = 0; b < blocks; b++) {
        const std::uint32_t h = (128u << 10) << 3 | 1u << 1 | (b + 1 == blocks ? 1u : 0u);
        out += static_cast<char>(h & 0xff);
        out += static_cast<char>((h >> 8) & 0xff);
        out += static_cast<char>((h >> 16) & 0xff);
        out += byte;
    }
    return out;
}

std::string Content(std::size_t size, int seed) {
    std::string s(size, '\0');
    for (std::size_t i = 0; i < size; i++) s[i] = static_cast<char>((i * 131 + seed * 7 + i / 97) & 0xff);
    return s;
}

// Every byte of the decoded stream, read through RegionAt, region by region.
std::string ReadAll(FrameStream& s) {
    std::string out;
    FrameStream::Region r;
    while (s.RegionAt(out.size(), r)) out.append(reinterpret_cast<const char*>(r.bytes), r.end - r.begin);
    return out;
}

TEST(FrameStream, ReadsEachFrameAtItsOffsetInTheStream) {
    const std::string a = Content(4096, 1), b = Content(300 << 10, 2), c = Content(1 << 20, 3);
    File f;
    f.Append(Compressed(a));
    f.Append(Raw(b));
    f.Append(Compressed(c, /*declare_size=*/false));
    FrameStream s(f.data(), f.size(), "log");
    FrameStream::Region r;
    ASSERT_TRUE(s.RegionAt(a.size() + 5, r));  // inside the second frame
    EXPECT_EQ(r.begin, a.size());
    EXPECT_EQ(r.end, a.size() + b.size());
    EXPECT_EQ(std::memcmp(r.bytes, b.data(), b.size()), 0);
    EXPECT_EQ(ReadAll(s), a + b + c);
    EXPECT_FALSE(s.RegionAt(a.size() + b.size() + c.size(), r));  // the end
    EXPECT_EQ(s.problem(), "");
    EXPECT_FALSE(s.damaged());
    EXPECT_FALSE(s.unusual());
    EXPECT_TRUE(s.Last(2));
    EXPECT_FALSE(s.Last(0));
}

TEST(FrameStream, FramesDroppedFromTheCacheDecodeAgainAndPinsOutliveIt) {
    // More frames than the cache holds: reading them all twice decodes them again, with the same bytes.
    File f;
    std::string all;
    const std::size_t frame = 4 << 20, frames = FrameStream::kCacheBytes / frame + 3;
    for (std::size_t i = 0; i < frames; i++) {
        const std::string c = Content(frame, static_cast<int>(i));
        f.Append(i % 2 ? Raw(c) : Compressed(c));
        all += c;
    }
    FrameStream::Region first;
    std::string again;
    {
        FrameStream s(f.data(), f.size(), "log");
        ASSERT_TRUE(s.RegionAt(0, first));
        EXPECT_EQ(ReadAll(s), all);
        again = ReadAll(s);
    }  // the stream is gone; the pin keeps its frame
    EXPECT_EQ(again, all);
    EXPECT_EQ(std::memcmp(first.bytes, all.data(), frame), 0);
}

TEST(FrameStream, LimitMemoryKeepsFewerFramesAndReadsTheSame) {
    File f;
    std::string all;
    const std::size_t frame = 4 << 20;
    for (int i = 0; i < 6; i++) {
        const std::string c = Content(frame, i);
        f.Append(Compressed(c));
        all += c;
    }
    FrameStream plain(f.data(), f.size(), "log");
    ASSERT_EQ(ReadAll(plain), all);
    EXPECT_EQ(plain.cached_bytes(), 6 * frame);  // all of them (24 MiB by default)
    FrameStream small(f.data(), f.size(), "log");
    small.LimitMemory(9 << 20, 0);
    ASSERT_EQ(ReadAll(small), all);
    EXPECT_EQ(small.cached_bytes(), 2 * frame);
    ASSERT_EQ(ReadAll(small), all);  // the others decoded again
    plain.LimitMemory(1, 0);         // lowered later: dropped at once, one frame kept
    EXPECT_EQ(plain.cached_bytes(), frame);
    ASSERT_EQ(ReadAll(plain), all);
}

// Bytes no pattern compresses: zstd stores them as raw blocks, with a checksum when asked to.
std::string Noise(std::size_t size, std::uint32_t seed) {
    std::string s(size, '\0');
    for (char& c : s) {
        seed = seed * 1664525u + 1013904223u;
        c = static_cast<char>(seed >> 24);
    }
    return s;
}

TEST(FrameStream, CopyOutGivesTheDecodedBytesOfEveryKindOfFrame) {
    const std::string a = Content(8192, 1), b = Content(300 << 10, 2), c(3 * (128 << 10), 'x'), d = Noise(200 << 10, 4);
    File f;
    f.Append(Compressed(a));
    f.Append(Raw(b));
    f.Append(Rle(3, 'x'));
    f.Append(Compressed(d));  // raw blocks and a checksum
    std::string all = a + b + c + d;
    const std::size_t filler = 4 << 20;  // then enough to push the four out of the cache
    for (std::size_t i = 0; i < FrameStream::kCacheBytes / filler + 2; i++) {
        const std::string e = Content(filler, static_cast<int>(i) + 10);
        f.Append(Raw(e));
        all += e;
    }
    FrameStream s(f.data(), f.size(), "log");
    ASSERT_EQ(ReadAll(s), all);  // each frame decoded once, the first four dropped from the cache since
    struct Range {
        std::uint64_t at, n;
    };
    const std::uint64_t ab = a.size() + b.size(), abc = ab + c.size();
    for (const Range r : {Range{0, a.size()}, Range{100, 5000}, Range{a.size(), b.size()},
                          Range{a.size() + (100 << 10), 160 << 10} /* across a block boundary */, Range{ab + 7, 200 << 10},
                          Range{abc, d.size()}, Range{abc + 1, 1}, Range{all.size() - 10, 10}, Range{a.size(), 0}}) {
        std::vector<std::uint8_t> out(r.n + 1, 0xee);
        ASSERT_TRUE(s.CopyOut(r.at, r.n, out.data())) << r.at << "+" << r.n;
        EXPECT_EQ(std::memcmp(out.data(), all.data() + r.at, r.n), 0) << r.at << "+" << r.n;
        EXPECT_EQ(out[r.n], 0xee) << "wrote past the range";
    }
    std::vector<std::uint8_t> out(64 << 10);
    EXPECT_FALSE(s.CopyOut(a.size() - 10, 20, out.data())) << "a range crossing a frame's end";
    EXPECT_FALSE(s.CopyOut(all.size(), 1, out.data())) << "past the stream's end";
    EXPECT_FALSE(s.CopyOut(all.size() - 1, ~0ull, out.data())) << "a size that wraps";
}

TEST(FrameStream, CopyOutCopiesFromTheFileOnlyWhatADecodeAccepts) {
    // A frame declaring 96 bytes of content (single segment, a one-byte size) over a raw block of 1000: the bytes
    // asked for are all in the file, but zstd refuses the frame.
    const std::string a = Content(8192, 1), block = Content(1000, 5);
    std::string frame = {'\x28', '\xb5', '\x2f', '\xfd', '\x20', 96};
    const std::uint32_t h = static_cast<std::uint32_t>(block.size()) << 3 | 1u;
    frame += {static_cast<char>(h & 0xff), static_cast<char>((h >> 8) & 0xff), static_cast<char>((h >> 16) & 0xff)};
    frame += block;
    File f;
    f.Append(Compressed(a));
    f.Append(frame);
    FrameStream s(f.data(), f.size(), "log");
    std::vector<std::uint8_t> out(96);
    EXPECT_FALSE(s.CopyOut(a.size(), 96, out.data()));
    EXPECT_TRUE(s.damaged()) << s.problem();
}

TEST(FrameStream, CopyOutChecksAFramesChecksumBeforeCopyingFromTheFile) {
    const std::string a = Content(8192, 1), d = Noise(200 << 10, 4);
    File f;
    f.Append(Compressed(a));
    f.Append(Compressed(d));
    f.bytes()[f.size() - 1] ^= 0x5a;  // the second frame's checksum
    FrameStream s(f.data(), f.size(), "log");
    std::vector<std::uint8_t> out(d.size());
    EXPECT_FALSE(s.CopyOut(a.size(), d.size(), out.data()));
    EXPECT_TRUE(s.damaged());
    EXPECT_EQ(s.problem().rfind("damaged compressed frame at byte " + std::to_string(Compressed(a).size()), 0), 0u)
        << s.problem();
}

TEST(FrameStream, ACutLastFrameKeepsItsCompleteBlocks) {
    const std::string a = Content(8192, 1), b = Content(400 << 10, 2);
    File f;
    f.Append(Compressed(a));
    const std::string raw = Raw(b);
    f.Append(raw.substr(0, 6 + 3 + (128 << 10) + 3 + 1000));  // the first block whole, 1000 bytes of the second
    FrameStream s(f.data(), f.size(), "log");
    const std::string got = ReadAll(s);
    EXPECT_GE(got.size(), a.size() + (128 << 10));
    EXPECT_EQ(got, (a + b).substr(0, got.size()));
    EXPECT_EQ(s.problem(), "the compressed stream is cut off inside the frame at byte " + std::to_string(Compressed(a).size()) +
                               " of the file (" + std::to_string(f.size() - Compressed(a).size()) + " bytes of it present)");
    EXPECT_FALSE(s.damaged());
}

TEST(FrameStream, ADamagedFrameEndsTheStreamWhereItBegins) {
    const std::string a = Content(8192, 1), b = Content(8192, 2), c = Content(8192, 3);
    File f;
    f.Append(Compressed(a));
    const std::size_t at = f.size();
    f.Append(Compressed(b));
    f.Append(Compressed(c));
    f.bytes()[at + Compressed(b).size() - 2] ^= 0x5a;  // its checksum
    FrameStream s(f.data(), f.size(), "log");
    EXPECT_EQ(ReadAll(s), a);
    EXPECT_TRUE(s.damaged());
    EXPECT_EQ(s.problem().rfind("damaged compressed frame at byte " + std::to_string(at) + " of the file (", 0), 0u) << s.problem();
    EXPECT_NE(s.problem().find("; 1 frames before it are intact"), std::string::npos) << s.problem();
    FrameStream::Region r;
    EXPECT_FALSE(s.RegionAt(a.size() + b.size() + 1, r));  // nothing after it is read
}

TEST(FrameStream, SkipsSkippableFrames) {
    const std::string a = Content(1024, 1), b = Content(1024, 2);
    File f;
    f.Append(Compressed(a));
    f.Append(std::string("\x50\x2a\x4d\x18\x03\x00\x00\x00xyz", 11));  // a skippable frame of 3 bytes
    f.Append(Compressed(b));
    FrameStream s(f.data(), f.size(), "log");
    EXPECT_EQ(ReadAll(s), a + b);
    EXPECT_EQ(s.problem(), "");
}

TEST(FrameStream, SaysWhenTheFramingIsNotTheCapturesOwn) {
    {  // a frame that does not end on a word boundary, with one after it
        File f;
        f.Append(Compressed(Content(1001, 1)));
        f.Append(Compressed(Content(1000, 2)));
        FrameStream s(f.data(), f.size(), "log");
        FrameStream::Region r;
        ASSERT_TRUE(s.RegionAt(0, r));
        EXPECT_FALSE(s.RegionAt(1001, r));
        EXPECT_TRUE(s.unusual());
        EXPECT_EQ(s.problem(), "");
    }
    {  // a frame decoding to more than kMaxFrame (nothing is decoded to find out)
        File f;
        f.Append(Rle(FrameStream::kMaxFrame / (128 << 10) + 1, 'x'));
        FrameStream s(f.data(), f.size(), "log");
        FrameStream::Region r;
        EXPECT_FALSE(s.RegionAt(0, r));
        EXPECT_TRUE(s.unusual());
    }
}

TEST(FrameStream, RefusesADecompressionBombWithoutDecodingIt) {
    // 65 frames of 64 MiB of RLE blocks: 4160 MiB from a file of about 100 KiB, past the 4 GiB limit.
    File f;
    const std::string frame = Rle(512, 'z');
    for (int i = 0; i < 65; i++) f.Append(frame);
    FrameStream s(f.data(), f.size(), "log");
    FrameStream::Region r;
    EXPECT_FALSE(s.RegionAt(4ull << 30, r));
    EXPECT_TRUE(s.damaged());
    EXPECT_EQ(s.problem().rfind("the compressed stream decodes to more than 4294967296 bytes", 0), 0u) << s.problem();
    ASSERT_TRUE(s.RegionAt(5, r));  // what comes before it is there
    EXPECT_EQ(r.bytes[5 - r.begin], 'z');
}

TEST(FrameStream, AnEmptyOrHeaderOnlyFileHoldsNothing) {
    File f;
    f.Append(std::string("\x28\xb5\x2f\xfd", 4));  // the magic number, cut
    FrameStream s(f.data(), f.size(), "log");
    FrameStream::Region r;
    EXPECT_FALSE(s.RegionAt(0, r));
    EXPECT_FALSE(s.unusual());
    EXPECT_NE(s.problem(), "");  // cut or damaged: said either way
}

// Resident bytes of the mapping that starts at `start` (/proc/self/smaps), or -1.
long ResidentKiB(const void* start) {
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool in = false;
    while (std::getline(smaps, line)) {
        if (line.find('-') != std::string::npos && line.find(':') > line.find('-')) {
            in = std::strtoull(line.c_str(), nullptr, 16) == reinterpret_cast<std::uintptr_t>(start);
        } else if (in && line.rfind("Rss:", 0) == 0) {
            return std::strtol(line.c_str() + 4, nullptr, 10);
        }
    }
    return -1;
}

TEST(FrameStream, AFrameDecodedAgainBehindTheReleasedInputHandsItsPagesBackToo) {
    // A replay reads a call's payload again after the reading cursor passed and released it: the file pages that
    // second decode touches must go back too, or the whole log ends up resident (the replay's RSS).
    std::string bytes, all;
    const std::size_t frame = 4 << 20, frames = FrameStream::kCacheBytes / frame + 3;
    for (std::size_t i = 0; i < frames; i++) {
        const std::string c = Content(frame, static_cast<int>(i));
        bytes += Raw(c);
        all += c;
    }
    const char* dir = std::getenv("TEST_TMPDIR");
    std::string path = std::string(dir && *dir ? dir : "/tmp") + "/frame_stream_test.XXXXXX";
    const int fd = mkstemp(path.data());
    ASSERT_GE(fd, 0);
    unlink(path.c_str());
    ASSERT_EQ(write(fd, bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
    void* map = mmap(nullptr, bytes.size(), PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    ASSERT_NE(map, MAP_FAILED);
    {
        FrameStream s(static_cast<const std::uint8_t*>(map), bytes.size(), "log");
        ASSERT_EQ(ReadAll(s), all);
        s.ReleaseInputBefore(all.size() - 1);  // all but the last frame handed back
        const long released = ResidentKiB(map);
        ASSERT_GE(released, 0);
        EXPECT_LE(released, long(frame >> 10) + 64);
        FrameStream::Region r;
        ASSERT_TRUE(s.RegionAt(0, r));  // the first frame, long dropped from the cache: decoded again
        EXPECT_EQ(std::memcmp(r.bytes, all.data(), frame), 0);
        EXPECT_LE(ResidentKiB(map), released + 8) << "the second decode left its input pages mapped";
        std::vector<std::uint8_t> copy(frame);
        ASSERT_TRUE(s.CopyOut(frame, frame, copy.data()));  // the second frame, copied out of the file's blocks
        EXPECT_EQ(std::memcmp(copy.data(), all.data() + frame, frame), 0);
        EXPECT_LE(ResidentKiB(map), released + 8) << "the copy left its input pages mapped";
    }
    munmap(map, bytes.size());
}

}  // namespace
}  // namespace ltcap
