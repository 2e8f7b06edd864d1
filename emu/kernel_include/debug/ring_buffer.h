// WATCHER_RING_BUFFER_PUSH(value): tt-metal's watcher keeps the last 32 values a kernel pushed and prints them when
// it reports a hang; the emulator has no watcher ring, so pushes compile to nothing.
#pragma once

#define WATCHER_RING_BUFFER_PUSH(x)
