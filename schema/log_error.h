// A log that cannot be read, or that says something it cannot mean: the tools refuse it with exit status 2 and
// this error's one line. Shared by every reader of the log (the player, the value codecs).
#pragma once

#include <stdexcept>

namespace ltcap {

class LogError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A call names an object the log has not made (or has released). Wrong — unless tt-metal threw at that call during
// capture (a program using a released mesh trace, say): then the replay cannot make the call either, and the throw
// it would reproduce is the captured one.
class UnknownObject : public LogError {
public:
    using LogError::LogError;
};

}  // namespace ltcap
