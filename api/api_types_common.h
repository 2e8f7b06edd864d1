// The type names every profile's description spells alike (api/api_types.h for v0.56.0,
// profiles/<release>/api/api_types.h for later ones include this): shorthands for the variants the API takes and
// the mesh API's classes. Each release's own header adds what it spells its own way (KernelConfig's members, the
// span type, the chip id). The headers come from the build's profile (its include path).
#pragma once

#include <functional>
#include <memory>
#include <variant>
#include <vector>

#include <tt-metalium/distributed.hpp>
#include <tt-metalium/host_api.hpp>

namespace ltcap::api {
using namespace ::tt::tt_metal;
using CoreSpec = std::variant<CoreCoord, CoreRange, CoreRangeSet>;
using BufRef = std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>;
using SemaphoreCores = std::variant<CoreRange, CoreRangeSet>;
using ArgsGrid = std::vector<std::vector<RuntimeArgsData>>;
using distributed::DeviceLocalBufferConfig;
using distributed::MeshBuffer;
using distributed::MeshBufferConfig;
using distributed::MeshCommandQueue;
using distributed::MeshCoordinate;
using distributed::MeshCoordinateRange;
using distributed::MeshDevice;
using distributed::MeshDeviceConfig;
using distributed::MeshEvent;
using distributed::MeshTraceId;
using distributed::MeshWorkload;
}  // namespace ltcap::api
