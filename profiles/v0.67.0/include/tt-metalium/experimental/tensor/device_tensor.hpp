// Reserved by tt-metal v0.67.0 for its device tensor type; it declares nothing yet.
#pragma once

namespace tt::tt_metal {}  // namespace tt::tt_metal
