// v0.67.0's exported host helper types: bfloat16 and its vector helpers, Tile, the tilize helpers (instantiated for
// the types tt-metal exports), DataFormat's text forms, DispatchCoreConfig's hash, MemoryPin and HostBuffer.
#include <bit>
#include <cstring>
#include <functional>
#include <random>

#include <tt-metalium/bfloat16.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/memory_pin.hpp>
#include <tt-metalium/tile.hpp>
#include <tt-metalium/tilize_utils.hpp>
#include <ttemu/float_compare.hpp>
#include <ttemu/tile_layout.hpp>

#include "emu/core/device_model.h"
#include "emu/core/errors.h"

// ---- bfloat16

bfloat16 bfloat16::truncate(float float_num) {
    return std::bit_cast<bfloat16>(static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(float_num) >> 16));
}

// Round to nearest, ties to even; a NaN stays a (quiet) NaN.
std::uint16_t bfloat16::from_float(float val) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(val);
    if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0)
        return static_cast<std::uint16_t>((bits >> 16) | 0x0040u);
    const std::uint32_t rounding = 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<std::uint16_t>((bits + rounding) >> 16);
}

bfloat16& bfloat16::operator+=(bfloat16 rhs) noexcept { return *this = *this + rhs; }
bfloat16& bfloat16::operator-=(bfloat16 rhs) noexcept { return *this = *this - rhs; }
bfloat16& bfloat16::operator*=(bfloat16 rhs) noexcept { return *this = *this * rhs; }
bfloat16& bfloat16::operator/=(bfloat16 rhs) noexcept { return *this = *this / rhs; }
bfloat16 bfloat16::operator+(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) + static_cast<float>(rhs)); }
bfloat16 bfloat16::operator-(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) - static_cast<float>(rhs)); }
bfloat16 bfloat16::operator*(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) * static_cast<float>(rhs)); }
bfloat16 bfloat16::operator/(bfloat16 rhs) const { return bfloat16(static_cast<float>(*this) / static_cast<float>(rhs)); }

namespace {
std::uint16_t Bits(bfloat16 v) { return std::bit_cast<std::uint16_t>(v); }
}  // namespace

std::ostream& operator<<(std::ostream& os, const bfloat16& v) { return os << Bits(v); }

bool operator==(const std::vector<bfloat16>& lhs, const std::vector<bfloat16>& rhs) {
    if (lhs.size() != rhs.size()) return false;
    for (std::size_t i = 0; i < lhs.size(); i++)
        if (Bits(lhs[i]) != Bits(rhs[i])) return false;
    return true;
}

std::uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two) {
    return std::uint32_t(Bits(two.first)) | (std::uint32_t(Bits(two.second)) << 16);
}

std::vector<bfloat16> create_random_vector_of_bfloat16_native(std::size_t num_bytes, float rand_max_float, int seed,
                                                               float offset) {
    auto next = std::bind(std::uniform_real_distribution<float>(0, rand_max_float), std::mt19937(seed));
    std::vector<bfloat16> out(num_bytes / sizeof(bfloat16));
    for (auto& v : out) v = bfloat16(next() + offset);
    return out;
}

std::vector<std::uint32_t> create_random_vector_of_bfloat16(std::size_t num_bytes, int rand_max_float, int seed,
                                                            float offset) {
    auto next = std::bind(std::uniform_real_distribution<float>(0, rand_max_float), std::mt19937(seed));
    std::vector<std::uint32_t> out(num_bytes / sizeof(std::uint32_t));
    for (auto& word : out) {
        const bfloat16 low(next() + offset);
        const bfloat16 high(next() + offset);
        word = pack_two_bfloat16_into_uint32({low, high});
    }
    return out;
}

std::vector<std::uint32_t> create_constant_vector_of_bfloat16(std::size_t num_bytes, float value) {
    const std::size_t words = std::max<std::size_t>(1, num_bytes / sizeof(std::uint32_t));
    const bfloat16 v(value), second = words == 1 ? bfloat16(0.0f) : v;
    return std::vector<std::uint32_t>(words, pack_two_bfloat16_into_uint32({v, second}));
}

