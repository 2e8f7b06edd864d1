// v0.56.0's metal traces on the emulated device, over the chip's traces (core/chip.h): capturing on a command
// queue records the commands enqueued there instead of running them; replaying pushes them again. Each recorded
// command takes Chip::kTraceBytesPerCommand of the device's trace region, which CreateDevice sized.
#pragma once

#include <cstdint>
#include <memory>

#include "emu/core/chip.h"

#include <tt-metalium/trace_buffer.hpp>

namespace ttemu {

class EmuDevice;

void BeginTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid);
void EndTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid);
void ReplayTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid, bool blocking);
void ReleaseTrace(EmuDevice& device, std::uint32_t tid);
std::shared_ptr<tt::tt_metal::TraceBuffer> GetTrace(EmuDevice& device, std::uint32_t tid);
void LoadTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid, const tt::tt_metal::TraceDescriptor& desc);

}  // namespace ttemu
