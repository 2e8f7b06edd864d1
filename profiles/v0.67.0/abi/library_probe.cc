// What a program compiled against tt-metal v0.67.0's OWN headers, with the fmt (11.1.4) and nlohmann_json (3.11.3)
// releases v0.67.0 pins, imports from libtt_metal.so for formatting and JSON: the fmt formatters and ttsl::json
// helpers its public headers declare out of line. scripts/abi_names_v067.sh --library compiles this against those
// headers and keeps the names it references as profiles/v0.67.0/abi/real_library_imports.txt;
// //profiles/v0.67.0/abi:library_exports_test checks that the emulated library defines every one of them.
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

#include <string>

using tt::tt_metal::CoreCoord;
using tt::tt_metal::CoreRange;
using tt::tt_metal::CoreRangeSet;

std::string ProbeFormatters(const CoreCoord& c, const CoreRange& r, const CoreRangeSet& s, tt::DataFormat df,
                            const tt::tt_fabric::FabricNodeId& node) {
    return fmt::format("{} {} {} {} {}", c, r, s, df, node);
}

nlohmann::json ProbeToJson(const CoreCoord& c, const CoreRange& r, const CoreRangeSet& s) {
    return nlohmann::json::array({ttsl::json::to_json(c), ttsl::json::to_json(r), ttsl::json::to_json(s)});
}

void ProbeFromJson(const nlohmann::json& j, CoreCoord& c, CoreRange& r, CoreRangeSet& s,
                   tt::tt_metal::ShardSpec& spec) {
    c = ttsl::json::from_json<CoreCoord>(j[0]);
    r = ttsl::json::from_json<CoreRange>(j[1]);
    s = ttsl::json::from_json<CoreRangeSet>(j[2]);
    spec = ttsl::json::from_json<tt::tt_metal::ShardSpec>(j[3]);
}
