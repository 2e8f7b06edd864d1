// Metal traces on the emulated device. Capturing on a command queue records the commands enqueued there
// instead of running them; replaying pushes the recorded commands again. Each recorded command takes
// kTraceBytesPerCommand of the device's trace region, which CreateDevice sized.
#pragma once

#include <cstdint>
#include <memory>

#include <tt-metalium/trace_buffer.hpp>

namespace ttemu {

class EmuDevice;
constexpr std::uint64_t kTraceBytesPerCommand = 2048;

std::uint32_t NextTraceId();
void BeginTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid);
void EndTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid);
void ReplayTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid, bool blocking);
void ReleaseTrace(EmuDevice& device, std::uint32_t tid);
std::shared_ptr<tt::tt_metal::TraceBuffer> GetTrace(EmuDevice& device, std::uint32_t tid);
void LoadTrace(EmuDevice& device, std::uint8_t cq_id, std::uint32_t tid, const tt::tt_metal::TraceDescriptor& desc);
void ReleaseAllTraces(EmuDevice& device);

}  // namespace ttemu
