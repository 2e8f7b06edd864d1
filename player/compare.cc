#include "player/compare.h"

#include <cmath>
#include <cstdio>

#include "schema/values/data.h"

namespace ltcap {
namespace {

bool IsFloat(schema::ElementType t) { return t == schema::ElementType::FLOAT32 || t == schema::ElementType::BFLOAT16; }

// Where element `i` of tiled data sits: "tile 3, row 17, col 4" (tiles of 32×32, each four 16×16 faces in order).
std::string TilePosition(std::uint64_t i) {
    const std::uint64_t tile = i / 1024, in_tile = i % 1024, face = in_tile / 256, in_face = in_tile % 256;
    const std::uint64_t row = face / 2 * 16 + in_face / 16, col = face % 2 * 16 + in_face % 16;
    return "tile " + std::to_string(tile) + ", row " + std::to_string(row) + ", col " + std::to_string(col);
}

}  // namespace

bool ToleranceApplies(schema::ElementType type, const CompareOptions& options) {
    return (options.atol > 0 || options.rtol > 0) && IsFloat(options.dtype ? *options.dtype : type);
}

Comparison CompareRead(const std::vector<std::uint8_t>& replay, const std::uint8_t* capture, std::uint64_t capture_bytes,
                       schema::ElementType type, const CompareOptions& options) {
    Comparison c;
    c.type = options.dtype ? *options.dtype : type;
    if (c.type == schema::ElementType::RAW_POINTER) c.type = schema::ElementType::BYTES;
    c.replay_bytes = replay.size();
    c.capture_bytes = capture_bytes;
    const unsigned size = values::ElementBytes(c.type);
    const std::uint64_t bytes = std::min<std::uint64_t>(replay.size(), capture_bytes);
    c.elements = bytes / size;
    const bool tolerant = IsFloat(c.type) && (options.atol > 0 || options.rtol > 0);
    auto differs = [&](std::uint64_t i) {
        const std::uint64_t at = i * size;
        const std::uint64_t n = std::min<std::uint64_t>(size, bytes - at);
        for (std::uint64_t b = 0; b < n; b++)
            if (replay[at + b] != capture[at + b]) return true;
        return false;
    };
    // A trailing part of an element (sizes that are not a whole number of elements) compares as bytes.
    const std::uint64_t compared = c.elements + (bytes % size ? 1 : 0);
    for (std::uint64_t i = 0; i < compared; i++) {
        if (!differs(i)) continue;
        const bool whole = i < c.elements;
        const schema::ElementType shown_as = whole ? c.type : schema::ElementType::BYTES;
        const std::uint64_t at = whole ? i : i * size;  // index in shown_as units
        if (whole && IsFloat(c.type)) {
            const double r = values::ElementValue(replay.data(), i, c.type), k = values::ElementValue(capture, i, c.type);
            const double d = std::fabs(r - k);
            if (!(d <= c.largest)) {  // NaN on either side counts as the largest
                c.largest = std::isnan(d) ? INFINITY : d;
                c.largest_at = i;
            }
            if (tolerant && !std::isnan(d) && d <= options.atol + options.rtol * std::fabs(k)) {
                c.tolerated++;
                continue;
            }
        }
        c.differ++;
        if (c.first.size() < options.shown)
            c.first.push_back({i, values::PrintElement(replay.data(), at, shown_as), values::PrintElement(capture, at, shown_as)});
    }
    return c;
}

std::vector<std::string> DescribeMismatch(const Comparison& c) {
    std::vector<std::string> lines;
    // "bfloat16 elements", or plain "bytes".
    const std::string type = c.type == schema::ElementType::BYTES ? "bytes" : values::EnumName(c.type) + " elements";
    std::string head;
    if (c.SizesDiffer())
        head = "the replay read " + std::to_string(c.replay_bytes) + " bytes, the capture recorded " +
               std::to_string(c.capture_bytes) + "; " + std::to_string(c.differ) + " of the " +
               std::to_string(c.elements) + " " + type + " both have differ";
    else
        head = std::to_string(c.differ) + " of " + std::to_string(c.elements) + " " + type + " differ";
    if (c.tolerated) head += " beyond the tolerance (" + std::to_string(c.tolerated) + " more within it)";
    if (IsFloat(c.type) && (c.differ || c.tolerated)) {
        char largest[64];
        std::snprintf(largest, sizeof largest, "%.7g", c.largest);
        head += std::string("; largest difference ") + largest + " at [" + std::to_string(c.largest_at) + "]";
    }
    lines.push_back(head);
    const unsigned size = values::ElementBytes(c.type);
    const bool tiled = size > 1 && c.capture_bytes % (1024ull * size) == 0 && c.capture_bytes;
    for (const auto& d : c.first)
        lines.push_back("[" + std::to_string(d.index) + "]" + (tiled && d.index < c.elements ? " (" + TilePosition(d.index) + ")" : "") +
                        ": replay " + d.replay + ", capture " + d.capture);
    if (c.differ > c.first.size()) lines.push_back("… " + std::to_string(c.differ - c.first.size()) + " more");
    return lines;
}

}  // namespace ltcap
