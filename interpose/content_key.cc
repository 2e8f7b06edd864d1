#include "interpose/content_key.h"

#include <cstring>
#include <new>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ltcap {

namespace {
std::string KeyOf(const XXH128_hash_t& h, std::uint64_t size) {
    std::string key(24, '\0');
    std::memcpy(key.data(), &h.low64, 8);
    std::memcpy(key.data() + 8, &h.high64, 8);
    std::memcpy(key.data() + 16, &size, 8);
    return key;
}
}  // namespace

std::string ContentKey(const void* data, std::uint64_t size) { return KeyOf(XXH3_128bits(data, size), size); }

ContentKeyStream::ContentKeyStream() : state_(XXH3_createState()) {
    if (!state_) throw std::bad_alloc();
    XXH3_128bits_reset(static_cast<XXH3_state_t*>(state_));
}
ContentKeyStream::~ContentKeyStream() { XXH3_freeState(static_cast<XXH3_state_t*>(state_)); }

void ContentKeyStream::Add(const void* data, std::uint64_t size) {
    XXH3_128bits_update(static_cast<XXH3_state_t*>(state_), data, size);
    size_ += size;
}

std::string ContentKeyStream::Finish() const {
    return KeyOf(XXH3_128bits_digest(static_cast<const XXH3_state_t*>(state_)), size_);
}

}  // namespace ltcap
