// ltcap: the front end — capture a program, replay or inspect a log — over the shim and the player tools.
//   ltcap capture -- ./my_program      ltcap info my_program.1234.capnp      ltcap replay my_program.1234.capnp

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "api/releases.h"
#include "cli/bisect.h"
#include "cli/capture_cmd.h"
#include "cli/diff.h"
#include "cli/export.h"
#include "cli/extract.h"
#include "cli/info.h"
#include "cli/process.h"
#include "cli/run.h"
#include "cli/tool_paths.h"
#include "cli/trim.h"
#include "cli/which_tt_metal.h"
#include "common/terminal_text.h"
#include "common/version.h"
#include "player/log_reader.h"
#include "schema/values/print.h"
#include "schema/trace.capnp.h"

namespace {

constexpr const char* kIntro =
    "usage: ltcap COMMAND [options] [args]\n\n"
    "Capture and replay for tt-metal: record every tt-metal call a program makes into a log, then inspect the log\n"
    "or replay it with nothing but the log.\n\ncommands:\n";
constexpr const char* kOutro =
    "\n`ltcap COMMAND --help` describes each command's options. The standalone tools ltplay and ltdump are the same\n"
    "programs as `ltcap replay` and `ltcap dump`.\n";

int Version() {
    std::printf("ltcap %s (log format %u, tt-metal %s)\n", ltcap::kToolVersion, ltcap::schema::FORMAT_VERSION,
                ltcap::SupportedReleases().c_str());
    return 0;
}

// The player of `release` loads that release's libtt_metal.so: the first one on its search path
// (cli/which_tt_metal.h: LD_LIBRARY_PATH, the release's root variable's build/lib, ltcap's own lib/) goes first on
// LD_LIBRARY_PATH. When the loader would take another release's, the replay is refused naming it (exit 2), rather
// than fail in the loader on a missing symbol. True if the player may run.
bool UseTtMetalOf(const std::string& release) {
    const ltcap::cli::TtMetalChoice choice = ltcap::cli::ChooseTtMetal(release, {ltcap::cli::SelfDir() + "/../lib"});
    if (!choice.path.empty()) {
        const std::string dir = choice.path.substr(0, choice.path.rfind('/'));
        const char* old = std::getenv("LD_LIBRARY_PATH");
        const std::string value = old && *old ? dir + ":" + old : dir;
        setenv("LD_LIBRARY_PATH", value.c_str(), 1);
        return true;
    }
    if (choice.blocking.empty()) return true;  // none found: the player's own run path, or the loader's defaults
    const ltcap::ProfileTools* p = ltcap::FindProfile(release);
    std::fprintf(stderr,
                 "ltcap replay: the log needs tt-metal %s's libtt_metal.so, and the one the player would load is %s: "
                 "put a %s build's library folder first on LD_LIBRARY_PATH, set %s to a %s tree, or use ltcap "
                 "installed with that release (scripts/install.sh --tt-metal %s)\n",
                 release.c_str(), choice.blocking.c_str(), release.c_str(), p ? p->root_variable : "its root variable",
                 release.c_str(), release.c_str());
    return false;
}

// Runs a sibling tool with the given arguments, under the name of the ltcap command (argv[0] "ltcap replay": its
// usage says so), and returns its exit status; explains a tool that could not start because no libtt_metal.so was
// found.
// `release`: the tt-metal release of the log a player replays (it loads that release's libtt_metal.so).
int RunTool(const char* tool, const char* command, int argc, char** argv, std::string path = "",
            const std::string& release = "") {
    if (path.empty()) path = ltcap::cli::FindTool(tool);
    if (path.empty()) {
        std::fprintf(stderr, "ltcap: %s was not found beside ltcap (%s)\n", tool, ltcap::cli::SelfDir().c_str());
        return 2;
    }
    if (!release.empty() && !UseTtMetalOf(release)) return 2;
    const int code = ltcap::cli::RunAndWait("ltcap", path, std::vector<std::string>(argv + 1, argv + argc),
                                            std::string("ltcap ") + command);
    if (code < 0) return std::perror("ltcap: fork"), 2;
    if (code == 127 && !release.empty()) {
        const ltcap::ProfileTools* p = ltcap::FindProfile(release);
        std::fprintf(stderr,
                     "ltcap: %s could not start; if the loader found no libtt_metal.so, put tt-metal %s's library "
                     "folder on LD_LIBRARY_PATH, set %s to a tt-metal %s tree, or install the emulator beside ltcap "
                     "(scripts/install.sh --tt-metal %s)\n",
                     tool, release.c_str(), p ? p->root_variable : "its root variable", release.c_str(),
                     release.c_str());
    }
    return code;
}

// `ltcap replay`: the player of the release the log's header names (api/profile.h: ltplay for v0.56.0,
// ltplay_v067 for v0.67.0). The log is the last argument that opens as one (an option's value does not).
int Replay(int argc, char** argv) {
    // --tt-metal RELEASE: that release's player, whatever the log's (it replays a log of another release when every
    // call the log holds is one it has: ltplay --cross-release).
    std::string target;
    std::vector<char*> kept = {argv[0]};
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        if (arg == "--") {
            kept.insert(kept.end(), argv + i, argv + argc);
            break;
        }
        if (arg == "--tt-metal" || arg.rfind("--tt-metal=", 0) == 0) {
            if (arg == "--tt-metal" && i + 1 >= argc)
                return std::fprintf(stderr, "ltcap replay: --tt-metal needs a release (%s)\n",
                                    ltcap::SupportedReleases().c_str()), 2;
            target = arg == "--tt-metal" ? argv[++i] : arg.substr(std::strlen("--tt-metal="));
            if (!ltcap::FindProfile(target))
                return std::fprintf(stderr, "ltcap replay: --tt-metal %s: ltcap speaks tt-metal %s\n",
                                    ltcap::values::Printable(target.data(), target.size(), 40).c_str(),
                                    ltcap::SupportedReleases().c_str()), 2;
            continue;
        }
        kept.push_back(argv[i]);
    }
    argc = static_cast<int>(kept.size());
    argv = kept.data();
    std::string release;
    for (int i = argc - 1; i >= 1 && release.empty(); i--) {
        if (argv[i][0] == '-' || !ltcap::cli::IsFile(argv[i])) continue;
        try {
            const ltcap::LogReader log(argv[i]);
            release = log.header().getTtMetalVersion().cStr();
            if (!ltcap::FindProfile(release)) {
                std::fprintf(stderr, "ltcap replay: %s was captured from tt-metal \"%s\"; ltcap replays tt-metal %s\n",
                             argv[i], ltcap::values::Printable(log.header().getTtMetalVersion(), 40).c_str(),
                             ltcap::SupportedReleases().c_str());
                return 2;
            }
        } catch (const std::exception&) {
            // not a log (or a damaged one: the default player says what is wrong with it)
        }
    }
    // No readable log (the player says what is wrong with it): the player of the release installed with ltcap, on
    // whatever library it finds.
    const bool from_log = !release.empty();
    std::vector<char*> crossing;
    if (!target.empty() && target != release) {
        static char cross[] = "--cross-release";
        crossing.assign(argv, argv + argc);
        crossing.insert(crossing.begin() + 1, cross);
        argc = static_cast<int>(crossing.size());
        argv = crossing.data();
    }
    if (!target.empty()) release = target;
    if (release.empty()) release = ltcap::cli::InstalledRelease();
    if (release.empty()) release = ltcap::kFallbackRelease;
    const std::string player = ltcap::cli::FindPlayer(release);
    if (player.empty()) {
        std::fprintf(stderr, "ltcap replay: the player of tt-metal %s logs (%s) was not found beside ltcap (%s)\n",
                     release.c_str(), ltcap::FindProfile(release)->player, ltcap::cli::SelfDir().c_str());
        return 2;
    }
    return RunTool("ltplay", "replay", argc, argv, player, from_log ? release : "");
}

