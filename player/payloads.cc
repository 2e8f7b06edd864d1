#include "player/payloads.h"

#include <cstring>
#include <string>

#include "schema/log_error.h"

namespace ltcap {

void Payloads::Add(schema::Blob::Reader chunk) {
    Add(chunk.getId(), chunk.getTotalSize(), chunk.getOffset(), chunk.getData().begin(), chunk.getData().size());
}

void Payloads::Add(std::uint64_t blob, std::uint64_t total_size, std::uint64_t offset, const std::uint8_t* bytes,
                   std::uint64_t size) {
    Blob& b = blobs_[blob];
    b.size = total_size;
    b.have += size;
    b.chunks.push_back({offset, size, bytes});
}

const std::uint8_t* Payloads::Data(schema::DataRef::Reader ref, std::uint64_t need) {
    const std::string what = "payload blob #" + std::to_string(ref.getBlob());
    if (need > ref.getSize())
        throw LogError("the call reads " + std::to_string(need) + " bytes but its data reference holds only " +
                       std::to_string(ref.getSize()) + " (" + what + ")");
    if (ref.getSize() == 0) return nullptr;
    auto it = blobs_.find(ref.getBlob());
    if (it == blobs_.end()) throw LogError("the log has no " + what);
    Blob& b = it->second;
    if (b.have != b.size)
        throw LogError(what + " is incomplete in the log: " + std::to_string(b.have) + " of its " + std::to_string(b.size) +
                       " bytes are there");
    if (ref.getSize() > b.size)
        throw LogError("a data reference of " + std::to_string(ref.getSize()) + " bytes points into " + what + ", which holds " +
                       std::to_string(b.size));
    for (const Chunk& c : b.chunks) used_.emplace_back(c.bytes, c.size);
    if (b.chunks.size() == 1) return b.chunks[0].bytes;  // straight from the log
    staging_.resize(b.size);  // the chunks continue each other and end at the size (the log checker's rule)
    for (const Chunk& c : b.chunks) std::memcpy(staging_.data() + c.offset, c.bytes, c.size);
    return staging_.data();
}

std::uint8_t* Payloads::Scratch(std::uint64_t size) {
    scratch_.assign(size, 0);
    return scratch_.data();
}

}  // namespace ltcap
