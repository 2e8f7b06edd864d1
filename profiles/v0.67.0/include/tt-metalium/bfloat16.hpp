// bfloat16 as tt-metal v0.67.0 defines it: a 16-bit value that converts from any arithmetic type by rounding to
// nearest even (NaN stays NaN) and to float exactly; comparisons and arithmetic go through float. The rounding, the
// arithmetic and the helpers below are exported by libtt_metal.so.
//   bfloat16 x = 1.5f;  float f = x;  std::vector<bfloat16> v = create_random_vector_of_bfloat16_native(4096, 1, 7);
#pragma once

#include <bit>
#include <compare>
#include <cstdint>
#include <cstring>
#include <functional>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

class bfloat16 {
private:
    std::uint16_t uint16_data;

public:
    constexpr bfloat16() = default;
    template <class T>
        requires std::is_arithmetic_v<T>
    constexpr bfloat16(T v) noexcept : uint16_data(from_float(static_cast<float>(v))) {}

    // The upper 16 bits of the float, without rounding.
    static bfloat16 truncate(float float_num);

    constexpr operator float() const { return std::bit_cast<float>(static_cast<std::uint32_t>(uint16_data) << 16); }

    constexpr bool operator==(bfloat16 rhs) const { return static_cast<float>(*this) == static_cast<float>(rhs); }
    constexpr std::partial_ordering operator<=>(bfloat16 rhs) const noexcept {
        return static_cast<float>(*this) <=> static_cast<float>(rhs);
    }

    bfloat16& operator+=(bfloat16 rhs) noexcept;
    bfloat16& operator-=(bfloat16 rhs) noexcept;
    bfloat16& operator*=(bfloat16 rhs) noexcept;
    bfloat16& operator/=(bfloat16 rhs) noexcept;
    bfloat16 operator+(bfloat16 rhs) const;
    bfloat16 operator-(bfloat16 rhs) const;
    bfloat16 operator*(bfloat16 rhs) const;
    bfloat16 operator/(bfloat16 rhs) const;

private:
    std::uint16_t from_float(float val);
};

// The bits, as a decimal number.
std::ostream& operator<<(std::ostream& os, const bfloat16& bfp16);
// Bitwise equal, element by element.
bool operator==(const std::vector<bfloat16>& lhs, const std::vector<bfloat16>& rhs);

// first in the low 16 bits, second in the high 16 bits.
std::uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two_bfloats);
// num_bytes / 2 values uniform in [offset, rand_max_float + offset), from std::mt19937(seed).
std::vector<bfloat16> create_random_vector_of_bfloat16_native(std::size_t num_bytes, float rand_max_float, int seed,
                                                               float offset = 0.0f);
// The same, packed two to a word.
std::vector<std::uint32_t> create_random_vector_of_bfloat16(std::size_t num_bytes, int rand_max_float, int seed,
                                                            float offset = 0.0f);
// num_bytes / 4 words (at least one), each two copies of value; a single word holds value and 0.
std::vector<std::uint32_t> create_constant_vector_of_bfloat16(std::size_t num_bytes, float value);
// rows × cols zeros with 1 at (i, i) for i < num_ones.
std::vector<bfloat16> create_identity_matrix(int rows, int cols, int num_ones);
// Pairs of values into words (the size must be even), and back through `transform`.
std::vector<std::uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16>& data);
bfloat16 bfloat16_identity_transform(const bfloat16& input);
std::vector<bfloat16> unpack_uint32_vec_into_bfloat16_vec(
    const std::vector<std::uint32_t>& data,
    const std::function<bfloat16(const bfloat16&)>& transform = bfloat16_identity_transform);
// The first n significant digits of the printed values agree (a mismatch is reported on stdout).
bool equal_within_n_sig_figs(float a, float b, int n);
// numpy's isclose: within atol, or within rtol of the larger magnitude (a miss is reported on stdout).
bool is_close(float a, float b, float rtol = 0.01f, float atol = 0.001f);
