// bfloat16 and the packing, random-vector, printing and comparison helpers tt-metal programs use (global
// namespace, all inline), with v0.56.0's behaviour: conversion from float truncates to the top 16 bits; the
// integer constructors keep the low 16 bits as the value's bits; every constructor is implicit; printing a
// bfloat16 prints its bits; pairs pack first value → low half-word.
//   std::vector<uint32_t> src = create_random_vector_of_bfloat16(bytes, 100, seed);
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "assert.hpp"
#include <ttemu/float_compare.hpp>

#include "tracy/Tracy.hpp"

class bfloat16 {
public:
    static constexpr std::size_t SIZEOF = 2;
    bfloat16() = default;
    bfloat16(float f) {
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        bits_ = static_cast<std::uint16_t>(u >> 16);
    }
    bfloat16(std::uint32_t bits) : bits_(static_cast<std::uint16_t>(bits)) {}
    bfloat16(std::uint16_t bits) : bits_(bits) {}
    bfloat16(int bits) : bits_(static_cast<std::uint16_t>(bits)) {}
    float to_float() const {
        std::uint32_t u = std::uint32_t(bits_) << 16;
        float f;
        std::memcpy(&f, &u, 4);
        return f;
    }
    std::uint16_t to_packed() const { return bits_; }
    std::uint16_t to_uint16() const { return bits_; }
    bool operator==(const bfloat16 o) const { return bits_ == o.bits_; }
    bool operator!=(const bfloat16 o) const { return bits_ != o.bits_; }
    // The product of the two values as floats, truncated back to bfloat16.
    bfloat16 operator*(const bfloat16 o) const { return bfloat16(to_float() * o.to_float()); }

private:
    std::uint16_t bits_;
};
static_assert(sizeof(bfloat16) == 2);

inline std::ostream& operator<<(std::ostream& os, const bfloat16& v) { return os << v.to_uint16(); }

// Same length and the same bits everywhere.
inline bool operator==(const std::vector<bfloat16>& a, const std::vector<bfloat16>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); i++)
        if (a[i].to_uint16() != b[i].to_uint16()) return false;
    return true;
}

inline std::uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two) {
    return std::uint32_t(two.first.to_uint16()) | (std::uint32_t(two.second.to_uint16()) << 16);
}
inline std::pair<bfloat16, bfloat16> unpack_two_bfloat16_from_uint32(std::uint32_t packed) {
    return {bfloat16(std::uint16_t(packed & 0xffff)), bfloat16(std::uint16_t(packed >> 16))};
}

// num_bytes / 4 words holding 0, 1, 2, ... (print: each pair is also written to stdout).
inline std::vector<std::uint32_t> create_arange_vector_of_bfloat16(std::uint32_t num_bytes, bool print = true) {
    std::vector<std::uint32_t> out(num_bytes / sizeof(std::uint32_t));
    for (std::size_t i = 0; i < out.size(); i++) {
        const float lo = float(2 * i), hi = float(2 * i + 1);
        if (print)
            std::cout << "num_1_float: " << lo << ", num_1_bfloat16 : " << bfloat16(lo).to_float()
                      << ", \t\tnum_2_float: " << hi << ", num_2_bfloat16 : " << bfloat16(hi).to_float() << std::endl;
        out[i] = pack_two_bfloat16_into_uint32({bfloat16(lo), bfloat16(hi)});
    }
    return out;
}

// Uniform values in [offset, rand_max_float + offset), from mt19937(seed): num_bytes / 2 of them.
inline std::vector<bfloat16> create_random_vector_of_bfloat16_native(std::uint32_t num_bytes, float rand_max_float,
                                                                     int seed, float offset = 0.0f) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(0.0f, rand_max_float);
    std::vector<bfloat16> out(num_bytes / bfloat16::SIZEOF, bfloat16(0.0f));
    for (auto& v : out) v = bfloat16(dist(gen) + offset);
    return out;
}

// Every 128th pair of values, side by side.
inline void print_golden_metalium_vectors(std::vector<bfloat16>& golden_vec, std::vector<bfloat16>& result_vec) {
    std::cout << "-- index -- golden -- metalium --" << std::endl;
    for (std::size_t i = 0; i < result_vec.size(); i += 128)
        std::cout << "-- " << i << " -- " << golden_vec[i].to_float() << " <--> " << result_vec[i].to_float()
                  << std::endl;
}

