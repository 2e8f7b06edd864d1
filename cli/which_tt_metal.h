// Which tt-metal release a program will load, so `ltcap capture` preloads the shim of that release's profile:
// the libtt_metal.so the dynamic loader resolves for the program (or, for a program that loads it later — a Python
// host — the one on LD_LIBRARY_PATH, in a tt-metal build's build/lib or installed with ltcap), told apart by the
// names it exports; and which libtt_metal.so a player of a release should load. Reads ELF files only; runs nothing of the program but the loader's own listing of its libraries.
//   ReleaseOfLibrary("/opt/tt/lib/libtt_metal.so") == "v0.67.0"
#pragma once

#include <string>
#include <vector>

namespace ltcap::cli {

// The release whose API the ELF shared library at `path` exports ("v0.56.0", "v0.67.0"), "" when it exports
// neither's probe names (another release, another C++ standard library, not tt-metal at all) or is not readable.
std::string ReleaseOfLibrary(const std::string& path);
// The same, and when the library is not one of them because it is a later release than one (it defines that
// release's probe and a name only later releases define: api/release_facts.h), which release and the name.
// `package_version`: the version the package the library lies in states (tt-metalium-config-version.cmake in
// LIBDIR/cmake/tt-metalium/, or in the build tree above lib/), "" without one; when it is not the version of the
// release the names say, `release` is "" and `resembles` names that release.
struct LibraryRelease {
    std::string release, later_than, later_what, package_version, resembles;
};
LibraryRelease IdentifyLibrary(const std::string& path);
// What IdentifyLibrary found, in words: "tt-metal v0.67.0's", "a tt-metal release after v0.67.0: it defines …", …
std::string Describe(const LibraryRelease& found);
// The version stated by the package `path` lies in, or "".
std::string PackageVersionOfLibrary(const std::string& path);

// The libtt_metal.so the loader would give `program` (run with LD_TRACE_LOADED_OBJECTS, as ldd does; the current
// environment, LD_LIBRARY_PATH included), or "" if it links none.
std::string TtMetalOfProgram(const std::string& program);

// Where a program of tt-metal `release` finds libtt_metal.so, in order: LD_LIBRARY_PATH's folders, the build under
// the release's root variable (api/releases.h: $TT_METAL_HOME/build/lib for v0.56.0, $TT_METAL_RUNTIME_ROOT/build/lib
// for v0.67.0), then `installed` (ltcap's own lib/). An empty `release`: every release's root variable.
std::vector<std::string> TtMetalSearchDirs(const std::string& release, const std::vector<std::string>& installed);

// Where a program that opens tt-metal at run time finds it (TtMetalSearchDirs of every release): the first
// libtt_metal.so there, or "".
std::string TtMetalOnSearchPath(const std::vector<std::string>& installed);

// The libtt_metal.so a player of `release` should load: `path` is the first one of that release on
// TtMetalSearchDirs (empty if none); `blocking` the first one of another release the loader would take instead
// (on LD_LIBRARY_PATH or in `installed`), with its release in words, when there is no right one.
struct TtMetalChoice {
    std::string path, blocking;
};
TtMetalChoice ChooseTtMetal(const std::string& release, const std::vector<std::string>& installed);

}  // namespace ltcap::cli
