// Names a framework gives its programs for the profiler's report: (device, runtime id) → op name.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include <umd/device/types/cluster_descriptor_types.hpp>

class ProfilerOptionalMetadata {
    using RuntimeID = std::uint32_t;

public:
    ProfilerOptionalMetadata(std::map<std::pair<tt::ChipId, RuntimeID>, std::string>&& runtime_map)
        : runtime_id_to_opname_(std::move(runtime_map)) {}
    const std::string& get_op_name(tt::ChipId device_id, RuntimeID runtime_id) const {
        static const std::string none;
        auto it = runtime_id_to_opname_.find({device_id, runtime_id});
        return it == runtime_id_to_opname_.end() ? none : it->second;
    }

private:
    std::map<std::pair<tt::ChipId, RuntimeID>, std::string> runtime_id_to_opname_;
};
