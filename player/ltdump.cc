// ltdump: prints an ltcap log so a person can read what was captured — the header, then one line per call
// (sequence number, thread, time, the call with its arguments, its result or exception) and the data entries.
#include <capnp/schema.h>

#include <cstdio>
#include <cstring>
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "player/format.h"
#include "player/log_reader.h"
#include "player/symbolize.h"

namespace {

constexpr const char* kUsage = R"(usage: ltdump [options] LOG

Prints an ltcap log: its header, then one line per call:
  #SEQ [tTHREAD] +TIME_US function(arguments) -> result     (or: threw "message")
A log that starts mid-run (a capture window) first lists the records that recreate the state then,
marked [snapshot], and a line with the snapshot's totals. Calls captured with LTCAP_BACKTRACE are
followed by their call stack, one "at function+offset (module+offset) file:line" line per frame.

options:
  --no-times    omit times and the header's pid, host, start time and command line (stable output, for diffs)
  --data        also list blob, kernel-source and read-data entries
  --list-api    print the name of every API function a log can contain, one per line, and exit
  -h, --help    this text

exit status: 0 the log was read completely, 1 it was cut off (everything before the cut is printed),
             2 it is not a readable ltcap log
)";

}  // namespace

int main(int argc, char** argv) {
    bool times = true, data = false;
    const char* path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (!std::strcmp(argv[i], "--no-times")) {
            times = false;
        } else if (!std::strcmp(argv[i], "--list-api")) {
            for (auto e : capnp::Schema::from<ltcap::schema::Api>().getEnumerants())
                std::printf("%s\n", e.getProto().getName().cStr());
            return 0;
        } else if (!std::strcmp(argv[i], "--data")) {
            data = true;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            std::fprintf(stderr, "ltdump: unknown option %s\n%s", argv[i], kUsage);
            return 2;
        } else if (path) {
            std::fprintf(stderr, "ltdump: one log at a time (got %s and %s)\n", path, argv[i]);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    try {
        ltcap::LogReader log(path);
        auto h = log.header();
        std::printf("ltcap log format %u, written by ltcap %s, tt-metal %s\n", h.getFormatVersion(),
                    h.getToolVersion().cStr(), h.getTtMetalVersion().cStr());
        std::printf("process: %s\n", h.getProcessName().cStr());
        if (times) {
            std::string cmd;
            for (auto a : h.getCommandLine()) cmd += (cmd.empty() ? "" : " ") + std::string(a.cStr());
            std::printf("command line: %s\npid %u on %s, started %llu ns after the epoch\n", cmd.c_str(), h.getPid(),
                        h.getHost().cStr(), static_cast<unsigned long long>(h.getStartTimeUnixNs()));
            for (auto e : h.getEnvironment()) std::printf("env %s=%s\n", e.getName().cStr(), e.getValue().cStr());
            if (h.getParentPid()) std::printf("forked from pid %u\n", h.getParentPid());
        }
        if (h.getWindow()) std::printf("capture window %u\n", h.getWindow());
        if (h.getStartsMidRun()) std::printf("starts mid-run: [snapshot] records recreate the state first\n");
        ltcap::Symbolizer symbols;
        std::map<std::uint64_t, std::string> open_calls;  // calls whose return has not been read yet
        std::uint64_t calls = 0;
        while (auto message = log.Next()) {
            log.ReleasePassed();  // bounded memory
            auto e = message->getRoot<ltcap::schema::Entry>();
            switch (e.which()) {
                case ltcap::schema::Entry::CALL: {
                    auto c = e.getCall();
                    std::string line = "#" + std::to_string(c.getSeq()) + " [t" + std::to_string(c.getThread()) + "]";
                    if (times) line += " +" + std::to_string(c.getBeginNs() / 1000) + "us";
                    if (c.getSynthesized()) line += " [snapshot]";
                    line += " " + ltcap::FormatCall(c);
                    if (c.hasBacktrace()) {
                        std::vector<std::uint64_t> pcs;
                        for (std::uint64_t pc : c.getBacktrace()) pcs.push_back(pc);
                        for (const std::string& frame : symbols.Describe(pcs)) line += "\n    at " + frame;
                    }
                    if (c.getEndNs()) std::printf("%s\n", line.c_str());  // ended in place: no Return entry follows
                    else open_calls[c.getSeq()] = line;
                    calls++;
                    break;
                }
                case ltcap::schema::Entry::RETURN: {
                    auto r = e.getReturn();
                    auto it = open_calls.find(r.getSeq());
                    std::string line = it == open_calls.end() ? "#" + std::to_string(r.getSeq()) + " ?" : it->second;
                    if (it != open_calls.end()) open_calls.erase(it);
                    // The result goes on the call's own line, before any backtrace lines.
                    const auto cut = std::min(line.find('\n'), line.size());
                    std::string tail = line.substr(cut);
                    line.resize(cut);
                    if (r.getThrew()) line += " threw \"" + std::string(r.getException().cStr()) + "\"";
                    else if (!r.getResult().isNone()) line += " -> " + ltcap::FormatValue(r.getResult());
                    line += tail;
                    std::printf("%s\n", line.c_str());
                    break;
                }
                case ltcap::schema::Entry::BLOB:
                    if (data && e.getBlob().getOffset() == 0)
                        std::printf("  blob#%llu: %llu bytes\n", static_cast<unsigned long long>(e.getBlob().getId()),
                                    static_cast<unsigned long long>(e.getBlob().getTotalSize()));
                    break;
                case ltcap::schema::Entry::KERNEL_SOURCE:
                    if (data) {
                        auto k = e.getKernelSource();
                        std::printf("  source#%llu: %s (%u files)\n", static_cast<unsigned long long>(k.getId()),
                                    k.getPath().size() ? k.getPath().cStr() : "<string>", k.getFiles().size());
                    }
                    break;
                case ltcap::schema::Entry::READ_DATA:
                    if (data) {
                        auto d = e.getReadData().getData();
                        std::printf("  read data for #%llu: blob#%llu (%llu B)\n",
                                    static_cast<unsigned long long>(e.getReadData().getSeq()),
                                    static_cast<unsigned long long>(d.getBlob()),
                                    static_cast<unsigned long long>(d.getSize()));
                    }
                    break;
                case ltcap::schema::Entry::END:
                    std::printf("end of log: %llu calls\n", static_cast<unsigned long long>(calls));
                    break;
                case ltcap::schema::Entry::SNAPSHOT: {
                    auto s = e.getSnapshot();
                    std::printf("-- snapshot: %u records, %u buffers (%llu bytes) read back from the device, %.1f ms --\n",
                                s.getRecords(), s.getBuffers(), static_cast<unsigned long long>(s.getBufferBytes()),
                                s.getDurationNs() / 1e6);
                    break;
                }
                case ltcap::schema::Entry::MODULES: {
                    std::vector<ltcap::LoadedModule> modules;
                    for (auto m : e.getModules().getModules())
                        modules.push_back({m.getPath().cStr(), m.getLoadBias(), m.getStart(), m.getEnd()});
                    symbols.SetModules(std::move(modules));
                    break;
                }
                case ltcap::schema::Entry::HEADER: break;
            }
        }
        for (const auto& [seq, line] : open_calls) std::printf("%s (no return: the process stopped inside this call)\n", line.c_str());
        if (!log.complete()) {
            std::fprintf(stderr, "ltdump: %s is incomplete: %s; %llu calls read\n", path, log.truncation().c_str(),
                         static_cast<unsigned long long>(calls));
            return 1;
        }
        return 0;
    } catch (const ltcap::LogError& e) {
        std::fprintf(stderr, "ltdump: %s\n", e.what());
        return 2;
    } catch (const kj::Exception& e) {
        std::fprintf(stderr, "ltdump: %s: damaged log: %s\n", path, e.getDescription().cStr());
        return 2;
    }
}
