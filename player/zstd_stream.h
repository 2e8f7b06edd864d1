// Compressed logs (LTCAP_COMPRESS=1, the default) are a stream of Zstandard frames, one per batch the capture wrote.
// Readers decompress the whole stream into an unlinked temporary file and read that as a plain log.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ltcap {

// The file starts with a Zstandard frame (its magic number).
bool IsZstdStream(const std::uint8_t* data, std::size_t size);

// Decompresses `data` frame by frame into `out_fd`, writing a frame's bytes once the whole frame decoded and its
// checksum matched. Stops at the first damaged frame (dropping it) or at a cut-off last frame (keeping what its
// complete blocks held) and says so in `problem` (empty when the whole stream decoded), with `damaged` set unless it
// was a cut. Throws LogError if `out_fd` cannot be written.
void DecompressStream(const std::uint8_t* data, std::size_t size, int out_fd, const std::string& path,
                      std::string& problem, bool& damaged);

}  // namespace ltcap
