// Compressed logs (LTCAP_COMPRESS=1, the default) are a stream of Zstandard frames, one per batch the capture wrote.
// Readers read them frame by frame (frame_stream.h); a stream that does not keep to the capture's framing (a log
// recompressed by another tool) is decompressed whole into an unlinked temporary file instead (DecompressStream).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ltcap {

// The file starts with a Zstandard frame (its magic number).
bool IsZstdStream(const std::uint8_t* data, std::size_t size);

// Walks the frame at `data` through its block headers — the bytes present, never the size its header declares —
// and says how long it is in the file (`length`) and the most it can decode to (`bound`: raw and RLE blocks exactly,
// a compressed block at most the frame's block size, or the content size the header declares if it is no more than
// that). `*exact` (if given): `bound` is what it decodes to — the header declares it, or no block is compressed.
// False if it is cut off, malformed, or declares more content than its blocks can hold.
bool WalkFrame(const std::uint8_t* data, std::size_t size, std::size_t& length, std::uint64_t& bound, bool* exact);

// Decompresses `data` frame by frame into `out_fd`, writing a frame's bytes once the whole frame decoded and its
// checksum matched. Stops at the first damaged frame (dropping it) or at a cut-off last frame (keeping what its
// complete blocks held) and says so in `problem` (empty when the whole stream decoded), with `damaged` set unless it
// was a cut. Throws LogError if `out_fd` cannot be written.
void DecompressStream(const std::uint8_t* data, std::size_t size, int out_fd, const std::string& path,
                      std::string& problem, bool& damaged);

}  // namespace ltcap
