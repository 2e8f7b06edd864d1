// What a log's entries must agree on, checked entry by entry without executing anything: the message format alone
// (LogReader validates each message whole) cannot say that a blob's chunks add up, that a data reference lies inside
// a blob the log holds, or that a result belongs to a call the log made. ltdump, ltplay's index and ltplay --check
// run every entry through one checker; the first disagreement is a LogError naming it (the caller adds which entry).
//   LogChecker check;
//   while (auto m = log.Next()) check.Entry(m->getRoot<schema::Entry>());   // throws LogError
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>

#include "player/log_reader.h"
#include "player/read_pieces.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class LogChecker {
public:
    // Buffers one launchOutputs entry may list (a process's live buffers).
    static constexpr std::size_t kMaxLaunchBuffers = 1 << 16;
    void Entry(schema::Entry::Reader e);

    struct Counts {
        std::uint64_t calls = 0, returns = 0, blobs = 0, blob_bytes = 0, sources = 0, reads = 0, binaries = 0;
    };
    const Counts& counts() const { return counts_; }

private:
    void Blob(schema::Blob::Reader b);
    void KernelBinary(schema::KernelBinary::Reader b);
    // A kernel build's bounds: those the capture records within (interpose/binary_store.h).
    static constexpr std::uint64_t kMaxBinaryFiles = 64, kMaxBinaryBytes = 64ull << 20;
    // `argument`: a call's argument, whose values no device takes (ImpossibleValue) are the call checker's to judge
    // (check_calls.h), which knows whether the call threw; a result's are wrong whatever happened.
    void Value(schema::Value::Reader v, unsigned depth, bool argument);
    void Data(schema::DataRef::Reader ref);
    void Seq(std::uint64_t seq, const char* what) const;

    struct BlobState {
        std::uint64_t total = 0, have = 0;
    };
    std::unordered_map<std::uint64_t, BlobState> blobs_;
    std::set<std::uint64_t> sources_, binaries_;
    std::unordered_map<std::string, std::size_t> home_files_;  // place in the replay home → hash of its content
    std::unordered_map<std::uint64_t, ReadPieces> read_pieces_;  // by the read's seq
    std::uint64_t first_seq_ = 0, last_seq_ = 0;  // calls come in ascending seq order within a log
    Counts counts_;
};

// A LogError that names the entry it is about already (NamingTheEntry passes it on as it is).
class EntryLogError : public LogError {
public:
    using LogError::LogError;
};

// Runs `read` (which reads `log`) and turns what it throws about an entry into a LogError naming the entry
// (log.Where()): a kj::Exception — a value of the wrong kind, the traversal limit — as damage.
template <typename Fn>
decltype(auto) NamingTheEntry(LogReader& log, Fn&& read) {
    try {
        return read();
    } catch (const EntryLogError&) {
        throw;
    } catch (const kj::Exception& e) {
        throw LogError(log.Where() + ": damaged: " + e.getDescription().cStr());
    } catch (const LogError& e) {
        throw LogError(log.Where() + ": " + e.what());
    }
}

// Hands every entry `log` has left to `fn` once `check` accepted it, releasing what was read (bounded memory).
template <typename Fn>
void ForEachCheckedEntry(LogReader& log, LogChecker& check, Fn&& fn) {
    for (auto message = log.Next(); message; message = log.Next()) {
        const auto e = message->getRoot<schema::Entry>();
        check.Entry(e);
        fn(e);
        log.ReleasePassed();
    }
}

}  // namespace ltcap
