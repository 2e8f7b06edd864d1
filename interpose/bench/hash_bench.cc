// Benchmark (not a test): the cost of the shim's content key (payload and kernel-source dedup) per byte, against
// memcpy of the same bytes (which the shim does for every stored payload anyway) and against the home-made
// 4-lane multiply-xorshift hash ltcap used before XXH3 (kept here only to measure the switch). Prints GB/s per
// size and the ratios, from one run.
//   bazel run -c opt //interpose:hash_bench
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "interpose/content_key.h"

namespace {

// The previous ContentKey body, for comparison only.
std::string HomeMadeKey(const void* data, std::uint64_t size) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    constexpr std::uint64_t kM1 = 0xff51afd7ed558ccdull, kM2 = 0xc4ceb9fe1a85ec53ull;
    std::uint64_t lane[4] = {0x9E3779B97F4A7C15ull ^ size, 0xC2B2AE3D27D4EB4Full + size, 0x165667B19E3779F9ull,
                             0x27D4EB2F165667C5ull};
    std::uint64_t i = 0;
    for (; i + 32 <= size; i += 32) {
        std::uint64_t w[4];
        std::memcpy(w, p + i, 32);
        for (int k = 0; k < 4; k++) {
            lane[k] = (lane[k] ^ w[k]) * (k % 2 ? kM2 : kM1);
            lane[k] ^= lane[k] >> 31;
        }
    }
    for (int k = 0; i < size; i += 8, k = (k + 1) % 4) {
        std::uint64_t w = 0;
        std::memcpy(&w, p + i, std::min<std::uint64_t>(8, size - i));
        lane[k] = (lane[k] ^ w) * kM1;
        lane[k] ^= lane[k] >> 29;
    }
    const std::uint64_t a = (lane[0] ^ (lane[2] * kM2)) * kM1, b = (lane[1] ^ (lane[3] * kM1)) * kM2;
    std::string key(24, '\0');
    std::memcpy(key.data(), &a, 8);
    std::memcpy(key.data() + 8, &b, 8);
    std::memcpy(key.data() + 16, &size, 8);
    return key;
}

volatile std::uint8_t g_sink;

// Best of 5 rounds of `reps` runs of fn over `size` bytes, in GB/s.
template <typename Fn>
double Rate(std::size_t size, int reps, Fn fn) {
    double best = 1e30;
    for (int round = 0; round < 5; round++) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < reps; r++) fn();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return static_cast<double>(size) * reps / best / 1e9;
}

}  // namespace

int main() {
    std::mt19937_64 rng(7);
    std::printf("%10s %12s %14s %14s %10s %10s\n", "bytes", "memcpy GB/s", "home-made GB/s", "XXH3-128 GB/s",
                "XXH3/home", "XXH3/copy");
    for (std::size_t size : {std::size_t{64}, std::size_t{2048}, std::size_t{64} << 10, std::size_t{4} << 20,
                             std::size_t{64} << 20}) {
        std::vector<std::uint8_t> src(size), dst(size);
        for (auto& b : src) b = static_cast<std::uint8_t>(rng());
        const int reps = static_cast<int>(std::max<std::size_t>(1, (std::size_t{256} << 20) / size));
        const double copy = Rate(size, reps, [&] { std::memcpy(dst.data(), src.data(), size); g_sink = dst[size / 2]; });
        const double home = Rate(size, reps, [&] { g_sink = static_cast<std::uint8_t>(HomeMadeKey(src.data(), size)[0]); });
        const double xxh = Rate(size, reps, [&] { g_sink = static_cast<std::uint8_t>(ltcap::ContentKey(src.data(), size)[0]); });
        std::printf("%10zu %12.2f %14.2f %14.2f %10.2f %10.2f\n", size, copy, home, xxh, xxh / home, xxh / copy);
    }
    return 0;
}
