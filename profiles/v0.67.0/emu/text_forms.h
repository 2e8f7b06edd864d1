// The text forms of tt-metal's coordinate and format types, for the formatters of every fmt release this library
// exports (fmt 9's in core_coord.cc and host_types.cc, fmt 11's in fmt11_formatters.cc, which may include no fmt
// header and so reaches them here). Declared over forward declarations: including this pulls in no fmt.
#pragma once

#include <cstdint>
#include <string>

#include <umd/device/types/xy_pair.hpp>

namespace tt {
enum class DataFormat : std::uint8_t;
namespace tt_fabric {
class FabricNodeId;
}  // namespace tt_fabric
namespace tt_metal {
class CoreRange;
class CoreRangeSet;
}  // namespace tt_metal
}  // namespace tt

namespace ttemu::v067 {
std::string Text(const tt::xy_pair& c);                  // (x=1,y=2)
std::string Text(const tt::tt_metal::CoreRange& r);      // [(x=0,y=0) - (x=7,y=7)]
std::string Text(const tt::tt_metal::CoreRangeSet& s);   // {[...], [...]}
std::string Text(tt::DataFormat df);                     // Float16_b
std::string Text(const tt::tt_fabric::FabricNodeId& n);  // M0D3
}  // namespace ttemu::v067
