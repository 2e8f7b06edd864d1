// The key the shim stores equal contents under once (payload blobs, kernel sources): a 128-bit XXH3 hash of the
// bytes and their size, 24 bytes. XXH3 is compiled into the shim (xxhash.h, XXH_INLINE_ALL): no library is loaded
// into the traced program for it.
#pragma once

#include <cstdint>
#include <string>

namespace ltcap {

std::string ContentKey(const void* data, std::uint64_t size);

// The same key over bytes that arrive in pieces (a payload read back chunk by chunk): Add each piece in order,
// then Finish gives what ContentKey gives for the whole.
class ContentKeyStream {
public:
    ContentKeyStream();
    ~ContentKeyStream();
    ContentKeyStream(const ContentKeyStream&) = delete;
    ContentKeyStream& operator=(const ContentKeyStream&) = delete;
    void Add(const void* data, std::uint64_t size);
    std::string Finish() const;

private:
    void* state_;  // XXH3_state_t, kept out of this header
    std::uint64_t size_ = 0;
};

}  // namespace ltcap
