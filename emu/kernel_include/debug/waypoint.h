// WAYPOINT("name") marks in kernels: tt-metal's watcher records the last one each RISC passed; the emulator reports
// a stuck launch by what each kernel waits for instead (docs/emulator.md), so waypoints compile to nothing.
#pragma once

#define WAYPOINT(x)
