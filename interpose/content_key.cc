#include "interpose/content_key.h"

#include <cstring>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace ltcap {

std::string ContentKey(const void* data, std::uint64_t size) {
    const XXH128_hash_t h = XXH3_128bits(data, size);
    std::string key(24, '\0');
    std::memcpy(key.data(), &h.low64, 8);
    std::memcpy(key.data() + 8, &h.high64, 8);
    std::memcpy(key.data() + 16, &size, 8);
    return key;
}

}  // namespace ltcap
