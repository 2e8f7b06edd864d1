// PAUSE() in kernels: with the watcher on, tt-metal stops the core until the host resumes it; the emulator has no
// host-side pause, so PAUSE() does nothing.
#pragma once

#define PAUSE()