std::vector<bfloat16> create_identity_matrix(int rows, int cols, int num_ones) {
    if (rows < 0 || cols < 0) ttemu::Throw("create_identity_matrix: a ", rows, "x", cols, " matrix");
    std::vector<bfloat16> out(std::size_t(rows) * std::size_t(cols), bfloat16(0.0f));
    for (int i = 0; i < num_ones; i++) out.at(std::size_t(i) * cols + i) = bfloat16(1.0f);
    return out;
}

std::vector<std::uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16>& data) {
    std::vector<std::uint32_t> out(data.size() / 2);
    std::memcpy(out.data(), data.data(), out.size() * sizeof(std::uint32_t));
    return out;
}

bfloat16 bfloat16_identity_transform(const bfloat16& input) { return input; }

std::vector<bfloat16> unpack_uint32_vec_into_bfloat16_vec(const std::vector<std::uint32_t>& data,
                                                          const std::function<bfloat16(const bfloat16&)>& transform) {
    std::vector<bfloat16> out;
    out.reserve(data.size() * 2);
    for (std::uint32_t word : data) {
        out.push_back(transform(std::bit_cast<bfloat16>(static_cast<std::uint16_t>(word & 0xffff))));
        out.push_back(transform(std::bit_cast<bfloat16>(static_cast<std::uint16_t>(word >> 16))));
    }
    return out;
}

bool equal_within_n_sig_figs(float a, float b, int n) { return ttemu::EqualWithinSigFigs(a, b, n); }
bool is_close(float a, float b, float rtol, float atol) { return ttemu::IsClose(a, b, rtol, atol); }

// ---- DataFormat

namespace tt {
bool is_integer_format(DataFormat f) {
    switch (f) {
        case DataFormat::Int8: case DataFormat::UInt8: case DataFormat::UInt16: case DataFormat::Int32:
        case DataFormat::UInt32: case DataFormat::RawUInt8: case DataFormat::RawUInt16: case DataFormat::RawUInt32:
            return true;
        default: return false;
    }
}

namespace {
const char* FormatName(DataFormat f) {
    switch (f) {
        case DataFormat::Float32: return "Float32";
        case DataFormat::Float16: return "Float16";
        case DataFormat::Bfp8: return "Bfp8";
        case DataFormat::Bfp4: return "Bfp4";
        case DataFormat::Bfp2: return "Bfp2";
        case DataFormat::Float16_b: return "Float16_b";
        case DataFormat::Bfp8_b: return "Bfp8_b";
        case DataFormat::Bfp4_b: return "Bfp4_b";
        case DataFormat::Bfp2_b: return "Bfp2_b";
        case DataFormat::Lf8: return "Lf8";
        case DataFormat::Fp8_e4m3: return "Fp8_e4m3";
        case DataFormat::Int8: return "Int8";
        case DataFormat::Tf32: return "Tf32";
        case DataFormat::UInt8: return "UInt8";
        case DataFormat::UInt16: return "UInt16";
        case DataFormat::Int32: return "Int32";
        case DataFormat::UInt32: return "UInt32";
        case DataFormat::RawUInt8: return "RawUInt8";
        case DataFormat::RawUInt16: return "RawUInt16";
        case DataFormat::RawUInt32: return "RawUInt32";
        case DataFormat::Invalid: return "Invalid";
    }
    return "Unknown";
}
}  // namespace

std::ostream& operator<<(std::ostream& os, const DataFormat& format) { return os << FormatName(format); }
}  // namespace tt

auto fmt::formatter<tt::DataFormat>::format(tt::DataFormat df, format_context& ctx) const
    -> format_context::iterator {
    return formatter<string_view>::format(tt::FormatName(df), ctx);
}

// ---- DispatchCoreConfig

namespace tt::tt_metal {
DispatchCoreAxis DispatchCoreConfig::get_default_axis() { return DispatchCoreAxis::ROW; }
}  // namespace tt::tt_metal

std::size_t std::hash<tt::tt_metal::DispatchCoreConfig>::operator()(
    const tt::tt_metal::DispatchCoreConfig& config) const {
    return (static_cast<std::size_t>(config.get_dispatch_core_type()) << 4) ^
           static_cast<std::size_t>(config.get_dispatch_core_axis());
}

