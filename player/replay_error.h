// The replay could not go on: tt-metal threw where the capture did not, or a call cannot be replayed here (ltplay's
// exit 3). What the log itself gets wrong — an object it never created, a reference outside its data — is a
// LogError (schema/log_error.h, exit 2).
#pragma once

#include <stdexcept>

namespace ltcap {

class ReplayError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ltcap
