// Replays a Light Metal binary (tt::tt_metal::v0::LightMetalReplay). The stand-in's build has Light Metal
// disabled, as a default v0.56.0 build does: run() reports that and returns false.
#pragma once

#include <tt-metalium/lightmetal_binary.hpp>

namespace tt::tt_metal {
inline namespace v0 {
class IDevice;

class LightMetalReplay {
public:
    LightMetalReplay(LightMetalBinary&& binary, IDevice* device = nullptr);
    bool run();

private:
    LightMetalBinary binary_;
    IDevice* device_;
};

}  // namespace v0
}  // namespace tt::tt_metal
