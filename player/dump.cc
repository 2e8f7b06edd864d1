#include "player/dump.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "player/format.h"
#include "player/log_check.h"
#include "player/symbolize.h"

namespace ltcap {
namespace {

// Prints the entries of one log. Everything it shows comes from the log, so lists, texts and backtraces are
// shortened (format.h) and nothing the log names is opened unless --symbolize asks.
class Dump {
public:
    Dump(const DumpOptions& o, std::FILE* out) : times_(o.times), data_(o.data), symbols_(o.symbolize), out_(out) {}

    void Header(schema::Header::Reader h) {

        std::fprintf(out_, "ltcap log format %u, written by ltcap %s, tt-metal %s\n", h.getFormatVersion(),
                     Printable(h.getToolVersion(), 64).c_str(), Printable(h.getTtMetalVersion(), 64).c_str());
        std::fprintf(out_, "process: %s\n", Printable(h.getProcessName()).c_str());
        if (times_) {
            std::string cmd;
            const auto args = h.getCommandLine();
            for (unsigned i = 0; i < args.size() && i < kShown; i++) cmd += (i ? " " : "") + Printable(args[i]);
            if (args.size() > kShown) cmd += " … " + std::to_string(args.size() - kShown) + " more arguments";
            std::fprintf(out_, "command line: %s\npid %u on %s, started %llu ns after the epoch\n", cmd.c_str(),
                         h.getPid(), Printable(h.getHost(), 64).c_str(),
                         static_cast<unsigned long long>(h.getStartTimeUnixNs()));
            const auto env = h.getEnvironment();
            for (unsigned i = 0; i < env.size() && i < kShown; i++)
                std::fprintf(out_, "env %s=%s\n", Printable(env[i].getName()).c_str(),
                             Printable(env[i].getValue()).c_str());
            if (env.size() > kShown) std::fprintf(out_, "env … %u more variables\n", env.size() - kShown);
            if (h.getParentPid()) std::fprintf(out_, "forked from pid %u\n", h.getParentPid());
        }
        if (h.getWindow()) std::fprintf(out_, "capture window %u\n", h.getWindow());
        if (h.getStartsMidRun()) std::fprintf(out_, "starts mid-run: [snapshot] records recreate the state first\n");
    }

    void Entry(schema::Entry::Reader e) {
        using E = schema::Entry;
        switch (e.which()) {
            case E::CALL:
                Call(e.getCall());
                break;
            case E::RETURN:
                Return(e.getReturn());
                break;
            case E::BLOB:
                if (data_ && e.getBlob().getOffset() == 0)
                    std::fprintf(out_, "  blob#%llu: %llu bytes\n",
                                 static_cast<unsigned long long>(e.getBlob().getId()),
                                 static_cast<unsigned long long>(e.getBlob().getTotalSize()));
                break;
            case E::KERNEL_SOURCE:
                if (data_) {
                    auto k = e.getKernelSource();
                    std::fprintf(out_, "  source#%llu: %s (%u files)\n", static_cast<unsigned long long>(k.getId()),
                                 k.getPath().size() ? Printable(k.getPath()).c_str() : "<string>", k.getFiles().size());
                }
                break;
            case E::READ_DATA:
                if (data_) {
                    auto d = e.getReadData().getData();
                    std::fprintf(out_, "  read data for #%llu: blob#%llu (%llu B)\n",
                                 static_cast<unsigned long long>(e.getReadData().getSeq()),
                                 static_cast<unsigned long long>(d.getBlob()),
                                 static_cast<unsigned long long>(d.getSize()));
                }
                break;
            case E::END:
                std::fprintf(out_, "end of log: %llu calls\n", static_cast<unsigned long long>(calls_));
                break;
            case E::SNAPSHOT: {
                auto s = e.getSnapshot();
                std::fprintf(out_,
                             "-- snapshot: %u records, %u buffers (%llu bytes) read back from the device, %.1f ms --\n",
                             s.getRecords(), s.getBuffers(), static_cast<unsigned long long>(s.getBufferBytes()),
                             s.getDurationNs() / 1e6);
                break;
            }
            case E::MODULES: {
                std::vector<LoadedModule> modules;
                for (auto m : e.getModules().getModules())
                    modules.push_back({m.getPath().cStr(), m.getLoadBias(), m.getStart(), m.getEnd()});
                symbols_.SetModules(std::move(modules));
                break;
            }
            case E::HEADER:
                break;
        }
    }

