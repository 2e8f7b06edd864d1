// bfloat16 and the packing / random-vector helpers tt-metal programs use (global namespace, all inline).
// Conversion from float truncates to the top 16 bits, as tt-metal's does.
//   std::vector<uint32_t> src = create_random_vector_of_bfloat16(bytes, 100, seed);
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <cstring>
#include <iostream>
#include <random>
#include <utility>
#include <vector>

class bfloat16 {
public:
    static constexpr std::size_t SIZEOF = 2;
    bfloat16() = default;
    explicit bfloat16(std::uint16_t bits) : bits_(bits) {}
    explicit bfloat16(std::uint32_t bits) : bits_(static_cast<std::uint16_t>(bits)) {}
    explicit bfloat16(int bits) : bits_(static_cast<std::uint16_t>(bits)) {}
    bfloat16(float f) {
        std::uint32_t u;
        std::memcpy(&u, &f, 4);
        bits_ = static_cast<std::uint16_t>(u >> 16);
    }
    float to_float() const {
        std::uint32_t u = std::uint32_t(bits_) << 16;
        float f;
        std::memcpy(&f, &u, 4);
        return f;
    }
    std::uint16_t to_packed() const { return bits_; }
    std::uint16_t to_uint16() const { return bits_; }
    bool operator==(const bfloat16& o) const { return bits_ == o.bits_; }
    bool operator!=(const bfloat16& o) const { return bits_ != o.bits_; }

private:
    std::uint16_t bits_ = 0;
};
static_assert(sizeof(bfloat16) == 2);

inline std::ostream& operator<<(std::ostream& os, const bfloat16& v) { return os << v.to_float(); }

// First value goes to the low half-word.
inline std::uint32_t pack_two_bfloat16_into_uint32(std::pair<bfloat16, bfloat16> two) {
    return std::uint32_t(two.first.to_uint16()) | (std::uint32_t(two.second.to_uint16()) << 16);
}
inline std::pair<bfloat16, bfloat16> unpack_two_bfloat16_from_uint32(std::uint32_t packed) {
    return {bfloat16(std::uint16_t(packed & 0xffff)), bfloat16(std::uint16_t(packed >> 16))};
}

inline std::vector<std::uint32_t> pack_bfloat16_vec_into_uint32_vec(const std::vector<bfloat16>& data) {
    std::vector<std::uint32_t> out(data.size() / 2);
    for (std::size_t i = 0; i < out.size(); i++) out[i] = pack_two_bfloat16_into_uint32({data[2 * i], data[2 * i + 1]});
    return out;
}
// `transform` applies to each value (any callable, as v0.56.0's std::function parameter takes).
inline std::vector<bfloat16> unpack_uint32_vec_into_bfloat16_vec(
    const std::vector<std::uint32_t>& data, std::function<bfloat16(const bfloat16&)> transform = nullptr) {
    std::vector<bfloat16> out;
    out.reserve(data.size() * 2);
    for (std::uint32_t w : data) {
        auto [a, b] = unpack_two_bfloat16_from_uint32(w);
        out.push_back(transform ? transform(a) : a);
        out.push_back(transform ? transform(b) : b);
    }
    return out;
}

// num_bytes / 4 words, each two bfloat16 values uniform in [offset, rand_max_float + offset).
inline std::vector<std::uint32_t> create_random_vector_of_bfloat16(std::uint32_t num_bytes, int rand_max_float,
                                                                    int seed, float offset = 0.0f) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(0.0f, static_cast<float>(rand_max_float));
    std::vector<std::uint32_t> out(num_bytes / sizeof(std::uint32_t));
    for (auto& w : out) {
        bfloat16 lo(dist(gen) + offset);
        bfloat16 hi(dist(gen) + offset);
        w = pack_two_bfloat16_into_uint32({lo, hi});
    }
    return out;
}
inline std::vector<bfloat16> create_random_vector_of_bfloat16_native(std::uint32_t num_bytes, float rand_max_float,
                                                                     int seed, float offset = 0.0f) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(0.0f, rand_max_float);
    std::vector<bfloat16> out(num_bytes / bfloat16::SIZEOF);
    for (auto& v : out) v = bfloat16(dist(gen) + offset);
    return out;
}
inline std::vector<std::uint32_t> create_constant_vector_of_bfloat16(std::uint32_t num_bytes, float value) {
    bfloat16 v(value);
    return std::vector<std::uint32_t>(num_bytes / sizeof(std::uint32_t), pack_two_bfloat16_into_uint32({v, v}));
}
inline std::vector<std::uint32_t> create_arange_vector_of_bfloat16(std::uint32_t num_bytes, bool = true) {
    std::vector<std::uint32_t> out(num_bytes / sizeof(std::uint32_t));
    for (std::size_t i = 0; i < out.size(); i++)
        out[i] = pack_two_bfloat16_into_uint32({bfloat16(float(2 * i)), bfloat16(float(2 * i + 1))});
    return out;
}
inline std::vector<std::uint16_t> u16_from_u32_vector(const std::vector<std::uint32_t>& in) {
    std::vector<std::uint16_t> out(in.size() * 2);
    std::memcpy(out.data(), in.data(), in.size() * 4);
    return out;
}
inline std::vector<std::uint32_t> u32_from_u16_vector(const std::vector<std::uint16_t>& in) {
    std::vector<std::uint32_t> out(in.size() / 2);
    std::memcpy(out.data(), in.data(), out.size() * 4);
    return out;
}
inline bool equal_within_absolute_tolerance(float a, float b, float tol) { return std::abs(a - b) < tol; }
inline bool is_close(float a, float b, float rtol = 0.01f, float atol = 0.001f) {
    return std::abs(a - b) <= atol + rtol * std::abs(b);
}
inline bool packed_uint32_t_vector_comparison(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b,
                                              bool (*cmp)(float, float)) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); i++) {
        auto [a0, a1] = unpack_two_bfloat16_from_uint32(a[i]);
        auto [b0, b1] = unpack_two_bfloat16_from_uint32(b[i]);
        if (!cmp(a0.to_float(), b0.to_float()) || !cmp(a1.to_float(), b1.to_float())) return false;
    }
    return true;
}
