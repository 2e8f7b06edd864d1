#include "player/log_reader.h"

#include "player/decoded_call.h"
#include "player/frame_stream.h"
#include "player/mapping_guard.h"
#include "player/zstd_stream.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>


#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace ltcap {
namespace {
// How many words a reader may visit in one message, relative to its size. ltcap's writer never points twice at the
// same data, so one full visit (the validation in ReadAt) costs the message's size; the rest is headroom for the
// tools reading fields again. A crafted message whose pointers share data (or whose lists have elements of size
// zero, which capnp counts as a word each) cannot make a reader walk more than this.
constexpr std::uint64_t kTraversalFactor = 8;
constexpr std::uint64_t kTraversalSlack = 1 << 16;
// The most arguments or environment variables a header lists (Linux passes at most 2 MiB of both to a program).
constexpr std::uint32_t kMaxHeaderList = 1 << 16;

// A message's bytes, kept in memory (a decoded frame) while the message lives.
class PinnedMessage : public capnp::FlatArrayMessageReader {
public:
    PinnedMessage(kj::ArrayPtr<const capnp::word> words, capnp::ReaderOptions options, Pin pin)
        : capnp::FlatArrayMessageReader(words, options), pin_(std::move(pin)) {}

private:
    Pin pin_;
};
}  // namespace

LogReader::LogReader(const std::string& path) : path_(path) {
    try {
        Open();
    } catch (...) {
        Unmap();  // the destructor does not run for an object whose constructor threw
        throw;
    }
}

namespace {

// Reads every text of the header once, so a damaged one (a missing terminator, a pointer of another kind) is found
// here, as a bad log, and not by whichever tool reads that field later (capnp throws from the getter).
void CheckHeaderTexts(schema::Header::Reader h) {
    (void)h.getToolVersion();
    (void)h.getTtMetalVersion();
    (void)h.getHost();
    (void)h.getProcessName();
    for (auto arg : h.getCommandLine()) (void)arg;
    for (auto var : h.getEnvironment()) {
        (void)var.getName();
        (void)var.getValue();
    }
}

}  // namespace

void LogReader::Open() {
    const std::string& path = path_;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw LogError(path + ": cannot open: " + std::strerror(errno));
    struct stat st {};
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        ::close(fd);
        throw LogError(path + ": a folder, not a log");
    }
    Map(fd, "the file is empty (not an ltcap log)", "cannot map");
    if (IsZstdStream(data_, size_)) {
        // Read frame by frame from the file's mapping.
        compressed_ = true;
        file_ = data_;
        file_size_ = size_;
        data_ = nullptr;
        size_ = 0;
        frames_ = std::make_unique<FrameStream>(file_, file_size_, path_);
        if (cache_limit_) frames_->LimitMemory(cache_limit_, spare_limit_);
    }

    passed_ = ReleaseBehind(data_);
    std::string problem;
    const std::unique_ptr<capnp::FlatArrayMessageReader> header = ReadAt(offset_, problem);
    if (!header)
        throw LogError(path + ": not an ltcap log (" +
                       (!problem.empty()           ? problem
                        : !StreamProblem().empty() ? StreamProblem()
                        : compressed_              ? std::string("the compressed stream holds no data")
                                                   : std::string("no message")) +
                       ")");
    try {
        auto entry = header->getRoot<schema::Entry>();
        if (!entry.isHeader()) throw LogError(path + ": not an ltcap log (the first entry is not a header)");
        const std::uint32_t version = entry.getHeader().getFormatVersion();
        if (version == 0 || version > schema::FORMAT_VERSION)
            throw LogError(path + ": log format version " + std::to_string(version) + " is not supported (this tool reads "
                           "versions 1 to " + std::to_string(schema::FORMAT_VERSION) + ")");
    } catch (const kj::Exception& e) {
        throw LogError(path + ": not an ltcap log (" + std::string(e.getDescription().cStr()) + ")");
    }
    try {
        // Its lists bounded first: a list of empty structs costs its reader one word an element, read after read.
        const auto h = header->getRoot<schema::Entry>().getHeader();
        for (const auto& [what, n] : {std::pair{"command line arguments", h.getCommandLine().size()},
                                      std::pair{"environment variables", h.getEnvironment().size()}})
            if (n > kMaxHeaderList)
                throw LogError(path + ": entry 1 (the header) is damaged: it lists " + std::to_string(n) + " " + what +
                               " (at most " + std::to_string(kMaxHeaderList) + ")");
        header_ = std::make_unique<capnp::MallocMessageBuilder>();
        header_->setRoot(header->getRoot<schema::Entry>());
        CheckHeaderTexts(this->header());
    } catch (const kj::Exception& e) {
        throw LogError(path + ": entry 1 (the header) is damaged: " + std::string(e.getDescription().cStr()));
    }
}

