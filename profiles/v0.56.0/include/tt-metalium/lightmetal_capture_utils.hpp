// Light Metal read-back comparison helpers (tt::tt_metal, not v0).
#pragma once

#include <functional>
#include <memory>
#include <variant>

namespace tt::tt_metal {
class CommandQueue;
inline namespace v0 {
class Buffer;
}

void LightMetalCompareToCapture(CommandQueue& cq,
                                const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                                void* dst = nullptr);
void LightMetalCompareToGolden(CommandQueue& cq,
                               const std::variant<std::reference_wrapper<Buffer>, std::shared_ptr<Buffer>>& buffer,
                               void* golden_data);

}  // namespace tt::tt_metal
