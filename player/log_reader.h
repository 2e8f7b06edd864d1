// Reading an ltcap log: the file is mapped, each self-delimiting message is read in place, and the reader
// says whether the log ended cleanly. A compressed log (a Zstandard stream) is read frame by frame as reading gets
// to each part (frame_stream.h): no temporary copy, memory bounded by a small cache of decoded frames, the first
// entry at once. Only a stream that does not keep to the capture's framing (recompressed by another tool) is first
// decompressed whole into an unlinked temporary file in $TMPDIR (default /tmp). Positions are offsets in the
// decoded message stream either way. Shared by every tool that reads a log.
//   LogReader log(path);                      // throws LogError if the file is not a readable ltcap log
//   for (auto e = log.Next(); e; e = log.Next()) { ... e->getRoot<schema::Entry>() ... }
//   if (!log.complete()) { /* cut off: everything read so far is valid */ }
#pragma once

#include <capnp/message.h>
#include <capnp/serialize.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "api/rules.h"
#include "common/terminal_text.h"
#include "player/pinned.h"
#include "schema/log_error.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class FrameStream;

// Hands a mapping's pages back to the kernel behind a cursor that only moves forward, 64 MiB at a time (the pages
// are read from the file again if touched later). `base` is page-aligned (a mapping's start).
class ReleaseBehind {
public:
    explicit ReleaseBehind(const void* base = nullptr) : base_(static_cast<const std::uint8_t*>(base)) {}
    void Advance(std::uint64_t offset) {  // everything before `offset` has been passed
        if (offset >= done_ + kStep) Now(offset);
    }
    void Now(std::uint64_t offset);  // the same, whatever the distance

private:
    static constexpr std::uint64_t kStep = 64 << 20;
    const std::uint8_t* base_;
    std::uint64_t done_ = 0;  // released up to here (a page boundary)
};

class LogReader {
public:
    explicit LogReader(const std::string& path);
    ~LogReader();
    LogReader(const LogReader&) = delete;
    LogReader& operator=(const LogReader&) = delete;