// Replaces reading frame by frame by a mapping of the whole decompressed stream (an unlinked temporary file, so the
// pages stay reclaimable), for a stream whose framing FrameStream does not handle. Offsets stay the same, so what
// was read before (messages, Bytes, offsets kept for ReadAgain) stays valid.
void LogReader::Decompress() {
    const char* tmp = std::getenv("TMPDIR");
    const std::string dir = tmp && *tmp ? tmp : "/tmp";
    int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {  // a file system without O_TMPFILE
        std::string name = dir + "/ltcap-log-XXXXXX";
        fd = mkostemp(name.data(), O_CLOEXEC);
        if (fd >= 0) ::unlink(name.c_str());
    }
    if (fd < 0) throw LogError(path_ + ": cannot create a temporary file in " + dir + " to decompress into: " + std::strerror(errno));
    try {
        DecompressStream(file_, file_size_, fd, path_, stream_problem_, stream_damaged_);
    } catch (...) {
        ::close(fd);
        throw;
    }
    frames_.reset();
    Unmap();
    Map(fd, "not an ltcap log (" + (stream_problem_.empty() ? "the compressed stream holds no data" : stream_problem_) + ")",
        "cannot map its decompressed stream");
    passed_ = ReleaseBehind(data_);
}

// Maps all of `fd` (closing it) as the data read; throws LogError with `if_empty` or `if_failed` and the reason.
void LogReader::Map(int fd, const std::string& if_empty, const std::string& if_failed) {
    struct stat st {};
    fstat(fd, &st);
    size_ = static_cast<std::uint64_t>(st.st_size);
    if (size_ == 0) {
        ::close(fd);
        throw LogError(path_ + ": " + if_empty);
    }
    void* p = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (p == MAP_FAILED) throw LogError(path_ + ": " + if_failed + ": " + std::strerror(errno));
    data_ = static_cast<const std::uint8_t*>(p);
    GuardMapping(data_, size_, path_ + ": the file changed while it was being read (truncated by another process?); "
                                      "nothing read from it can be trusted");
}

LogReader::~LogReader() { Unmap(); }

void LogReader::Unmap() {
    if (data_) {
        UnguardMapping(data_);
        munmap(const_cast<std::uint8_t*>(data_), size_);
        data_ = nullptr;
    }
    if (file_) {
        UnguardMapping(file_);
        munmap(const_cast<std::uint8_t*>(file_), file_size_);
        file_ = nullptr;
    }
}

const std::string& LogReader::StreamProblem() const { return frames_ ? frames_->problem() : stream_problem_; }
bool LogReader::StreamDamaged() const { return frames_ ? frames_->damaged() : stream_damaged_; }

bool LogReader::RegionAt(std::uint64_t at, Region& region) {
    if (frames_) {
        FrameStream::Region r;
        if (frames_->RegionAt(at, r)) {
            region = {r.bytes, r.begin, r.end, r.frame, std::move(r.pin)};
            return true;
        }
        if (!frames_->unusual()) return false;
        Decompress();
    }
    if (at >= size_) return false;
    region = {data_, 0, size_, 0, nullptr};
    return true;
}

bool LogReader::LastRegion(const Region& region) {
    if (!frames_) return true;
    if (!frames_->Last(region.frame)) return false;
    return !frames_->unusual();
}

