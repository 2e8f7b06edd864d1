#include "profiles/v0.67.0/emu/text_forms.h"

#include <sstream>

#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/experimental/fabric/fabric_types.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>

namespace ttemu::v067 {
std::string Text(const tt::xy_pair& c) { return c.str(); }
std::string Text(const tt::tt_metal::CoreRange& r) { return r.str(); }
std::string Text(const tt::tt_metal::CoreRangeSet& s) { return s.str(); }
std::string Text(const tt::tt_fabric::FabricNodeId& n) {
    std::ostringstream out;
    out << n;
    return out.str();
}
std::string Text(tt::DataFormat df) {
    std::ostringstream out;
    out << df;
    return out.str();
}
}  // namespace ttemu::v067
