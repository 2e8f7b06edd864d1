// In tt-metal this header declares the concrete v0::Device; the stand-in keeps its device class private,
// so applications see the same IDevice interface through this include.
#pragma once

#include <tt-metalium/device.hpp>
