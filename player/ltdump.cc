// ltdump: prints an ltcap log so a person can read what was captured — the header, then one line per call
// (sequence number, thread, time, the call with its arguments, its result or exception) and the data entries.
#include <capnp/schema.h>

#include <cstdio>
#include <cstring>
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "player/format.h"
#include "player/log_check.h"
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
  --symbolize   name backtrace frames (function, file:line) by reading the ELF files of the log's module map; only
                regular files are opened. Without it frames show as module+offset: a log is untrusted input, and the
                files it names are not opened unless asked
  --list-api    print the name of every API function a log can contain, one per line, and exit
  -h, --help    this text

Long lists and texts are shortened ("… N more").

exit status: 0 the log was read completely, 1 it was cut off (everything before the cut is printed),
             2 it is not a readable ltcap log, or it is damaged (everything before the damage is printed)
)";

// Prints the entries of one log. Everything it shows comes from the log, so lists, texts and backtraces are
// shortened (format.h) and nothing the log names is opened unless --symbolize asks.
class Dump {
public:
    Dump(bool times, bool data, bool symbolize) : times_(times), data_(data), symbols_(symbolize) {}

    void Header(ltcap::schema::Header::Reader h) {
        using ltcap::Printable;
        std::printf("ltcap log format %u, written by ltcap %s, tt-metal %s\n", h.getFormatVersion(),
                    Printable(h.getToolVersion(), 64).c_str(), Printable(h.getTtMetalVersion(), 64).c_str());
        std::printf("process: %s\n", Printable(h.getProcessName()).c_str());
        if (times_) {
            std::string cmd;
            const auto args = h.getCommandLine();
            for (unsigned i = 0; i < args.size() && i < kShown; i++) cmd += (i ? " " : "") + Printable(args[i]);
            if (args.size() > kShown) cmd += " … " + std::to_string(args.size() - kShown) + " more arguments";
            std::printf("command line: %s\npid %u on %s, started %llu ns after the epoch\n", cmd.c_str(), h.getPid(),
                        Printable(h.getHost(), 64).c_str(), static_cast<unsigned long long>(h.getStartTimeUnixNs()));
            const auto env = h.getEnvironment();
            for (unsigned i = 0; i < env.size() && i < kShown; i++)
                std::printf("env %s=%s\n", Printable(env[i].getName()).c_str(), Printable(env[i].getValue()).c_str());
            if (env.size() > kShown) std::printf("env … %u more variables\n", env.size() - kShown);
            if (h.getParentPid()) std::printf("forked from pid %u\n", h.getParentPid());
        }
        if (h.getWindow()) std::printf("capture window %u\n", h.getWindow());
        if (h.getStartsMidRun()) std::printf("starts mid-run: [snapshot] records recreate the state first\n");
    }

    void Entry(ltcap::schema::Entry::Reader e) {
        using E = ltcap::schema::Entry;
        switch (e.which()) {
            case E::CALL: Call(e.getCall()); break;
            case E::RETURN: Return(e.getReturn()); break;
            case E::BLOB:
                if (data_ && e.getBlob().getOffset() == 0)
                    std::printf("  blob#%llu: %llu bytes\n", static_cast<unsigned long long>(e.getBlob().getId()),
                                static_cast<unsigned long long>(e.getBlob().getTotalSize()));
                break;
            case E::KERNEL_SOURCE:
                if (data_) {
                    auto k = e.getKernelSource();
                    std::printf("  source#%llu: %s (%u files)\n", static_cast<unsigned long long>(k.getId()),
                                k.getPath().size() ? ltcap::Printable(k.getPath()).c_str() : "<string>", k.getFiles().size());
                }
                break;
            case E::READ_DATA:
                if (data_) {
                    auto d = e.getReadData().getData();
                    std::printf("  read data for #%llu: blob#%llu (%llu B)\n",
                                static_cast<unsigned long long>(e.getReadData().getSeq()),
                                static_cast<unsigned long long>(d.getBlob()), static_cast<unsigned long long>(d.getSize()));
                }
                break;
            case E::END: std::printf("end of log: %llu calls\n", static_cast<unsigned long long>(calls_)); break;
            case E::SNAPSHOT: {
                auto s = e.getSnapshot();
                std::printf("-- snapshot: %u records, %u buffers (%llu bytes) read back from the device, %.1f ms --\n",
                            s.getRecords(), s.getBuffers(), static_cast<unsigned long long>(s.getBufferBytes()),
                            s.getDurationNs() / 1e6);
                break;
            }
            case E::MODULES: {
                std::vector<ltcap::LoadedModule> modules;
                for (auto m : e.getModules().getModules())
                    modules.push_back({m.getPath().cStr(), m.getLoadBias(), m.getStart(), m.getEnd()});
                symbols_.SetModules(std::move(modules));
                break;
            }
            case E::HEADER: break;
        }
    }