// ---- Tile

namespace tt::tt_metal {

Tile::Tile(std::array<std::uint32_t, 2> shape, bool transpose_tile) : tile_shape(shape) {
    // The tile shapes the hardware supports: heights 1, 2, 4, 8, 16, 32 by widths 16 and 32 (faces of at most
    // 16 × 16), as tt-metal's table lists them.
    const std::uint32_t h = shape[0], w = shape[1];
    const bool height_ok = h == 1 || h == 2 || h == 4 || h == 8 || h == 16 || h == 32;
    if (!height_ok || (w != 16 && w != 32)) ttemu::Throw("Tile size is not valid for our hardware");
    face_shape = {std::min<std::uint32_t>(h, constants::FACE_HEIGHT), constants::FACE_WIDTH};
    transpose_within_face = transpose_of_faces = transpose_tile;
    if (transpose_tile && h != constants::FACE_HEIGHT && h != constants::TILE_HEIGHT)
        ttemu::Throw("Tile height must equal 16 or 32 in transpose mode");
    tile_hw = h * w;
    face_hw = face_shape[0] * face_shape[1];
    num_faces = tile_hw / face_hw;
    partial_face = h < constants::TILE_HEIGHT;
    narrow_tile = w < constants::TILE_WIDTH;
}

std::uint32_t Tile::get_tile_size(const DataFormat& format) const {
    const std::uint32_t exponents = (face_shape[0] * num_faces + ttemu::kL1Alignment - 1) / ttemu::kL1Alignment *
                                    ttemu::kL1Alignment;
    switch (format) {
        case DataFormat::Bfp2: case DataFormat::Bfp2_b: return tile_hw / 4 + exponents;
        case DataFormat::Bfp4: case DataFormat::Bfp4_b: return tile_hw / 2 + exponents;
        case DataFormat::Bfp8: case DataFormat::Bfp8_b: return tile_hw + exponents;
        case DataFormat::Tf32: throw std::invalid_argument("TF32 unsupported atm");
        case DataFormat::Invalid: throw std::invalid_argument("Invalid data format");
        default: return tile_hw * datum_size(format);
    }
}

bool Tile::operator==(const Tile& other) const {
    return tile_shape == other.tile_shape && face_shape == other.face_shape &&
           transpose_within_face == other.transpose_within_face && transpose_of_faces == other.transpose_of_faces;
}

std::ostream& operator<<(std::ostream& os, const Tile& tile) {
    return os << "Tile(tile_shape={" << tile.get_height() << ", " << tile.get_width() << "}, face_shape={"
              << tile.get_face_shape()[0] << ", " << tile.get_face_shape()[1] << "}, num_faces=" << tile.get_num_faces()
              << ")";
}

}  // namespace tt::tt_metal

// ---- tilize helpers

std::ostream& operator<<(std::ostream& os, TensorLayoutType layout) {
    switch (layout) {
        case TensorLayoutType::LIN_ROW_MAJOR: return os << "LIN_ROW_MAJOR";
        case TensorLayoutType::TILED_SWIZZLED: return os << "TILED_SWIZZLED";
        case TensorLayoutType::TILED_NFACES: return os << "TILED_NFACES";
    }
    return os << "UNKNOWN";
}

TensAddr::TensAddr(const std::vector<std::uint32_t>& shape) : sh(shape) {}
std::uint32_t TensAddr::numel() const {
    std::uint32_t n = 1;
    for (std::uint32_t d : sh) n *= d;
    return n;
}
int TensAddr::offs(int n, int c, int h, int w) {
    if (sh.size() != 4 || std::uint32_t(n) >= sh[0] || std::uint32_t(c) >= sh[1] || std::uint32_t(h) >= sh[2] ||
        std::uint32_t(w) >= sh[3])
        ttemu::Throw("TensAddr::offs: (", n, ", ", c, ", ", h, ", ", w, ") is outside the tensor");
    return int(((n * sh[1] + c) * sh[2] + h) * sh[3] + w);
}

