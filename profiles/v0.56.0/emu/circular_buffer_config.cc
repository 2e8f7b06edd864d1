// CircularBufferConfig's exported members (v0.56.0): the members every profile shares, and nothing of its own.
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/circular_buffer_types.hpp>

#include <tt-metalium/logger.hpp>

#include "emu/core/errors.h"

#define TTEMU_LOG_WARNING(...) tt::log_warning(tt::LogMetal, __VA_ARGS__)

namespace tt::tt_metal::v0 {
#include "emu/shared/api/circular_buffer_config.inc"
}  // namespace tt::tt_metal::v0