// `ltcap export --format cpp LOG DIR`: the log as a standalone program of its release, which that release's player
// writes (ltplay --export-cpp DIR); every other format is ltcap's own (cli/export.h).
int Export(int argc, char** argv) {
    std::vector<std::string> rest;
    bool cpp = false;
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        if (arg == "--format=cpp" || (arg == "--format" && i + 1 < argc && std::string(argv[i + 1]) == "cpp")) {
            cpp = true;
            if (arg == "--format") i++;
        } else {
            rest.push_back(arg);
        }
    }
    if (!cpp) return ltcap::cli::ExportMain(argc, argv);
    if (rest.size() != 2 || rest[0][0] == '-' || rest[1][0] == '-') {
        std::fprintf(stderr, "usage: ltcap export --format cpp LOG DIR  (`ltcap export --help` says more)\n");
        return 2;
    }
    std::string release;
    try {
        const ltcap::LogReader log(rest[0]);
        release = log.header().getTtMetalVersion().cStr();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ltcap export: %s\n", ltcap::TerminalSafe(ltcap::NamingThePath(rest[0], e.what())).c_str());
        return 2;
    }
    if (!ltcap::FindProfile(release)) {
        std::fprintf(stderr, "ltcap export: %s was captured from tt-metal \"%s\"; ltcap writes programs of tt-metal %s\n",
                     rest[0].c_str(), ltcap::values::Printable(release.data(), release.size(), 40).c_str(),
                     ltcap::SupportedReleases().c_str());
        return 2;
    }
    const std::string player = ltcap::cli::FindPlayer(release);
    if (player.empty()) {
        std::fprintf(stderr, "ltcap export: the player of tt-metal %s logs (%s), which writes them as C++, was not "
                     "found beside ltcap (%s)\n", release.c_str(), ltcap::FindProfile(release)->player,
                     ltcap::cli::SelfDir().c_str());
        return 2;
    }
    std::string export_cpp = "--export-cpp", dir = rest[1], log = rest[0], end = "--";
    char* args[] = {argv[0], export_cpp.data(), dir.data(), end.data(), log.data()};
    return RunTool("ltplay", "export", 5, args, player, release);
}

