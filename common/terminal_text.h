// Text a log carries (exception messages, kernel paths, a release name, file names) on its way to a terminal: control
// characters — escape sequences that would recolour, move the cursor, retitle the window or hide what follows — are
// shown instead of obeyed: C0 controls and DEL as \xNN; the C1 controls encoded as UTF-8 (U+0080..U+009F: a terminal
// may take U+009B as CSI and U+009D as OSC) and the bidirectional overrides and isolates (U+202A..U+202E,
// U+2066..U+2069, which reorder what follows them on screen) as \uNNNN; a byte that is not part of well-formed UTF-8
// (an 8-bit C1 control to a Latin-1 terminal) as \xNN. Printable ASCII and other UTF-8 pass unchanged, so ordinary
// messages read as they are.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace ltcap {

namespace terminal_text {

// The length of the well-formed UTF-8 sequence starting text[at] (2..4), and its code point; 0 when there is none.
inline std::size_t Utf8Sequence(std::string_view text, std::size_t at, std::uint32_t& code) {
    const auto b = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = b(0);
    std::size_t n = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (n == 0 || at + n > text.size()) return 0;
    code = lead & (n == 2 ? 0x1f : n == 3 ? 0x0f : 0x07);
    for (std::size_t i = 1; i < n; i++) {
        if ((b(i) & 0xc0) != 0x80) return 0;
        code = code << 6 | (b(i) & 0x3f);
    }
    const bool overlong = (n == 3 && code < 0x800) || (n == 4 && code < 0x10000);
    if (overlong || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
    return n;
}

inline bool Hidden(std::uint32_t code) {
    return (code >= 0x80 && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

}  // namespace terminal_text

inline std::string TerminalSafe(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    char escaped[8];
    for (std::size_t at = 0; at < text.size();) {
        const auto byte = static_cast<unsigned char>(text[at]);
        if (byte >= 0x20 && byte < 0x7f) {
            out += text[at++];
            continue;
        }
        std::uint32_t code = 0;
        const std::size_t n = byte >= 0x80 ? terminal_text::Utf8Sequence(text, at, code) : 0;
        if (n == 0) {  // a C0 control, DEL, or a byte outside well-formed UTF-8
            std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
            out += escaped;
            at++;
        } else if (terminal_text::Hidden(code)) {
            std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(code));
            out += escaped;
            at += n;
        } else {
            out.append(text.substr(at, n));
            at += n;
        }
    }
    return out;
}

}  // namespace ltcap
