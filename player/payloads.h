// The log's payload data (blob entries), as a replayed call asks for it by DataRef. The index pass hands every chunk
// over (Add, which refuses chunks that do not continue each other); a call then gets a blob's
// bytes checked against what the file holds. The bytes come straight from the mapped log when a blob is one chunk; a
// blob in several chunks is joined in one staging buffer, valid until the next call to Data (memory stays bounded).
// The pages a call used are given back to the reader after it (ReleaseUsed), so a large log is not kept resident.
#pragma once

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "schema/trace.capnp.h"

namespace ltcap {

class Payloads {
public:
    // One chunk of a blob, pointing into the mapped log (which must outlive this). A chunk that does not continue the
    // blob's earlier ones, runs past its size or disagrees on it is a LogError.
    void Add(schema::Blob::Reader chunk);
    void Add(std::uint64_t blob, std::uint64_t total_size, std::uint64_t offset, const std::uint8_t* bytes,
             std::uint64_t size);
    // The bytes of `ref`, of which the call reads `need`: the blob must be whole in the log, hold the ref's size,
    // and the ref at least `need` — else a LogError naming the blob. Null for an empty ref.
    const std::uint8_t* Data(schema::DataRef::Reader ref, std::uint64_t need);
    // Zeroed room for a read nobody verifies, reused from call to call.
    std::uint8_t* Scratch(std::uint64_t size);
    // The log's pages handed out since the last call, for `release(bytes, size)` (LogReader::Release).
    template <typename Release>
    void ReleaseUsed(Release&& release) {
        for (const auto& [bytes, size] : used_) release(bytes, size);
        used_.clear();
        if (staging_.capacity() > kKeptStaging) std::vector<std::uint8_t>().swap(staging_);
    }
    std::size_t blobs() const { return blobs_.size(); }

private:
    static constexpr std::size_t kKeptStaging = 64u << 20;  // a larger staging buffer is freed after its call
    struct Chunk {
        std::uint64_t offset, size;
        const std::uint8_t* bytes;
    };
    struct Blob {
        std::uint64_t size = 0, have = 0;  // total, and how much of it the chunks so far hold
        std::vector<Chunk> chunks;
    };
    std::map<std::uint64_t, Blob> blobs_;
    std::vector<std::uint8_t> staging_, scratch_;
    std::vector<std::pair<const std::uint8_t*, std::uint64_t>> used_;
};

}  // namespace ltcap
