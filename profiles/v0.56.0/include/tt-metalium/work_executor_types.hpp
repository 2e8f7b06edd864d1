// The modes and states of tt-metal's per-device work executor (the emulator runs every call synchronously).
#pragma once

namespace tt {

enum class WorkExecutorMode {
    SYNCHRONOUS = 0,
    ASYNCHRONOUS = 1,
};

enum class WorkerState {
    RUNNING = 0,
    TERMINATE = 1,
    IDLE = 2,
};

class WorkExecutor;

}  // namespace tt