std::unique_ptr<capnp::FlatArrayMessageReader> LogReader::ReadAt(std::uint64_t& offset, std::string& problem,
                                                               bool* damaged) {
    if (offset % 8 != 0) {
        problem = "misaligned message at byte " + std::to_string(offset);
        if (damaged) *damaged = true;
        return nullptr;
    }
    Region region;
    if (!RegionAt(offset, region)) {
        problem.clear();  // the end of the stream (StreamProblem says if it ended early)
        return nullptr;
    }
    // A message lies whole in one frame (the capture writes whole messages into each): one that runs past its
    // frame's end is cut off if no frame follows, and otherwise the stream is read whole (another tool's framing).
    const auto partial = [&](std::string what) -> std::unique_ptr<capnp::FlatArrayMessageReader> {
        if (!LastRegion(region)) {
            Decompress();
            return ReadAt(offset, problem, damaged);
        }
        problem = std::move(what);
        return nullptr;
    };
    const std::uint8_t* at = region.bytes + (offset - region.begin);
    const std::uint64_t left = region.end - offset;
    if (left < 8) return partial("a partial message at byte " + std::to_string(offset));
    std::uint32_t table[2];
    std::memcpy(table, at, 8);
    const std::uint64_t segments = std::uint64_t(table[0]) + 1;
    if (segments > 512) {
        problem = "damaged message header at byte " + std::to_string(offset);
        if (damaged) *damaged = true;
        return nullptr;
    }
    const std::uint64_t table_bytes = (4 + segments * 4 + 7) / 8 * 8;
    if (left < table_bytes) return partial("a partial message at byte " + std::to_string(offset));
    std::uint64_t words = 0;
    for (std::uint64_t i = 0; i < segments; i++) {
        std::uint32_t n;
        std::memcpy(&n, at + 4 + i * 4, 4);
        words += n;
    }
    const std::uint64_t total = table_bytes + words * 8;
    if (left < total)
        return partial("a partial message at byte " + std::to_string(offset) + " (" + std::to_string(total) +
                       " bytes announced, " + std::to_string(left) + (frames_ ? " in the stream)" : " in the file)"));
    capnp::ReaderOptions options;
    options.traversalLimitInWords = total / 8 * kTraversalFactor + kTraversalSlack;
    try {
        const auto words_at = kj::arrayPtr(reinterpret_cast<const capnp::word*>(at), total / 8);
        std::unique_ptr<capnp::FlatArrayMessageReader> reader =
            region.pin ? std::make_unique<PinnedMessage>(words_at, options, std::move(region.pin))
                       : std::make_unique<capnp::FlatArrayMessageReader>(words_at, options);
        // Visits every pointer of the message once: a malformed one (out of its segment, of the wrong kind, nested
        // too deep) is found here, as this message's problem, not later wherever a tool happens to read it.
        const auto root = reader->getRoot<capnp::AnyPointer>();
        root.targetSize();
        root.getAs<schema::Entry>().which();
        entry_bytes_ = at;
        entry_size_ = total;
        offset += total;
        return reader;
    } catch (const kj::Exception& e) {
        problem = "damaged message at byte " + std::to_string(offset) + " of the message stream: " + e.getDescription().cStr();
        if (damaged) *damaged = true;
        return nullptr;
    }
}

std::uint64_t LogReader::StreamOffset(const void* p) const {
    const auto* byte = static_cast<const std::uint8_t*>(p);
    if (!entry_bytes_ || byte < entry_bytes_ || byte > entry_bytes_ + entry_size_)
        throw std::logic_error("LogReader::StreamOffset: not a pointer into the message read last");
    return entry_offset_ + static_cast<std::uint64_t>(byte - entry_bytes_);
}

Pinned LogReader::Bytes(std::uint64_t at, std::uint64_t size) {
    Region region;
    if (!RegionAt(at, region) || size > region.end - at)
        throw LogError(path_ + ": the log holds no " + std::to_string(size) + " bytes at byte " + std::to_string(at) +
                       " of its message stream");
    const std::uint8_t* bytes = region.bytes + (at - region.begin);
    if (region.pin) return {bytes, std::move(region.pin)};
    // A mapped log: its pages are handed back when the last pin goes (read from the file again if touched).
    return {bytes, Pin(bytes, [size](const std::uint8_t* p) {
                static const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
                const auto begin = (reinterpret_cast<std::uintptr_t>(p) + page - 1) / page * page;  // whole pages only
                const auto end = (reinterpret_cast<std::uintptr_t>(p) + size) / page * page;
                if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
            })};
}

