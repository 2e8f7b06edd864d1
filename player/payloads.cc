#include "player/payloads.h"

#include <cstring>
#include <string>

#include "schema/log_error.h"

namespace ltcap {

void Payloads::Add(schema::Blob::Reader chunk, std::uint64_t at) {
    Add(chunk.getId(), chunk.getTotalSize(), chunk.getOffset(), at, chunk.getData().size());
}

void Payloads::Add(std::uint64_t blob, std::uint64_t total_size, std::uint64_t offset, std::uint64_t at,
                   std::uint64_t size) {
    // The log checker enforces these rules before a replay; they are checked again here so the copy in Data is
    // safe whoever calls Add: each chunk continues the previous one, and none runs past the blob's size.
    auto it = blobs_.find(blob);
    const Blob none;
    const Blob& have = it == blobs_.end() ? none : it->second;
    const auto what = [blob] { return "payload blob #" + std::to_string(blob); };
    if (!have.chunks.empty() && total_size != have.size)
        throw LogError(what() + ": a chunk says the blob holds " + std::to_string(total_size) + " bytes, an earlier one " +
                       std::to_string(have.size));
    if (offset != have.have)
        throw LogError(what() + ": a chunk at offset " + std::to_string(offset) + " does not continue the " +
                       std::to_string(have.have) + " bytes before it");
    if (size > total_size || have.have > total_size - size)
        throw LogError(what() + ": a chunk of " + std::to_string(size) + " bytes at offset " + std::to_string(offset) +
                       " runs past its size of " + std::to_string(total_size));
    Blob& b = it == blobs_.end() ? blobs_[blob] : it->second;
    b.size = total_size;
    b.have += size;
    b.chunks.push_back({offset, size, at});
}

const std::uint8_t* Payloads::DataFor(std::uint64_t seq, schema::DataRef::Reader ref, std::uint64_t need) {
    const auto it = bound_.find(seq);
    if (it == bound_.end()) return Data(ref, need);
    if (it->second.size() < need)
        throw LogError("call #" + std::to_string(seq) + " reads " + std::to_string(need) + " bytes, and the data bound "
                       "to it holds " + std::to_string(it->second.size()));
    return it->second.empty() ? nullptr : it->second.data();
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
    if (b.chunks.size() == 1) {  // straight from the log
        Pinned bytes = fetch_(b.chunks[0].at, b.chunks[0].size);
        used_.push_back(std::move(bytes.pin));
        return bytes.data;
    }
    staging_.resize(b.size);  // the chunks continue each other and end at the size (the log checker's rule)
    for (const Chunk& c : b.chunks) {
        if (!c.size) continue;
        if (copy_) copy_(c.at, c.size, staging_.data() + c.offset);
        else std::memcpy(staging_.data() + c.offset, fetch_(c.at, c.size).data, c.size);
    }
    return staging_.data();
}

std::uint8_t* Payloads::Scratch(std::uint64_t size) {
    scratch_.assign(size, 0);
    return scratch_.data();
}

}  // namespace ltcap
