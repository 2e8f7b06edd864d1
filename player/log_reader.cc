#include "player/log_reader.h"

#include "player/mapping_guard.h"
#include "player/zstd_stream.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <capnp/schema.h>

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
}

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
    if (IsZstdStream(data_, size_)) Decompress();

    passed_ = ReleaseBehind(data_);
    std::string problem;
    header_ = ReadAt(offset_, problem);
    if (!header_) throw LogError(path + ": not an ltcap log (" + problem + ")");
    try {
        auto entry = header_->getRoot<schema::Entry>();
        if (!entry.isHeader()) throw LogError(path + ": not an ltcap log (the first entry is not a header)");
        const std::uint32_t version = entry.getHeader().getFormatVersion();
        if (version == 0 || version > schema::FORMAT_VERSION)
            throw LogError(path + ": log format version " + std::to_string(version) + " is not supported (this tool reads "
                           "versions 1 to " + std::to_string(schema::FORMAT_VERSION) + ")");
    } catch (const kj::Exception& e) {
        throw LogError(path + ": not an ltcap log (" + std::string(e.getDescription().cStr()) + ")");
    }
    try {
        CheckHeaderTexts(header());
    } catch (const kj::Exception& e) {
        throw LogError(path + ": entry 1 (the header) is damaged: " + std::string(e.getDescription().cStr()));
    }
}

// Replaces the mapped compressed file by a mapping of its decompressed stream (an unlinked temporary file, so the
// pages stay reclaimable and Release works as for a plain log).
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
        DecompressStream(data_, size_, fd, path_, stream_problem_, stream_damaged_);
    } catch (...) {
        ::close(fd);
        throw;
    }
    Unmap();
    Map(fd, "not an ltcap log (" + (stream_problem_.empty() ? "the compressed stream holds no data" : stream_problem_) + ")",
        "cannot map its decompressed stream");
    compressed_ = true;
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
    if (!data_) return;
    UnguardMapping(data_);
    munmap(const_cast<std::uint8_t*>(data_), size_);
    data_ = nullptr;
}

std::unique_ptr<capnp::FlatArrayMessageReader> LogReader::ReadAt(std::uint64_t& offset, std::string& problem,
                                                               bool* damaged) {
    if (offset % 8 != 0) {
        problem = "misaligned message at byte " + std::to_string(offset);
        if (damaged) *damaged = true;
        return nullptr;
    }
    const std::uint64_t left = size_ - offset;
    if (left < 8) {
        problem = left == 0 ? "" : "a partial message at byte " + std::to_string(offset);
        return nullptr;
    }
    std::uint32_t table[2];
    std::memcpy(table, data_ + offset, 8);
    const std::uint64_t segments = std::uint64_t(table[0]) + 1;
    if (segments > 512) {
        problem = "damaged message header at byte " + std::to_string(offset);
        if (damaged) *damaged = true;
        return nullptr;
    }
    const std::uint64_t table_bytes = (4 + segments * 4 + 7) / 8 * 8;
    if (left < table_bytes) {
        problem = "a partial message at byte " + std::to_string(offset);
        return nullptr;
    }
    std::uint64_t words = 0;
    for (std::uint64_t i = 0; i < segments; i++) {
        std::uint32_t n;
        std::memcpy(&n, data_ + offset + 4 + i * 4, 4);
        words += n;
    }
    const std::uint64_t total = table_bytes + words * 8;
    if (left < total) {
        problem = "a partial message at byte " + std::to_string(offset) + " (" + std::to_string(total) +
                  " bytes announced, " + std::to_string(left) + " in the file)";
        return nullptr;
    }
    capnp::ReaderOptions options;
    options.traversalLimitInWords = total / 8 * kTraversalFactor + kTraversalSlack;
    try {
        auto reader = std::make_unique<capnp::FlatArrayMessageReader>(
            kj::arrayPtr(reinterpret_cast<const capnp::word*>(data_ + offset), total / 8), options);
        // Visits every pointer of the message once: a malformed one (out of its segment, of the wrong kind, nested
        // too deep) is found here, as this message's problem, not later wherever a tool happens to read it.
        reader->getRoot<capnp::AnyPointer>().targetSize();
        reader->getRoot<schema::Entry>().which();
        offset += total;
        return reader;
    } catch (const kj::Exception& e) {
        problem = "damaged message at byte " + std::to_string(offset) + " of the message stream: " + e.getDescription().cStr();
        if (damaged) *damaged = true;
        return nullptr;
    }
}

void LogReader::Release(const void* data, std::uint64_t size) const {
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + page - 1) / page * page;  // whole pages inside only
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + size) / page * page;
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

void ReleaseBehind::Now(std::uint64_t offset) {
    const auto page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    const std::uint64_t upto = offset / page * page;
    if (upto > done_) madvise(const_cast<std::uint8_t*>(base_) + done_, upto - done_, MADV_DONTNEED);
    done_ = std::max(done_, upto);
}

std::string LogReader::Where() const {
    return "entry " + std::to_string(entry_number_) + " (byte " + std::to_string(entry_offset_) +
           (compressed_ ? " of the decompressed stream)" : ")");
}

std::unique_ptr<capnp::FlatArrayMessageReader> LogReader::ReadAgain(std::uint64_t offset) {
    std::string problem;
    auto reader = offset < size_ ? ReadAt(offset, problem) : nullptr;
    if (!reader) throw LogError(path_ + ": no message at byte " + std::to_string(offset) + (problem.empty() ? "" : ": " + problem));
    return reader;
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
        // A cut or damaged frame explains whatever follows from it.
        if (!stream_problem_.empty()) {
            truncation_ = stream_problem_;
            damaged_ = stream_damaged_;
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
    if (reader->getRoot<schema::Entry>().isEnd()) complete_ = true;
    return reader;
}

std::string ApiName(schema::Api api) {
    const auto enumerants = capnp::Schema::from<schema::Api>().getEnumerants();
    const auto i = static_cast<std::uint16_t>(api);
    if (i < enumerants.size()) return enumerants[i].getProto().getName().cStr();
    return "api#" + std::to_string(i);
}

CallClass ClassOfCall(schema::Api api) {
    const auto i = static_cast<std::size_t>(api);
    if (i >= std::size(layout::kApiNames)) return {};
    return ClassOf(static_cast<layout::Api>(i));
}

}  // namespace ltcap
