// The folder for temporary files, as std::filesystem::temp_directory_path finds it ($TMPDIR, else /tmp), or none
// and what is wrong: for messages that name $TMPDIR when it names no folder.
//   std::string why;
//   const auto temp = TempDirectory(why);  // empty: `why` is "$TMPDIR /x: No such file or directory"
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace ltcap {

inline std::filesystem::path TempDirectory(std::string& why) {
    std::error_code ec;
    std::filesystem::path temp = std::filesystem::temp_directory_path(ec);
    if (!ec) return temp;
    const char* tmpdir = std::getenv("TMPDIR");
    why = "$TMPDIR" + (tmpdir ? " " + std::string(tmpdir) : std::string()) + ": " + ec.message();
    return {};
}

}  // namespace ltcap
