// How the emulator reports failures: std::runtime_error with a "TT_THROW"-style message, as tt-metal does,
// built from fmt-like pieces so each message names the object and the values involved.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace ttemu {

template <typename... Args>
std::string Cat(const Args&... args) {
    std::ostringstream out;
    (out << ... << args);
    return out.str();
}

template <typename... Args>
[[noreturn]] void Throw(const Args&... args) {
    throw std::runtime_error(Cat("TT_THROW: ", args...));
}

}  // namespace ttemu
