// [[Experimental]] tt-metal v0.68.0-rc1's global semaphore at an address the caller chose:
// experimental::CreateGlobalSemaphore(device, cores, initial value, buffer type, address), declared with
// GlobalSemaphore itself (it is its friend).
#pragma once

#include <tt-metalium/global_semaphore.hpp>
