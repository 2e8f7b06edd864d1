// Comparing a replayed read with the bytes the capture recorded, element by element in the element type the data
// has (player/dtype.h: the log's data type, what the log says of the buffer, or --dtype), so a mismatch reads as
// numbers: which elements, replay vs capture, by how much — and, for floats, whether the difference is within
// --atol/--rtol. Block floats are unpacked tile by tile and compared per datum.
//   CompareOptions o;  Comparison c = CompareRead(replay, capture, size, Dtype::bfloat16, o);
//   if (!c.Equal()) for (auto& line : DescribeMismatch(c)) ...
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "player/dtype.h"

namespace ltcap {

struct CompareOptions {
    std::optional<Dtype> dtype;  // --dtype: read every buffer as this type
    double atol = 0, rtol = 0;   // floats within atol + rtol·|capture| of each other match
    unsigned shown = 8;          // differing elements listed per mismatch
};

struct Comparison {
    struct Difference {
        std::uint64_t index;
        std::string replay, capture;  // as printed in the element type
    };
    Dtype type = Dtype::bytes;  // what the bytes were compared as
    std::uint64_t replay_bytes = 0, capture_bytes = 0;
    std::uint64_t elements = 0;   // compared (the shorter side's whole elements; a block float's whole tiles' datums)
    std::uint64_t differ = 0;     // elements that differ beyond the tolerance (bitwise, for integers and bytes)
    std::uint64_t tolerated = 0;  // float elements that differ, but within the tolerance
    double largest = 0;           // the largest difference of a float element (beyond tolerance or not)
    std::uint64_t largest_at = 0;
    double total = 0;               // the sum of the float elements' differences (the mean error is total / elements)
    std::vector<Difference> first;  // the first differing elements, up to CompareOptions::shown

    bool SizesDiffer() const { return replay_bytes != capture_bytes; }
    bool Equal() const { return !differ && !SizesDiffer(); }
};

// Whether options' --atol/--rtol apply to data of `type` (the data's own; options.dtype overrides it): to floats
// only. False when no tolerance is set.
bool ToleranceApplies(Dtype type, const CompareOptions& options);

// `type` is the data's own; options.dtype overrides it. Block-float data that is not whole tiles compares as bytes.
Comparison CompareRead(const std::vector<std::uint8_t>& replay, const std::uint8_t* capture,
                       std::uint64_t capture_bytes, Dtype type, const CompareOptions& options);

// "12 of 1024 bfloat16 elements differ (largest difference 0.5 at [37], mean 0.004)", then one line per listed
// element: "[37] (tile 0, row 1, col 5): replay 1.5, capture 1"; tile positions are given when the data is a whole
// number of 32×32 tiles (tt-metal's tiled layout, 16×16 faces).
// `sides` names the two reads (a diff of two logs says "B" and "A").
struct Sides {
    const char* first = "replay";    // the `replay` argument of CompareRead
    const char* second = "capture";  // its `capture`
};
std::vector<std::string> DescribeMismatch(const Comparison& c, Sides sides = {});

// The datums of whole Bfp8_b or Bfp4_b tiles as floats, in the tiles' own order (faces, then rows, then columns).
std::vector<float> UnpackBlockFloat(const std::uint8_t* bytes, std::uint64_t tiles, Dtype type);
// Bytes of one tile of a block float.
std::uint64_t BlockFloatTileBytes(Dtype type);

}  // namespace ltcap
