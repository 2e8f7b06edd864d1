// Tracy's instrumentation macros as they are in a build without TRACY_ENABLE: zones, frames, messages, plots and
// allocation events vanish; lockables are the plain mutex types. Code instrumented for Tracy compiles unchanged.
//   void step() { ZoneScopedN("step"); ... }
#pragma once

#define ZoneNamed(varname, active)
#define ZoneNamedN(varname, name, active)
#define ZoneNamedC(varname, color, active)
#define ZoneNamedNC(varname, name, color, active)
#define ZoneTransient(varname, active)
#define ZoneTransientN(varname, name, active)
#define ZoneScoped
#define ZoneScopedN(name)
#define ZoneScopedC(color)
#define ZoneScopedNC(name, color)
#define ZoneText(txt, size)
#define ZoneTextV(varname, txt, size)
#define ZoneName(txt, size)
#define ZoneNameV(varname, txt, size)
#define ZoneColor(color)
#define ZoneValue(value)
#define ZoneIsActive false

#define FrameMark
#define FrameMarkNamed(name)
#define FrameMarkStart(name)
#define FrameMarkEnd(name)
#define FrameImage(image, width, height, offset, flip)

#define TracyLockable(type, varname) type varname
#define TracyLockableN(type, varname, desc) type varname
#define TracySharedLockable(type, varname) type varname
#define TracySharedLockableN(type, varname, desc) type varname
#define LockableBase(type) type
#define SharedLockableBase(type) type
#define LockMark(varname)
#define LockableName(varname, txt, size)

#define TracyPlot(name, val)
#define TracyPlotConfig(name, type, step, fill, color)
#define TracyAppInfo(txt, size)
#define TracySetProgramName(name)
#define TracyMessage(txt, size)
#define TracyMessageL(txt)
#define TracyMessageC(txt, size, color)
#define TracyMessageLC(txt, color)

#define TracyAlloc(ptr, size)
#define TracyFree(ptr)
#define TracySecureAlloc(ptr, size)
#define TracySecureFree(ptr)
#define TracyAllocN(ptr, size, name)
#define TracyFreeN(ptr, name)
#define TracySecureAllocN(ptr, size, name)
#define TracySecureFreeN(ptr, name)
