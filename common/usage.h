// A tool's usage text under the name it was run as. ltcap runs ltplay and ltdump with argv[0] set to its own command
// ("ltcap replay", "ltcap dump"), so `ltcap help replay` shows "usage: ltcap replay …"; run directly (argv[0] a path),
// the text keeps the tool's own name.
//   PrintUsage(stdout, kUsage, "ltplay", argv[0]);
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace ltcap {

inline std::string UsageText(std::string_view usage, std::string_view tool, const char* argv0) {
    std::string text(usage);
    const std::string own = "usage: " + std::string(tool);
    if (argv0 && std::string_view(argv0).rfind("ltcap ", 0) == 0 && text.rfind(own, 0) == 0)
        text.replace(0, own.size(), "usage: " + std::string(argv0));
    return text;
}

inline void PrintUsage(std::FILE* out, std::string_view usage, std::string_view tool, const char* argv0) {
    std::fputs(UsageText(usage, tool, argv0).c_str(), out);
}

}  // namespace ltcap