void LogReader::CopyBytes(std::uint64_t at, std::uint64_t size, std::uint8_t* dst) {
    if (frames_ && frames_->CopyOut(at, size, dst)) return;
    // A mapped log, a stream decoded whole once found unusual, or the LogError of a range the log does not hold.
    const Pinned bytes = Bytes(at, size);
    if (size) std::memcpy(dst, bytes.data, size);
}

void LogReader::ReleasePassed() {
    if (frames_) frames_->ReleaseInputBefore(offset_);
    else passed_.Advance(offset_);
}

double LogReader::Fraction() const {
    if (frames_) return file_size_ ? static_cast<double>(frames_->file_position()) / file_size_ : 1;
    return size_ ? static_cast<double>(offset_) / size_ : 1;
}

void ReleaseBehind::Now(std::uint64_t offset) {
    const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    const std::uint64_t upto = offset / page * page;
    if (upto > done_) madvise(const_cast<std::uint8_t*>(base_) + done_, upto - done_, MADV_DONTNEED);
    done_ = std::max(done_, upto);
}

std::string LogReader::WhereAt(std::uint64_t number, std::uint64_t offset) const {
    return "entry " + std::to_string(number) + " (byte " + std::to_string(offset) +
           (compressed_ ? " of the decompressed stream)" : ")");
}

std::unique_ptr<capnp::FlatArrayMessageReader> LogReader::ReadAgain(std::uint64_t offset) {
    std::string problem;
    const auto bytes = entry_bytes_;
    const auto size = entry_size_;
    auto reader = ReadAt(offset, problem);
    entry_bytes_ = bytes;  // StreamOffset keeps to what Next() returned
    entry_size_ = size;
    if (!reader) throw LogError(path_ + ": no message at byte " + std::to_string(offset) + (problem.empty() ? "" : ": " + problem));
    return reader;
}

void LogReader::LimitMemory(std::uint64_t cache, std::uint64_t spare) {
    cache_limit_ = std::max<std::uint64_t>(cache, 1);
    spare_limit_ = spare;
    if (frames_) frames_->LimitMemory(cache_limit_, spare_limit_);
}

void LogReader::Rewind() {
    offset_ = 0;
    entry_offset_ = entry_number_ = 0;
    passed_ = ReleaseBehind(data_);
    std::string problem;
    ReadAt(offset_, problem);  // the header, validated in the constructor
    complete_ = false;
    damaged_ = false;
    truncation_.clear();
}

std::unique_ptr<capnp::FlatArrayMessageReader> LogReader::Next() {
    if (complete_ || !truncation_.empty()) return nullptr;
    std::string problem;
    const std::uint64_t at = offset_;
    bool damaged = false;
    auto reader = ReadAt(offset_, problem, &damaged);
    if (!reader) {
        // A cut or damaged frame explains a message missing or cut at its place (a damaged message before it is
        // named as such).
        if (!damaged && !StreamProblem().empty()) {
            truncation_ = StreamProblem();
            damaged_ = StreamDamaged();
        } else {
            truncation_ = problem.empty() ? "the log ends without an end entry (the program did not exit cleanly)"
                          : damaged   ? "entry " + std::to_string(entry_number_ + 1) + ": " + problem
                                      : problem;
            damaged_ = damaged;
        }
        return nullptr;
    }
    entry_offset_ = at;
    entry_number_++;
    if (reader->getRoot<schema::Entry>().isEnd()) {
        complete_ = true;
        CheckRest();
    }
    return reader;
}

// The old reader decoded the whole stream before reading it, so a damaged frame anywhere — after the end entry too —
// made the log damaged; the frames after the end entry are decoded here to the same effect (usually there are none).
void LogReader::CheckRest() {
    if (!frames_) return;
    std::uint64_t at = offset_;
    Region region;
    while (RegionAt(at, region)) at = region.end;
}

std::string ApiName(schema::Api api) {
    const CallModel* model = ModelOf(api);
    return model ? std::string(model->name) : "api#" + std::to_string(static_cast<unsigned>(api));
}

CallClass ClassOfCall(schema::Api api) {
    const CallModel* model = ModelOf(api);
    return model ? model->call_class : CallClass{};
}

}  // namespace ltcap