std::uint32_t round_up_to_mul16(std::uint32_t val) { return (val + 15) & ~15u; }
std::uint32_t round_up_to_mul32(std::uint32_t val) { return (val + 31) & ~31u; }
std::uint32_t round_up_to_tile(int val, int tile_val) { return (val + tile_val - 1) & ~(tile_val - 1); }

namespace {
namespace tiles = ttemu::tiles;
using L = TensorLayoutType;

// Every conversion as v0.67.0 does it: any number of whole H × W matrices; n-faces tiles read back with the exact
// inverse of how they were written.
template <typename T>
std::vector<T> Convert(ttsl::Span<const T> in, const PhysicalSize& shape, L from, L to,
                       std::optional<PhysicalSize> tile_shape, std::optional<PhysicalSize> face_shape,
                       bool transpose_within_face, bool transpose_of_faces) {
    if (in.size() == 0) return {};
    const auto g = tiles::Geometry(tile_shape, face_shape);
    const std::uint32_t h = shape[0], w = shape[1];
    auto row_major_to_swizzled = [&](const T* data, std::size_t n) {
        return tiles::Untilize<T>(data, n, h, w, g, true, true);
    };
    auto swizzled_to_row_major = [&](const T* data, std::size_t n) {
        return tiles::Untilize<T>(data, n, h, w, g, false, true);
    };
    if (from == L::TILED_SWIZZLED && to == L::TILED_NFACES)
        return tiles::ToNFaces<T>(in.data(), in.size(), g, transpose_within_face, transpose_of_faces);
    if (from == L::TILED_SWIZZLED && to == L::LIN_ROW_MAJOR) return swizzled_to_row_major(in.data(), in.size());
    if (from == L::LIN_ROW_MAJOR && to == L::TILED_SWIZZLED) return row_major_to_swizzled(in.data(), in.size());
    if (from == L::LIN_ROW_MAJOR && to == L::TILED_NFACES) {
        const auto swizzled = row_major_to_swizzled(in.data(), in.size());
        return tiles::ToNFaces<T>(swizzled.data(), swizzled.size(), g, transpose_within_face, transpose_of_faces);
    }
    if (from == L::TILED_NFACES && to == L::TILED_SWIZZLED)
        return tiles::FromNFaces<T>(in.data(), in.size(), g, transpose_within_face, transpose_of_faces);
    if (from == L::TILED_NFACES && to == L::LIN_ROW_MAJOR) {
        const auto swizzled = tiles::FromNFaces<T>(in.data(), in.size(), g, transpose_within_face, transpose_of_faces);
        return swizzled_to_row_major(swizzled.data(), swizzled.size());
    }
    return {};
}

template <typename T>
void CheckMatrix(const std::vector<T>& input, std::uint32_t m, std::uint32_t n) {
    if (input.empty() || m == 0 || n == 0) ttemu::Throw("None of the input size, m, nor n can be 0");
    if (input.size() % (std::size_t(m) * n)) ttemu::Throw("Input size must be divisible by m  and n");
}
}  // namespace