    // Calls the log never saw end: the process stopped inside them.
    void Unfinished() {
        for (const auto& [seq, line] : open_calls_)
            std::printf("%s (no return: the process stopped inside this call)\n", line.c_str());
        open_calls_.clear();
    }
    std::uint64_t calls() const { return calls_; }

private:
    static constexpr unsigned kShown = 64;  // header list entries, backtrace frames

    void Call(ltcap::schema::Call::Reader c) {
        std::string line = "#" + std::to_string(c.getSeq()) + " [t" + std::to_string(c.getThread()) + "]";
        if (times_) line += " +" + std::to_string(c.getBeginNs() / 1000) + "us";
        if (c.getSynthesized()) line += " [snapshot]";
        line += " " + ltcap::FormatCall(c);
        if (c.hasBacktrace()) {
            const auto trace = c.getBacktrace();
            std::vector<std::uint64_t> pcs;
            for (unsigned i = 0; i < trace.size() && i < kShown; i++) pcs.push_back(trace[i]);
            for (const std::string& frame : symbols_.Describe(pcs)) line += "\n    at " + frame;
            if (trace.size() > kShown) line += "\n    … " + std::to_string(trace.size() - kShown) + " more frames";
        }
        if (c.getEndNs()) std::printf("%s\n", line.c_str());  // ended in place: no Return entry follows
        else open_calls_[c.getSeq()] = line;
        calls_++;
    }

    void Return(ltcap::schema::Return::Reader r) {
        auto it = open_calls_.find(r.getSeq());
        std::string line = it == open_calls_.end() ? "#" + std::to_string(r.getSeq()) + " ?" : it->second;
        if (it != open_calls_.end()) open_calls_.erase(it);
        // The result goes on the call's own line, before any backtrace lines.
        const auto cut = std::min(line.find('\n'), line.size());
        std::string tail = line.substr(cut);
        line.resize(cut);
        if (r.getThrew()) line += " threw \"" + ltcap::Printable(r.getException(), 1024) + "\"";
        else if (!r.getResult().isNone()) line += " -> " + ltcap::FormatValue(r.getResult());
        line += tail;
        std::printf("%s\n", line.c_str());
    }

    const bool times_, data_;
    ltcap::Symbolizer symbols_;
    std::map<std::uint64_t, std::string> open_calls_;  // calls whose return has not been read yet
    std::uint64_t calls_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
    bool times = true, data = false, symbolize = false;
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
        } else if (!std::strcmp(argv[i], "--symbolize")) {
            symbolize = true;
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
    std::unique_ptr<ltcap::LogReader> log;
    try {
        log = std::make_unique<ltcap::LogReader>(path);
    } catch (const ltcap::LogError& e) {
        std::fprintf(stderr, "ltdump: %s\n", e.what());
        return 2;
    }
    Dump dump(times, data, symbolize);
    ltcap::LogChecker check;  // what entries must agree on (blobs, data references, seqs): printed only if it holds
    try {
        dump.Header(log->header());
        while (auto message = log->Next()) {
            log->ReleasePassed();  // bounded memory
            const auto entry = message->getRoot<ltcap::schema::Entry>();
            check.Entry(entry);
            dump.Entry(entry);
        }
    } catch (const kj::Exception& e) {  // a value of the wrong kind, the traversal limit (ReadAt validated the rest)
        std::fflush(stdout);
        std::fprintf(stderr, "ltdump: %s: %s: damaged: %s\n", path, log->Where().c_str(), e.getDescription().cStr());
        return 2;
    } catch (const ltcap::LogError& e) {
        std::fflush(stdout);
        std::fprintf(stderr, "ltdump: %s: %s: %s\n", path, log->Where().c_str(), e.what());
        return 2;
    }
    dump.Unfinished();
    if (!log->complete()) {
        std::fflush(stdout);
        std::fprintf(stderr, "ltdump: %s is %s: %s; %llu calls read\n", path, log->damaged() ? "damaged" : "incomplete",
                     log->truncation().c_str(), static_cast<unsigned long long>(dump.calls()));
        return log->damaged() ? 2 : 1;
    }
    return 0;
}
