// The log's payload data (blob entries), as a replayed call asks for it by DataRef. The index pass hands every chunk
// over with where its bytes are in the message stream (Add, which refuses chunks that do not continue each other); a
// call then gets a blob's bytes, checked against what the log holds, read again through the log reader (Fetch).
// A blob of one chunk comes straight from the log's memory (a decoded frame, or the mapped file), kept there until
// ReleaseUsed; a blob in several chunks is copied chunk by chunk into one staging buffer (Copy: straight from the
// file where it can), valid until the next call to Data (memory stays bounded: only what a call uses is in memory,
// however large the log).
//   Payloads payloads([&log](std::uint64_t at, std::uint64_t n) { return log.Bytes(at, n); });
//   payloads.Add(chunk, log.StreamOffset(chunk.getData()));        // for each blob entry, in log order
//   const std::uint8_t* bytes = payloads.Data(ref, size);  ...;  payloads.ReleaseUsed();
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "player/pinned.h"
#include "schema/trace.capnp.h"

namespace ltcap {

class Payloads {
public:
    // The `size` bytes at offset `at` of the message stream (LogReader::Bytes); throws LogError if there are none.
    using Fetch = std::function<Pinned(std::uint64_t at, std::uint64_t size)>;
    // The same bytes copied to `dst` (LogReader::CopyBytes), for a blob joined from several chunks; without it,
    // they are fetched and copied.
    using Copy = std::function<void(std::uint64_t at, std::uint64_t size, std::uint8_t* dst)>;
    explicit Payloads(Fetch fetch, Copy copy = {}) : fetch_(std::move(fetch)), copy_(std::move(copy)) {}

    // One chunk of a blob, its data at offset `at` of the message stream. A chunk that does not continue the blob's
    // earlier ones, runs past its size or disagrees on it is a LogError.
    void Add(schema::Blob::Reader chunk, std::uint64_t at);
    void Add(std::uint64_t blob, std::uint64_t total_size, std::uint64_t offset, std::uint64_t at, std::uint64_t size);
    // The bytes of `ref`, of which the call reads `need`: the blob must be whole in the log, hold the ref's size,
    // and the ref at least `need` — else a LogError naming the blob. Null for an empty ref.
    const std::uint8_t* Data(schema::DataRef::Reader ref, std::uint64_t need);
    // New data for call `seq` in place of what the log recorded for it (the runtime's inputs: runtime/ltcap_run.h),
    // of the recorded size; DataFor hands it out instead of the ref's bytes.
    void Bind(std::uint64_t seq, std::vector<std::uint8_t> bytes) { bound_[seq] = std::move(bytes); }
    // Data(ref, need), or the bytes bound to `seq` (a LogError if they are fewer than `need`).
    const std::uint8_t* DataFor(std::uint64_t seq, schema::DataRef::Reader ref, std::uint64_t need);
    // Zeroed room for a read nobody verifies, reused from call to call.
    std::uint8_t* Scratch(std::uint64_t size);
    // Lets go of what Data handed out since the last call (the log's memory it was in can go).
    void ReleaseUsed() {
        used_.clear();
        if (staging_.capacity() > kKeptStaging) std::vector<std::uint8_t>().swap(staging_);
    }
    std::size_t blobs() const { return blobs_.size(); }

private:
    static constexpr std::size_t kKeptStaging = 64u << 20;  // a larger staging buffer is freed after its call
    struct Chunk {
        std::uint64_t offset, size;
        std::uint64_t at;  // in the message stream
    };
    struct Blob {
        std::uint64_t size = 0, have = 0;  // total, and how much of it the chunks so far hold
        std::vector<Chunk> chunks;
    };
    Fetch fetch_;
    Copy copy_;
    std::map<std::uint64_t, Blob> blobs_;
    std::vector<std::uint8_t> staging_, scratch_;
    std::vector<Pin> used_;
    std::map<std::uint64_t, std::vector<std::uint8_t>> bound_;  // seq → its new data (Bind)
};

}  // namespace ltcap
