// Tracy's device-timeline contexts for Tenstorrent devices, in a build without TRACY_ENABLE: a context is an opaque
// handle and the macros do nothing.
#pragma once

#include <tracy/Tracy.hpp>

using TracyTTCtx = void*;

#define TracyTTContext() nullptr
#define TracyTTDestroy(ctx)
#define TracyTTContextName(ctx, name, size)
#define TracyTTContextPopulate(ctx, cpuTime, deviceTime, frequency)
#define TracyTTContextCalibrate(ctx, cpuTime, deviceTime, frequency)
#define TracyTTPushStartZone(ctx, event)
#define TracyTTPushEndZone(ctx, event)
