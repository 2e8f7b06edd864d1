// The device allocator is opaque to applications in this stand-in; IDevice::allocator() returns it by reference.
#pragma once

namespace tt::tt_metal {
class Allocator;
}  // namespace tt::tt_metal
