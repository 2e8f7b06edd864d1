// Reading an ltcap log: the file is mapped, each self-delimiting message is read in place, and the reader
// says whether the log ended cleanly. A compressed log (a Zstandard stream) is first decompressed into an unlinked
// temporary file in $TMPDIR (default /tmp), which is then read the same way. Shared by ltdump and ltplay.
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
#include "schema/log_error.h"
#include "schema/trace.capnp.h"

namespace ltcap {


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

    schema::Header::Reader header() const { return header_->getRoot<schema::Entry>().getHeader(); }
    // The next entry's message after the header, or null at the end of the file or at a cut-off message.
    std::unique_ptr<capnp::FlatArrayMessageReader> Next();
    // Drops the mapped pages of [data, data + size) from memory; they are read again from the file if needed.
    // Keeps a replay's memory bounded however large the log.
    void Release(const void* data, std::uint64_t size) const;
    // The same for what this pass has read past, every 64 MiB (for a pass that looks at each entry once, such as an
    // index: the kernel may map a whole large page-cache folio at each touch, megabytes for a few header bytes).
    void ReleasePassed() { passed_.Advance(offset_); }
    // Starts reading again after the header (for a second pass).
    void Rewind();
    // An `end` entry was read and the container around it is whole (a compressed log cut inside its last frame's
    // checksum decodes to the end entry, but is not complete).
    bool complete() const { return complete_ && stream_problem_.empty(); }
    // Why reading stopped early (a partial or damaged last message, a cut or damaged compressed frame), empty if
    // it did not.
    const std::string& truncation() const { return truncation_.empty() ? stream_problem_ : truncation_; }
    // Reading stopped at something malformed (a damaged message or frame, a refused decompression bomb), not at a
    // cut: the log is bad, not merely incomplete.
    bool damaged() const { return damaged_ || stream_damaged_; }
    // Where reading is, in bytes of the message stream (of the decompressed stream for a compressed log).
    std::uint64_t offset() const { return offset_; }
    // Where the entry Next() returned last starts, and which one it is (the header is entry 0).
    std::uint64_t entry_offset() const { return entry_offset_; }
    std::uint64_t entry_number() const { return entry_number_; }
    // "entry 17 (byte 5120)": the entry Next() returned last, for messages about it.
    std::string Where() const;
    // The message at `offset` (an entry_offset() seen before), read again; throws LogError if there is none.
    std::unique_ptr<capnp::FlatArrayMessageReader> ReadAgain(std::uint64_t offset);
    bool compressed() const { return compressed_; }
    const std::string& path() const { return path_; }

private:
    // The message at `offset` (advanced past it), or null with `problem` saying why; *damaged: malformed rather
    // than cut off.
    std::unique_ptr<capnp::FlatArrayMessageReader> ReadAt(std::uint64_t& offset, std::string& problem,
                                                          bool* damaged = nullptr);
    void Open();
    void Unmap();
    void Decompress();
    void Map(int fd, const std::string& if_empty, const std::string& if_failed);

    std::string path_;
    const std::uint8_t* data_ = nullptr;
    std::uint64_t size_ = 0, offset_ = 0;
    std::uint64_t entry_offset_ = 0, entry_number_ = 0;
    ReleaseBehind passed_;  // for ReleasePassed, from the start of each pass
    std::unique_ptr<capnp::FlatArrayMessageReader> header_;
    bool complete_ = false;
    bool compressed_ = false;
    std::string truncation_;
    std::string stream_problem_;  // where decompression stopped early (a cut or damaged frame)
    bool stream_damaged_ = false, damaged_ = false;
};

// The name of an API function as the schema spells it ("enqueueProgram"), for printing.
std::string ApiName(schema::Api api);

// What a logged call is (a launch, a finish, …): its description entry's answer (api/rules.h), which tools ask
// instead of comparing names. An Api value this build does not know is no class at all.
CallClass ClassOfCall(schema::Api api);

// `error` (a LogError's text) as one line naming `path` once: the reader's open errors name it already, errors
// about an entry (LogReader::Where) do not.
inline std::string NamingThePath(const std::string& path, const std::string& error) {
    return error.rfind(path + ": ", 0) == 0 ? error : path + ": " + error;
}

}  // namespace ltcap
