// A log that cannot be read, or that says something it cannot mean: the tools refuse it with exit status 2 and
// this error's one line. Shared by every reader of the log (the player, the value codecs).
#pragma once

#include <stdexcept>

namespace ltcap {

class LogError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What only the replay finds bad, with the replayed device's objects at hand (docs/ltcap-replay.md, "During replay"): a
// write's payload (or a mesh shard's) holding fewer bytes than the call reads (the buffer's size, its shards on the
// replayed mesh). --check, which executes nothing, cannot see it; the replay refuses the log before sizing anything
// by it.
class LogErrorInReplay : public LogError {
public:
    using LogError::LogError;
};

// What a call may only say when tt-metal threw at it during capture: then the replay cannot make the call either,
// and the throw it would reproduce is the captured one. A call that returned normally saying it is a bad log.
class WrongUnlessThrew : public LogError {
public:
    using LogError::LogError;
};

// A call names an object the log has not made (or has released) — a program using a released mesh trace, say.
class UnknownObject : public WrongUnlessThrew {
public:
    using WrongUnlessThrew::WrongUnlessThrew;
};

// A call hands tt-metal a value no device can take (a buffer larger than any device's memory, an address past any
// bank) — a program probing tt-metal's errors, say (player/device_limits.h).
class ImpossibleValue : public WrongUnlessThrew {
public:
    using WrongUnlessThrew::WrongUnlessThrew;
};

}  // namespace ltcap
