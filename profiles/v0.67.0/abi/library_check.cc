// A program built against tt-metal v0.67.0's own headers, fmt 11.1.4 and nlohmann_json 3.11.3 (as v0.67.0 pins
// them) that formats and JSON-converts through a libtt_metal.so: scripts/abi_names_v067.sh --library builds it
// against the emulated library when LIBRARY names one, runs it and compares its output with the expected text.
// Growing (fmt::format) and fixed (fmt::format_to_n) output buffers both; the JSON forms round trip.
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

#include <cstdio>

using namespace tt::tt_metal;

int main() {
    const CoreCoord c{1, 2};
    const CoreRange r(CoreCoord{0, 0}, CoreCoord{3, 4});
    const CoreRangeSet s(std::vector<CoreRange>{r, CoreRange(CoreCoord{5, 5}, CoreCoord{6, 6})});
    std::printf("%s\n", fmt::format("{} | {} | {} | {}", c, r, s, tt::DataFormat::Float16_b).c_str());
    std::printf("%zu\n", fmt::format("{}{}", std::string(300, 'x'), s).size());
    char small[8];
    const auto cut = fmt::format_to_n(small, sizeof small, "{}", r);
    std::printf("%zu %.8s\n", cut.size, small);
    nlohmann::json j = nlohmann::json::array({ttsl::json::to_json(c), ttsl::json::to_json(r), ttsl::json::to_json(s)});
    j.push_back({{"grid", ttsl::json::to_json(s)}, {"shape", {32, 64}}, {"orientation", 1}});
    std::printf("%s\n", j.dump().c_str());
    const auto spec = ttsl::json::from_json<ShardSpec>(j[3]);
    std::printf("%d %d %d %u %u %d\n", ttsl::json::from_json<CoreCoord>(j[0]) == c,
                ttsl::json::from_json<CoreRange>(j[1]) == r, ttsl::json::from_json<CoreRangeSet>(j[2]) == s,
                spec.shape[0], spec.shape[1], static_cast<int>(spec.orientation));
    return 0;
}