template <class T>
std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces(ttsl::Span<const T> in, std::optional<PhysicalSize> tile_shape,
                                                           std::optional<PhysicalSize> face_shape, bool transpose_face,
                                                           bool transpose_face_order) {
    return tiles::ToNFaces<T>(in.data(), in.size(), tiles::Geometry(tile_shape, face_shape), transpose_face,
                              transpose_face_order);
}
template <class T>
std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled(ttsl::Span<const T> in, std::optional<PhysicalSize> tile_shape,
                                                           std::optional<PhysicalSize> face_shape, bool transpose_face,
                                                           bool transpose_face_order) {
    return tiles::FromNFaces<T>(in.data(), in.size(), tiles::Geometry(tile_shape, face_shape), transpose_face,
                                transpose_face_order);
}
template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, const PhysicalSize& shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape,
                              std::optional<PhysicalSize> face_shape, bool transpose_within_face,
                              bool transpose_of_faces) {
    return Convert<T>(inp, shape, inL, outL, tile_shape, face_shape, transpose_within_face, transpose_of_faces);
}
template <typename T>
std::vector<T> convert_layout(ttsl::Span<const T> inp, ttsl::Span<const std::uint32_t> shape, TensorLayoutType inL,
                              TensorLayoutType outL, std::optional<PhysicalSize> tile_shape,
                              std::optional<PhysicalSize> face_shape, bool transpose_within_face,
                              bool transpose_of_faces) {
    if (shape.size() < 2) ttemu::Throw("Shape size ", shape.size(), " must be at least rank 2!");
    std::uint32_t h = shape[shape.size() - 2];
    for (std::size_t i = 0; i + 2 < shape.size(); i++) h *= shape[i];
    return Convert<T>(inp, PhysicalSize{h, shape[shape.size() - 1]}, inL, outL, tile_shape, face_shape,
                      transpose_within_face, transpose_of_faces);
}
template <typename T>
std::vector<T> tilize_swizzled(const std::vector<T>& input, std::uint32_t m, std::uint32_t n) {
    CheckMatrix(input, m, n);
    return Convert<T>(ttsl::Span<const T>(input), {m, n}, L::LIN_ROW_MAJOR, L::TILED_SWIZZLED, {}, {}, false, false);
}
template <typename T>
std::vector<T> untilize_swizzled(const std::vector<T>& input, std::uint32_t m, std::uint32_t n) {
    CheckMatrix(input, m, n);
    return Convert<T>(ttsl::Span<const T>(input), {m, n}, L::TILED_SWIZZLED, L::LIN_ROW_MAJOR, {}, {}, false, false);
}
template <typename T>
std::vector<T> tilize_nfaces(const std::vector<T>& input, std::uint32_t m, std::uint32_t n) {
    CheckMatrix(input, m, n);
    return Convert<T>(ttsl::Span<const T>(input), {m, n}, L::LIN_ROW_MAJOR, L::TILED_NFACES, {}, {}, false, false);
}
template <typename T>
std::vector<T> untilize_nfaces(const std::vector<T>& input, std::uint32_t m, std::uint32_t n) {
    CheckMatrix(input, m, n);
    return Convert<T>(ttsl::Span<const T>(input), {m, n}, L::TILED_NFACES, L::LIN_ROW_MAJOR, {}, {}, false, false);
}

#define TTEMU_FACES(T)                                                                                              \
    template std::vector<T> convert_layout_tile_swizzled_to_tile_nfaces<T>(                                         \
        ttsl::Span<const T>, std::optional<PhysicalSize>, std::optional<PhysicalSize>, bool, bool);                 \
    template std::vector<T> convert_layout_tile_nfaces_to_tile_swizzled<T>(                                         \
        ttsl::Span<const T>, std::optional<PhysicalSize>, std::optional<PhysicalSize>, bool, bool);
#define TTEMU_CONVERT(T)                                                                                            \
    template std::vector<T> convert_layout<T>(ttsl::Span<const T>, const PhysicalSize&, TensorLayoutType,           \
                                              TensorLayoutType, std::optional<PhysicalSize>,                        \
                                              std::optional<PhysicalSize>, bool, bool);                             \
    template std::vector<T> convert_layout<T>(ttsl::Span<const T>, ttsl::Span<const std::uint32_t>,                 \
                                              TensorLayoutType, TensorLayoutType, std::optional<PhysicalSize>,      \
                                              std::optional<PhysicalSize>, bool, bool);
#define TTEMU_TILIZE(T)                                                                                             \
    template std::vector<T> tilize_swizzled<T>(const std::vector<T>&, std::uint32_t, std::uint32_t);                \
    template std::vector<T> untilize_swizzled<T>(const std::vector<T>&, std::uint32_t, std::uint32_t);              \
    template std::vector<T> tilize_nfaces<T>(const std::vector<T>&, std::uint32_t, std::uint32_t);                  \
    template std::vector<T> untilize_nfaces<T>(const std::vector<T>&, std::uint32_t, std::uint32_t);
