#include "player/compare.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace ltcap {
namespace {

// Bytes of one element of a type that is not a block float.
unsigned ElementSize(Dtype t) {
    switch (t) {
        case Dtype::uint16:
        case Dtype::bfloat16:
        case Dtype::float16:
            return 2;
        case Dtype::int32:
        case Dtype::uint32:
        case Dtype::float32:
            return 4;
        default:
            return 1;
    }
}

float HalfToFloat(std::uint16_t h) {
    const int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
    const float sign = (h & 0x8000) ? -1.0f : 1.0f;
    if (exponent == 0) return sign * std::ldexp(static_cast<float>(mantissa), -24);  // zero and subnormals
    if (exponent == 31) return mantissa ? NAN : sign * INFINITY;
    return sign * std::ldexp(static_cast<float>(mantissa | 0x400), exponent - 25);
}

// Element `i` of plain data, little-endian as the host wrote it.
double Element(const std::uint8_t* bytes, std::uint64_t i, Dtype t) {
    const std::uint8_t* p = bytes + i * ElementSize(t);
    std::uint16_t u16;
    std::uint32_t u32;
    float f;
    switch (t) {
        case Dtype::uint16:
            std::memcpy(&u16, p, 2);
            return u16;
        case Dtype::bfloat16:
            std::memcpy(&u16, p, 2);
            u32 = static_cast<std::uint32_t>(u16) << 16;
            std::memcpy(&f, &u32, 4);
            return f;
        case Dtype::float16:
            std::memcpy(&u16, p, 2);
            return HalfToFloat(u16);
        case Dtype::int32:
            std::memcpy(&u32, p, 4);
            return static_cast<std::int32_t>(u32);
        case Dtype::uint32:
            std::memcpy(&u32, p, 4);
            return u32;
        case Dtype::float32:
            std::memcpy(&f, p, 4);
            return f;
        default:
            return *p;
    }
}

std::string Print(double x, Dtype t) {
    char text[40];
    if (IsFloat(t))
        std::snprintf(text, sizeof text, "%.7g", x);
    else if (t == Dtype::bytes || t == Dtype::uint8)
        std::snprintf(text, sizeof text, "%02x", static_cast<unsigned>(x));
    else
        std::snprintf(text, sizeof text, "%.0f", x);
    return text;
}

// Where element `i` of tiled data sits: "tile 3, row 17, col 4" (tiles of 32×32, each four 16×16 faces in order).
std::string TilePosition(std::uint64_t i) {
    const std::uint64_t tile = i / 1024, in_tile = i % 1024, face = in_tile / 256, in_face = in_tile % 256;
    const std::uint64_t row = face / 2 * 16 + in_face / 16, col = face % 2 * 16 + in_face % 16;
    return "tile " + std::to_string(tile) + ", row " + std::to_string(row) + ", col " + std::to_string(col);
}

}  // namespace

std::uint64_t BlockFloatTileBytes(Dtype type) { return type == Dtype::bfp4_b ? 64 + 512 : 64 + 1024; }

// A tile: 64 exponents (one per row of 16 datums of a face), then the datums — a byte each for Bfp8_b (sign, 7-bit
// mantissa), a nibble each for Bfp4_b (sign, 3-bit mantissa; the lower nibble first). A datum is its mantissa as a
// fixed-point fraction with the binary point after the first bit, scaled by its row's exponent (bias 127).
std::vector<float> UnpackBlockFloat(const std::uint8_t* bytes, std::uint64_t tiles, Dtype type) {
    const bool four = type == Dtype::bfp4_b;
    const int mantissa_bits = four ? 3 : 7;
    std::vector<float> out(tiles * 1024);
    for (std::uint64_t t = 0; t < tiles; t++) {
        const std::uint8_t* tile = bytes + t * BlockFloatTileBytes(type);
        const std::uint8_t* datums = tile + 64;
        for (unsigned i = 0; i < 1024; i++) {
            const unsigned datum = four ? (datums[i / 2] >> (i % 2 * 4)) & 0xf : datums[i];
            const unsigned mantissa = datum & ((1u << mantissa_bits) - 1);
            const bool negative = datum >> mantissa_bits;
            const float magnitude =
                std::ldexp(static_cast<float>(mantissa), int(tile[i / 16]) - 127 - (mantissa_bits - 1));
            out[t * 1024 + i] = negative ? -magnitude : magnitude;
        }
    }
    return out;
}

bool ToleranceApplies(Dtype type, const CompareOptions& options) {
    return (options.atol > 0 || options.rtol > 0) && IsFloat(options.dtype ? *options.dtype : type);
}