    schema::Header::Reader header() const { return header_->getRoot<schema::Entry>().asReader().getHeader(); }
    // The next entry's message after the header, or null at the end of the file or at a cut-off message. A message
    // stays valid as long as it lives (and the reader does), whatever is read after it.
    std::unique_ptr<capnp::FlatArrayMessageReader> Next();
    // Where `p`, a pointer into the message Next() returned last, is in the message stream (for Bytes later).
    std::uint64_t StreamOffset(const void* p) const;
    std::uint64_t StreamOffset(capnp::Data::Reader data) const { return data.size() ? StreamOffset(data.begin()) : 0; }
    // The bytes [at, at + size) of the message stream — a range inside one message read before, such as a blob
    // chunk's data (StreamOffset) — read again, valid while the pin lives; a LogError if the log has no such range.
    // Pages of a mapped log are handed back to the kernel when the pin goes, so a replay's memory stays bounded
    // however large the log.
    Pinned Bytes(std::uint64_t at, std::uint64_t size);
    // The same bytes copied to `dst` (a payload joined from its chunks): for a compressed log, a frame no longer in
    // memory is copied out of the file once rather than decoded into a frame buffer and copied again
    // (FrameStream::CopyOut). A LogError as for Bytes.
    void CopyBytes(std::uint64_t at, std::uint64_t size, std::uint8_t* dst);
    // Hands back what this pass has read past (the mapped file's pages; for a pass that looks at each entry once,
    // such as an index: the kernel may map a whole large page-cache folio at each touch, megabytes for a few bytes).
    void ReleasePassed();
    // Starts reading again after the header (for a second pass).
    void Rewind();
    // A compressed log keeps at most `cache` bytes of decoded frames for reading again, and `spare` of freed frame
    // buffers, instead of FrameStream's defaults (a tool holding two logs open that reads each mostly in order).
    void LimitMemory(std::uint64_t cache, std::uint64_t spare);
    // An `end` entry was read and the container around it is whole (a compressed log cut inside its last frame's
    // checksum decodes to the end entry, but is not complete).
    bool complete() const { return complete_ && StreamProblem().empty(); }
    // Why reading stopped early (a partial or damaged last message, a cut or damaged compressed frame), empty if
    // it did not.
    const std::string& truncation() const { return truncation_.empty() ? StreamProblem() : truncation_; }
    // Reading stopped at something malformed (a damaged message or frame, a refused decompression bomb), not at a
    // cut: the log is bad, not merely incomplete.
    bool damaged() const { return damaged_ || StreamDamaged(); }
    // Where reading is, in bytes of the message stream (of the decompressed stream for a compressed log).
    std::uint64_t offset() const { return offset_; }
    // How far through the file reading has got, from 0 to 1 (for progress: a compressed log's size is not known
    // before it is read).
    double Fraction() const;
    // Where the entry Next() returned last starts, and which one it is (the header is entry 0).
    std::uint64_t entry_offset() const { return entry_offset_; }
    std::uint64_t entry_number() const { return entry_number_; }
    // Its size in bytes.
    std::uint64_t entry_size() const { return entry_size_; }
    // "entry 17 (byte 5120)": the entry Next() returned last, for messages about it; WhereAt: entry `number` at
    // `offset` (one Next() returned earlier).
    std::string Where() const { return WhereAt(entry_number_, entry_offset_); }
    std::string WhereAt(std::uint64_t number, std::uint64_t offset) const;
    // The message at `offset` (an entry_offset() seen before), read again; throws LogError if there is none.
    std::unique_ptr<capnp::FlatArrayMessageReader> ReadAgain(std::uint64_t offset);
    bool compressed() const { return compressed_; }
    const std::string& path() const { return path_; }

private:
    // The message at `offset` (advanced past it), or null with `problem` saying why; *damaged: malformed rather
    // than cut off.
    std::unique_ptr<capnp::FlatArrayMessageReader> ReadAt(std::uint64_t& offset, std::string& problem,
                                                          bool* damaged = nullptr);
    // Decoded bytes [begin, end) holding stream offset `at`, at `bytes`; false at the end of the stream.
    struct Region {
        const std::uint8_t* bytes = nullptr;
        std::uint64_t begin = 0, end = 0;
        std::size_t frame = 0;
        Pin pin;  // empty for the mapping
    };
    bool RegionAt(std::uint64_t at, Region& region);
    // Nothing follows `region` in the stream (a message cut at its end is a cut log, not one crossing frames).
    bool LastRegion(const Region& region);
    void Open();
    void Unmap();
    void Decompress();  // the whole stream into a temporary file, mapped (a stream FrameStream does not handle)
    void Map(int fd, const std::string& if_empty, const std::string& if_failed);
    void CheckRest();   // after the end entry: what follows it in a compressed log must decode
    const std::string& StreamProblem() const;
    bool StreamDamaged() const;

    std::string path_;
    const std::uint8_t* file_ = nullptr;  // the file as mapped, while frames_ reads it
    std::uint64_t file_size_ = 0;
    std::unique_ptr<FrameStream> frames_;  // a compressed log read frame by frame; null: data_ maps the stream
    const std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0, offset_ = 0;
    std::uint64_t entry_offset_ = 0, entry_number_ = 0;
    const std::uint8_t* entry_bytes_ = nullptr;  // where the message Next() returned last is (StreamOffset)
    std::uint64_t entry_size_ = 0;
    ReleaseBehind passed_;  // for ReleasePassed, from the start of each pass
    // The header, copied once it is checked: tools read it for the whole run, as often as they like, which a
    // message reader's traversal limit (spent with every read) would end in the middle of one.
    std::unique_ptr<capnp::MallocMessageBuilder> header_;
    bool complete_ = false;
    bool compressed_ = false;
    std::string truncation_;
    std::string stream_problem_;  // where the whole decompression stopped early (a cut or damaged frame)
    bool stream_damaged_ = false, damaged_ = false;
    std::uint64_t cache_limit_ = 0, spare_limit_ = 0;  // LimitMemory's, 0: the defaults
};

// The name of an API function as the schema spells it ("enqueueProgram"), for printing.
std::string ApiName(schema::Api api);

// What a logged call is (a launch, a finish, …): its description entry's answer (api/rules.h), which tools ask
// instead of comparing names. An Api value this build does not know is no class at all.
CallClass ClassOfCall(schema::Api api);

// `error` (a LogError's text) as one line naming `path` once, fit for a terminal: the reader's open errors name it
// already, errors about an entry (LogReader::Where) do not; text from the log in it (a kernel path) has its control
// characters shown, not obeyed (common/terminal_text.h).
inline std::string NamingThePath(const std::string& path, const std::string& error) {
    return TerminalSafe(error.rfind(path + ": ", 0) == 0 ? error : path + ": " + error);
}

}  // namespace ltcap