int Dump(int argc, char** argv) { return RunTool("ltdump", "dump", argc, argv); }
int Help(int argc, char** argv);
int VersionCommand(int, char**) { return Version(); }

// The commands: name, synopsis, what it does, and the function that runs it (argv[0] is the command's name).
struct Command {
    const char* name;
    const char* synopsis;
    const char* summary;
    int (*run)(int argc, char** argv);
};
constexpr Command kCommands[] = {
    {"capture", "[options] [--] PROGRAM [ARGS]", "run PROGRAM with capture on; its logs are listed when it exits",
     ltcap::cli::CaptureMain},
    {"info", "[--json] LOG", "what a log holds, without executing anything", ltcap::cli::InfoMain},
    {"export", "[--format F] LOG [DIR]",
     "the log as JSON (json, jsonl), a Perfetto/Chrome trace (perfetto), or a standalone C++ program (cpp)", Export},
    {"extract", "LOG DIR", "kernel sources as their tree, payloads and read data as files", ltcap::cli::ExtractMain},
    {"trim", "--calls A-B LOG OUT", "a shorter log of calls A-B (or --programs A-B) that replays alone",
     ltcap::cli::TrimMain},
    {"diff", "[options] A B", "two logs compared call by call: what changed, what differs in reads",
     ltcap::cli::DiffMain},
    {"replay", "[options] LOG", "rebuild and reissue every call, verify every read (ltplay)", Replay},
    {"bisect", "[options] LOG", "the log on two targets, down to the first launch whose outputs differ",
     ltcap::cli::BisectMain},
    {"run", "[--input CALL=FILE] LOG", "the log as a workload on new inputs, through the embeddable runtime",
     ltcap::cli::RunMain},
    {"dump", "[options] LOG", "one line per call (ltdump)", Dump},
    {"help", "[COMMAND]", "this text, or a command's", Help},
    {"version", "", "versions of ltcap, the log format and the tt-metal API", VersionCommand},
};

const Command* FindCommand(const std::string& name) {
    for (const Command& c : kCommands)
        if (name == c.name) return &c;
    return nullptr;
}

// The usage text, its command list made from the table.
std::string Usage() {
    std::string text = kIntro;
    std::size_t width = 0;
    for (const Command& c : kCommands) width = std::max(width, std::strlen(c.name) + 1 + std::strlen(c.synopsis));
    for (const Command& c : kCommands) {
        std::string line = std::string("  ") + c.name + (*c.synopsis ? " " : "") + c.synopsis;
        line.resize(std::max(line.size(), width + 2 + 3), ' ');
        text += line + c.summary + "\n";
    }
    return text + kOutro;
}

// `ltcap help COMMAND`: that command's --help.
int Help(int argc, char** argv) {
    if (argc < 2) return std::fputs(Usage().c_str(), stdout), 0;
    const Command* c = FindCommand(argv[1]);
    if (!c) {
        std::fprintf(stderr, "ltcap help: unknown command '%s'\n%s", ltcap::TerminalSafe(argv[1]).c_str(),
                     Usage().c_str());
        return 2;
    }
    if (c->run == Help) return std::fputs(Usage().c_str(), stdout), 0;
    char help[] = "--help";
    char* args[] = {argv[1], help, nullptr};
    return c->run(2, args);
}

// argv[1] is the command; the command sees argv[1..] as its own argv.
int Dispatch(int argc, char** argv) {
    const std::string command = argv[1];
    if (command == "-h" || command == "--help") return std::fputs(Usage().c_str(), stdout), 0;
    if (command == "--version" || command == "-V") return Version();
    if (const Command* c = FindCommand(command)) return c->run(argc - 1, argv + 1);
    std::fprintf(stderr, "ltcap: unknown command '%s'\n%s", ltcap::TerminalSafe(command).c_str(),
                 Usage().c_str());
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fputs(Usage().c_str(), stderr);
        return 2;
    }
    return Dispatch(argc, argv);
}