Comparison CompareRead(const std::vector<std::uint8_t>& replay, const std::uint8_t* capture,
                       std::uint64_t capture_bytes, Dtype type, const CompareOptions& options) {
    Comparison c;
    c.type = options.dtype ? *options.dtype : type;
    c.replay_bytes = replay.size();
    c.capture_bytes = capture_bytes;
    const std::uint64_t bytes = std::min<std::uint64_t>(replay.size(), capture_bytes);
    // Block floats: whole tiles, unpacked; data of another size is compared as bytes.
    std::vector<float> replay_datums, capture_datums;
    if (IsBlockFloat(c.type)) {
        if (bytes % BlockFloatTileBytes(c.type)) {
            c.type = Dtype::bytes;
        } else {
            replay_datums = UnpackBlockFloat(replay.data(), bytes / BlockFloatTileBytes(c.type), c.type);
            capture_datums = UnpackBlockFloat(capture, bytes / BlockFloatTileBytes(c.type), c.type);
        }
    }
    const bool block = IsBlockFloat(c.type);
    const unsigned size = block ? 1 : ElementSize(c.type);
    c.elements = block ? replay_datums.size() : bytes / size;
    const bool tolerant = IsFloat(c.type) && (options.atol > 0 || options.rtol > 0);
    const auto differs = [&](std::uint64_t i) {
        if (block) return std::memcmp(&replay_datums[i], &capture_datums[i], sizeof(float)) != 0;
        const std::uint64_t at = i * size, n = std::min<std::uint64_t>(size, bytes - at);
        return std::memcmp(replay.data() + at, capture + at, n) != 0;
    };
    const auto value = [&](bool of_replay, std::uint64_t i) -> double {
        if (block) return of_replay ? replay_datums[i] : capture_datums[i];
        return Element(of_replay ? replay.data() : capture, i, c.type);
    };
    // A trailing part of an element (sizes that are not a whole number of elements) compares as bytes.
    const std::uint64_t compared = c.elements + (!block && bytes % size ? 1 : 0);
    for (std::uint64_t i = 0; i < compared; i++) {
        if (!differs(i)) continue;
        const bool whole = i < c.elements;
        if (whole && IsFloat(c.type)) {
            const double r = value(true, i), k = value(false, i);
            const double d = std::fabs(r - k);
            if (!(d <= c.largest)) {  // NaN on either side counts as the largest
                c.largest = std::isnan(d) ? INFINITY : d;
                c.largest_at = i;
            }
            c.total += std::isnan(d) ? INFINITY : d;
            if (tolerant && !std::isnan(d) && d <= options.atol + options.rtol * std::fabs(k)) {
                c.tolerated++;
                continue;
            }
        }
        c.differ++;
        if (c.first.size() >= options.shown) continue;
        if (whole) {
            c.first.push_back({i, Print(value(true, i), c.type), Print(value(false, i), c.type)});
        } else {  // the trailing part of an element: its first byte
            const std::uint64_t at = i * size;
            c.first.push_back({i, Print(replay[at], Dtype::bytes), Print(capture[at], Dtype::bytes)});
        }
    }
    // Block-float bytes can differ where no datum's value does (a shared exponent over zeros): they are reported as
    // bytes, never passed.
    if (block && !c.differ && !c.tolerated && std::memcmp(replay.data(), capture, bytes) != 0) {
        CompareOptions as_bytes = options;
        as_bytes.dtype = Dtype::bytes;
        return CompareRead(replay, capture, capture_bytes, Dtype::bytes, as_bytes);
    }
    return c;
}

std::vector<std::string> DescribeMismatch(const Comparison& c, Sides sides) {
    std::vector<std::string> lines;
    // "bfloat16 elements", or plain "bytes".
    const std::string type = c.type == Dtype::bytes ? "bytes" : std::string(DtypeName(c.type)) + " elements";
    std::string head;
    if (c.SizesDiffer())
        head = std::string("the sizes differ: ") + sides.first + " " + std::to_string(c.replay_bytes) + " bytes, " +
               sides.second + " " + std::to_string(c.capture_bytes) + "; " + std::to_string(c.differ) + " of the " +
               std::to_string(c.elements) + " " + type + " both have differ";
    else
        head = std::to_string(c.differ) + " of " + std::to_string(c.elements) + " " + type + " differ";
    if (c.tolerated) head += " beyond the tolerance (" + std::to_string(c.tolerated) + " more within it)";
    if (IsFloat(c.type) && (c.differ || c.tolerated)) {
        char numbers[96];
        std::snprintf(numbers, sizeof numbers, "; largest difference %.7g at [%llu], mean %.3g", c.largest,
                      static_cast<unsigned long long>(c.largest_at), c.elements ? c.total / c.elements : 0.0);
        head += numbers;
    }
    lines.push_back(head);
    const bool tiled = IsBlockFloat(c.type) || (ElementSize(c.type) > 1 && c.capture_bytes &&
                                                c.capture_bytes % (1024ull * ElementSize(c.type)) == 0);
    for (const auto& d : c.first)
        lines.push_back("[" + std::to_string(d.index) + "]" +
                        (tiled && d.index < c.elements ? " (" + TilePosition(d.index) + ")" : "") + ": " + sides.first +
                        " " + d.replay + ", " + sides.second + " " + d.capture);
    if (c.differ > c.first.size()) lines.push_back("… " + std::to_string(c.differ - c.first.size()) + " more");
    return lines;
}

}  // namespace ltcap
