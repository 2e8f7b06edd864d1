// How a tensor's elements are laid out in pages: rows (ROW_MAJOR) or tiles (TILE).
#pragma once

#include <ostream>

namespace tt::tt_metal {

enum class Layout { ROW_MAJOR = 0, TILE = 1, INVALID = 2 };

std::ostream& operator<<(std::ostream& os, const tt::tt_metal::Layout& layout);  // "Layout::TILE"

}  // namespace tt::tt_metal
