// For tests: what a LogError thrown by `f` says, or "no LogError" when `f` returns — so a test states the one line
// a refusal prints.
#pragma once

#include <functional>
#include <string>

#include "schema/log_error.h"

namespace ltcap::testing {

inline std::string LogErrorMessage(const std::function<void()>& f) {
    try {
        f();
    } catch (const LogError& e) {
        return e.what();
    }
    return "no LogError";
}

}  // namespace ltcap::testing
