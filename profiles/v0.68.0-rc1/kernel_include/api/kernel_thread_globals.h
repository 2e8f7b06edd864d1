// tt-metal v0.68.0-rc1's api/kernel_thread_globals.h: the number of threads of a kernel and a thread's id in it,
// which tt-metal declares for Quasar's multi-threaded data-movement cores only. The emulated device is a Wormhole, so
// this header declares nothing, as tt-metal's does there.
#pragma once
