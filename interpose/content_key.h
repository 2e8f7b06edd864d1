// The key the shim stores equal contents under once (payload blobs, kernel sources): a 128-bit XXH3 hash of the
// bytes and their size, 24 bytes. XXH3 is compiled into the shim (xxhash.h, XXH_INLINE_ALL): no library is loaded
// into the traced program for it.
#pragma once

#include <cstdint>
#include <string>

namespace ltcap {

std::string ContentKey(const void* data, std::uint64_t size);

}  // namespace ltcap