// num_bytes / 4 words, each two values uniform in [offset, rand_max_float + offset), drawn low half first.
inline std::vector<std::uint32_t> create_random_vector_of_bfloat16(std::uint32_t num_bytes, int rand_max_float,
                                                                    int seed, float offset = 0.0f) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(0.0f, static_cast<float>(rand_max_float));
    std::vector<std::uint32_t> out(num_bytes / sizeof(std::uint32_t));
    for (auto& w : out) {
        const bfloat16 lo(dist(gen) + offset);
        const bfloat16 hi(dist(gen) + offset);
        w = pack_two_bfloat16_into_uint32({lo, hi});
    }
    return out;
}
// Values in [-1, 1) and in [0, 2): the range argument is an int, so 2.0f is passed as 2.
inline std::vector<std::uint32_t> create_random_vector_of_bfloat16_1_1(std::uint32_t num_bytes, int seed) {
    return create_random_vector_of_bfloat16(num_bytes, 2, seed, -1.0f);
}
inline std::vector<std::uint32_t> create_random_vector_of_bfloat16_0_2(std::uint32_t num_bytes, int seed) {
    return create_random_vector_of_bfloat16(num_bytes, 2, seed);
}

// num_bytes / 4 words of `value` — at least one word, and a single word holds `value` and 0.
inline std::vector<std::uint32_t> create_constant_vector_of_bfloat16(std::uint32_t num_bytes, float value) {
    const std::size_t words = std::max<std::size_t>(1, num_bytes / sizeof(std::uint32_t));
    const bfloat16 second = words == 1 ? bfloat16(0.0f) : bfloat16(value);
    return std::vector<std::uint32_t>(words, pack_two_bfloat16_into_uint32({bfloat16(value), second}));
}

// rows x cols zeros with ones on the first num_ones diagonal places.
inline std::vector<bfloat16> create_identity_matrix(int rows, int cols, int num_ones) {
    std::vector<bfloat16> out(std::size_t(rows) * std::size_t(cols), bfloat16(0.0f));
    for (int i = 0; i < num_ones; i++) out.at(std::size_t(i) * std::size_t(cols) + std::size_t(i)) = bfloat16(1.0f);
    return out;
}

// num_bytes / 4 words of values 0 or 1, each 1 when a uniform draw in [0, 1) exceeds 0.5.
inline std::vector<std::uint32_t> create_random_binary_vector_of_bfloat16(std::uint32_t num_bytes, int seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(0.0f, 1.0f);
    std::vector<std::uint32_t> out(num_bytes / sizeof(std::uint32_t));
    for (auto& w : out) {
        const float lo = dist(gen) > 0.5f ? 1.0f : 0.0f;
        const float hi = dist(gen) > 0.5f ? 1.0f : 0.0f;
        w = pack_two_bfloat16_into_uint32({bfloat16(lo), bfloat16(hi)});
    }
    return out;
}

inline std::vector<std::uint16_t> u16_from_u32_vector(const std::vector<std::uint32_t>& in) {
    std::vector<std::uint16_t> out(in.size() * 2);
    for (std::size_t i = 0; i < in.size(); i++) {
        out[2 * i] = std::uint16_t(in[i] & 0xffff);
        out[2 * i + 1] = std::uint16_t(in[i] >> 16);
    }
    return out;
}
inline std::vector<std::uint32_t> u32_from_u16_vector(const std::vector<std::uint16_t>& in) {
    TT_ASSERT(in.size() % 2 == 0);
    std::vector<std::uint32_t> out(in.size() / 2);
    for (std::size_t i = 0; i < out.size(); i++) out[i] = std::uint32_t(in[2 * i]) | (std::uint32_t(in[2 * i + 1]) << 16);
    return out;
}

// Tile printers: num_tiles tiles of 32 rows of 32 values, each tile under a "NAME tile N" line.
namespace ttemu_bf16_print {
template <typename Value>
inline void Tiles(int num_tiles, const std::string& name, int offset, std::size_t per_row, Value value) {
    std::size_t idx = 0;
    for (int t = 0; t < num_tiles; t++) {
        std::cout << name << " tile " << t + offset << std::endl;
        for (int r = 0; r < 32; r++) {
            for (std::size_t k = 0; k < per_row; k++) value(idx++);
            std::cout << std::endl;
        }
        std::cout << std::endl;
    }
}
}  // namespace ttemu_bf16_print