TTEMU_FACES(float)
TTEMU_FACES(std::uint16_t)
TTEMU_FACES(std::uint32_t)
TTEMU_FACES(bfloat16)
TTEMU_CONVERT(float)
TTEMU_CONVERT(int)
TTEMU_CONVERT(std::uint8_t)
TTEMU_CONVERT(std::uint16_t)
TTEMU_CONVERT(std::uint32_t)
TTEMU_CONVERT(bfloat16)
TTEMU_TILIZE(std::uint16_t)
TTEMU_TILIZE(std::uint32_t)
TTEMU_TILIZE(bfloat16)
TTEMU_TILIZE(float)

// ---- MemoryPin and HostBuffer

namespace tt::tt_metal {

MemoryPin::MemoryPin(std::function<void()> increment_ref_count, std::function<void()> decrement_ref_count)
    : inc_(std::move(increment_ref_count)), dec_(std::move(decrement_ref_count)) {
    maybe_increment();
}
// The owner lives as long as any copy of the pin: every copy holds the one callback that holds it (one reference a
// pin, as tt-metal's: a program may count them).
MemoryPin::MemoryPin(std::shared_ptr<void> resource) : inc_([] {}), dec_([resource = std::move(resource)] {}) {}
MemoryPin::~MemoryPin() { maybe_decrement(); }
MemoryPin::MemoryPin(const MemoryPin& other) : inc_(other.inc_), dec_(other.dec_) { maybe_increment(); }
MemoryPin& MemoryPin::operator=(const MemoryPin& other) {
    if (this != &other) {
        maybe_decrement();
        inc_ = other.inc_;
        dec_ = other.dec_;
        maybe_increment();
    }
    return *this;
}
MemoryPin::MemoryPin(MemoryPin&& other) noexcept : inc_(std::move(other.inc_)), dec_(std::move(other.dec_)) {
    other.inc_ = nullptr;
    other.dec_ = nullptr;
}
MemoryPin& MemoryPin::operator=(MemoryPin&& other) noexcept {
    if (this != &other) {
        maybe_decrement();
        inc_ = std::move(other.inc_);
        dec_ = std::move(other.dec_);
        other.inc_ = nullptr;
        other.dec_ = nullptr;
    }
    return *this;
}
void MemoryPin::maybe_increment() {
    if (inc_) inc_();
}
void MemoryPin::maybe_decrement() {
    if (dec_) dec_();
}
bool operator==(const MemoryPin& pin, std::nullptr_t) noexcept { return !pin.inc_ && !pin.dec_; }
bool operator==(std::nullptr_t, const MemoryPin& pin) noexcept { return pin == nullptr; }
bool operator!=(const MemoryPin& pin, std::nullptr_t) noexcept { return !(pin == nullptr); }
bool operator!=(std::nullptr_t, const MemoryPin& pin) noexcept { return !(pin == nullptr); }

HostBuffer::HostBuffer() : type_info_(&typeid(std::byte)) {}
HostBuffer::HostBuffer(const HostBuffer& other) = default;
HostBuffer& HostBuffer::operator=(const HostBuffer& other) = default;
HostBuffer::HostBuffer(HostBuffer&& other) noexcept = default;
HostBuffer& HostBuffer::operator=(HostBuffer&& other) noexcept = default;
void HostBuffer::swap(HostBuffer& other) noexcept {
    std::swap(pin_, other.pin_);
    std::swap(view_, other.view_);
    std::swap(type_info_, other.type_info_);
    std::swap(pinned_memory_, other.pinned_memory_);
}
ttsl::Span<std::byte> HostBuffer::view_bytes() & noexcept { return view_; }
ttsl::Span<const std::byte> HostBuffer::view_bytes() const& noexcept { return {view_.data(), view_.size()}; }
bool operator==(const HostBuffer& a, const HostBuffer& b) noexcept {
    const auto x = a.view_bytes(), y = b.view_bytes();
    return x.size() == y.size() && (x.data() == y.data() || std::memcmp(x.data(), y.data(), x.size()) == 0);
}
bool operator!=(const HostBuffer& a, const HostBuffer& b) noexcept { return !(a == b); }
void swap(HostBuffer& lhs, HostBuffer& rhs) noexcept { lhs.swap(rhs); }

}  // namespace tt::tt_metal