    // Calls the log never saw end: the process stopped inside them.
    void Unfinished() {
        for (const auto& [seq, line] : open_calls_)
            std::fprintf(out_, "%s (no return: the process stopped inside this call)\n", line.c_str());
        open_calls_.clear();
    }
    std::uint64_t calls() const { return calls_; }

private:
    static constexpr unsigned kShown = 64;  // header list entries, backtrace frames

    void Call(schema::Call::Reader c) {
        std::string line = "#" + std::to_string(c.getSeq()) + " [t" + std::to_string(c.getThread()) + "]";
        if (times_) line += " +" + std::to_string(c.getBeginNs() / 1000) + "us";
        if (c.getSynthesized()) line += " [snapshot]";
        line += " " + FormatCall(c);
        if (c.hasBacktrace()) {
            const auto trace = c.getBacktrace();
            std::vector<std::uint64_t> pcs;
            for (unsigned i = 0; i < trace.size() && i < kShown; i++) pcs.push_back(trace[i]);
            for (const std::string& frame : symbols_.Describe(pcs)) line += "\n    at " + frame;
            if (trace.size() > kShown) line += "\n    … " + std::to_string(trace.size() - kShown) + " more frames";
        }
        if (c.getEndNs())
            std::fprintf(out_, "%s\n", line.c_str());  // ended in place: no Return entry follows
        else
            open_calls_[c.getSeq()] = line;
        calls_++;
    }

    void Return(schema::Return::Reader r) {
        auto it = open_calls_.find(r.getSeq());
        std::string line = it == open_calls_.end() ? "#" + std::to_string(r.getSeq()) + " ?" : it->second;
        if (it != open_calls_.end()) open_calls_.erase(it);
        // The result goes on the call's own line, before any backtrace lines.
        const auto cut = std::min(line.find('\n'), line.size());
        std::string tail = line.substr(cut);
        line.resize(cut);
        if (r.getThrew())
            line += " threw \"" + Printable(r.getException(), 1024) + "\"";
        else if (!r.getResult().isNone())
            line += " -> " + FormatValue(r.getResult());
        line += tail;
        std::fprintf(out_, "%s\n", line.c_str());
    }

    const bool times_, data_;
    Symbolizer symbols_;
    std::FILE* out_;
    std::map<std::uint64_t, std::string> open_calls_;  // calls whose return has not been read yet
    std::uint64_t calls_ = 0;
};

}  // namespace

int DumpLog(const DumpOptions& options, LogReader& log, std::FILE* out, std::FILE* err) {
    Dump dump(options, out);
    LogChecker check;  // what entries must agree on (blobs, data references, seqs): printed only if it holds
    const char* path = log.path().c_str();
    try {
        NamingTheEntry(log, [&] {
            dump.Header(log.header());
            ForEachCheckedEntry(log, check, [&](schema::Entry::Reader entry) { dump.Entry(entry); });
        });
    } catch (const LogError& e) {
        std::fflush(out);
        std::fprintf(err, "ltdump: %s: %s\n", path, e.what());
        return 2;
    }
    dump.Unfinished();
    if (!log.complete()) {
        std::fflush(out);
        std::fprintf(err, "ltdump: %s is %s: %s; %llu calls read\n", path, log.damaged() ? "damaged" : "incomplete",
                     log.truncation().c_str(), static_cast<unsigned long long>(dump.calls()));
        return log.damaged() ? 2 : 1;
    }
    return 0;
}

}  // namespace ltcap