inline void print_vec_of_uint32_as_packed_bfloat16(const std::vector<std::uint32_t>& vec, int num_tiles,
                                                   std::string name = "", int tile_print_offset = 0) {
    ttemu_bf16_print::Tiles(num_tiles, name, tile_print_offset, 16, [&vec](std::size_t i) {
        const auto [lo, hi] = unpack_two_bfloat16_from_uint32(vec.at(i));
        std::cout << lo.to_float() << ", " << hi.to_float() << ", ";
    });
}
inline void print_vec_of_bfloat16(const std::vector<bfloat16>& vec, int num_tiles, std::string name = "",
                                  int tile_print_offset = 0) {
    ttemu_bf16_print::Tiles(num_tiles, name, tile_print_offset, 32,
                            [&vec](std::size_t i) { std::cout << vec.at(i).to_float() << ", "; });
}
inline void print_vec(const std::vector<std::uint32_t>& vec, int num_tiles, std::string name = "",
                      int tile_print_offset = 0) {
    ttemu_bf16_print::Tiles(num_tiles, name, tile_print_offset, 32,
                            [&vec](std::size_t i) { std::cout << vec.at(i) << ", "; });
}

inline std::vector<std::uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16>& data) {
    TT_ASSERT(data.size() % 2 == 0);
    std::vector<std::uint32_t> out(data.size() / 2);
    for (std::size_t i = 0; i < out.size(); i++) out[i] = pack_two_bfloat16_into_uint32({data[2 * i], data[2 * i + 1]});
    return out;
}

inline bfloat16 bfloat16_identity_transform(const bfloat16& input) { return input; }

// Both values of each word, low first, through `transform`.
inline std::vector<bfloat16> unpack_uint32_vec_into_bfloat16_vec(
    const std::vector<std::uint32_t>& data,
    std::function<bfloat16(const bfloat16&)> transform = bfloat16_identity_transform) {
    std::vector<bfloat16> out;
    out.reserve(data.size() * 2);
    for (std::uint32_t w : data) {
        const auto [lo, hi] = unpack_two_bfloat16_from_uint32(w);
        out.push_back(transform(lo));
        out.push_back(transform(hi));
    }
    return out;
}

// The two numbers' decimal renderings (std::to_string) agree in their first n significant digits, counted after
// any leading zeros and points of a; a mismatch is reported on stdout.
inline bool equal_within_n_sig_figs(float a, float b, int n) { return ttemu::EqualWithinSigFigs(a, b, n); }

inline bool equal_within_absolute_tolerance(float a, float b, float tol) { return std::abs(a - b) < tol; }

// Within atol of each other, or within rtol of the larger magnitude; a miss is reported on stdout.
inline bool is_close(float a, float b, float rtol = 0.01f, float atol = 0.001f) {
    return ttemu::IsClose(a, b, rtol, atol);
}

// Both vectors' values, pairwise through `comparison_function`. On the first word that fails, *argfail (if given)
// is its index and its four values are printed.
inline bool packed_uint32_t_vector_comparison(const std::vector<std::uint32_t>& vec_a,
                                              const std::vector<std::uint32_t>& vec_b,
                                              std::function<bool(float, float)> comparison_function,
                                              int* argfail = nullptr) {
    if (vec_a.size() != vec_b.size()) {
        std::cout << "Sizes don't match, returning false" << std::endl;
        return false;
    }
    for (std::size_t i = 0; i < vec_a.size(); i++) {
        const auto [a1, a2] = unpack_two_bfloat16_from_uint32(vec_a[i]);
        const auto [b1, b2] = unpack_two_bfloat16_from_uint32(vec_b[i]);
        if (comparison_function(a1.to_float(), b1.to_float()) && comparison_function(a2.to_float(), b2.to_float()))
            continue;
        if (argfail) {
            *argfail = static_cast<int>(i);
            std::cout << "a1 = " << std::hex << a1.to_float() << std::endl
                      << "b1 = " << std::hex << b1.to_float() << std::endl
                      << "a2 = " << std::hex << a2.to_float() << std::endl
                      << "b2 = " << std::hex << b2.to_float() << std::endl;
        }
        return false;
    }
    return true;
}
