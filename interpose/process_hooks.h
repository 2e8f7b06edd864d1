// What the shim does around the traced process's own events: a fatal signal (flush what is buffered, then the
// program's own handling or the default), the trigger signal (LTCAP_TRIGGER_SIGNAL toggles the window), exit (close
// the log), fork (every lock a child may need held across it; the child starts a log of its own at its first call).
// exec is exec.cc's. Installed once, when the capture starts.
#pragma once

#include <atomic>

namespace ltcap {

// TakeForked's flag, read inline on the call path (Capture::Get).
extern std::atomic<bool> g_forked;

class Capture;
class WindowControl;

// `windows`: the trigger signal's target, null if no trigger signal is set.
void InstallProcessHooks(Capture& capture, WindowControl* windows, int trigger_signal) noexcept;
// True once in a forked child, until the first call there takes it (every generation: a grandchild's fork sets it
// again). One relaxed load on the call path.
bool TakeForked() noexcept;
// In a forked child that has not called tt-metal yet (its logs are the parent's).
bool InForkedChild() noexcept;

}  // namespace ltcap
