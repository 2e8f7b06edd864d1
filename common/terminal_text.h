// Text a log carries (exception messages, kernel paths, a release name, file names) on its way to a terminal: control
// bytes — escape sequences that would recolour, move the cursor, retitle the window or hide what follows — are shown
// as \xNN instead. Printable ASCII and UTF-8 pass unchanged, so ordinary messages read as they are.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace ltcap {

inline std::string TerminalSafe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        // C0 controls and DEL. (Bytes from 0x80 are left alone: they are UTF-8, which a UTF-8 terminal does not read
        // as 8-bit controls.)
        if (byte < 0x20 || byte == 0x7f) {
            char escaped[5];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace ltcap
