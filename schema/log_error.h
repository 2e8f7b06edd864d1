// A log that cannot be read, or that says something it cannot mean: the tools refuse it with exit status 2 and
// this error's one line. Shared by every reader of the log (the player, the value codecs).
#pragma once

#include <stdexcept>

namespace ltcap {

class LogError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ltcap
