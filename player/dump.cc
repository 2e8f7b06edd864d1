#include "player/dump.h"

#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "common/signal_name.h"
#include "player/decoded_call.h"
#include "player/entries_ahead.h"
#include "player/format.h"
#include "player/log_check.h"
#include "player/symbolize.h"

namespace ltcap {
namespace {

// Prints the entries of one log. Everything it shows comes from the log, so lists, texts and backtraces are
// shortened (format.h) and nothing the log names is opened unless --symbolize asks.
class Dump : public EntryConsumer {
public:
    Dump(const DumpOptions& o, std::FILE* out) : options_(o), times_(o.times), data_(o.data), symbols_(o.symbolize), out_(out) {}

    void Header(schema::Header::Reader h) {

        std::fprintf(out_, "ltcap log format %u, written by ltcap %s, tt-metal %s\n", h.getFormatVersion(),
                     Printable(h.getToolVersion(), 64).c_str(), Printable(h.getTtMetalVersion(), 64).c_str());
        std::fprintf(out_, "process: %s\n", Printable(h.getProcessName()).c_str());
        if (times_) {
            std::string cmd;
            const auto args = h.getCommandLine();
            for (unsigned i = 0; i < args.size() && i < kShown; i++) cmd += (i ? " " : "") + Printable(args[i]);
            if (args.size() > kShown) cmd += " … " + std::to_string(args.size() - kShown) + " more arguments";
            std::fprintf(out_, "command line: %s\npid %u on %s, started %s\n", cmd.c_str(), h.getPid(),
                         Printable(h.getHost(), 64).c_str(), UtcTime(h.getStartTimeUnixNs()).c_str());
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

    void OnBlob(schema::Blob::Reader b) override {
        if (!data_ || b.getOffset() != 0) return;
        const auto bytes = b.getData();
        previews_[b.getId()].assign(bytes.begin(), bytes.begin() + std::min<std::size_t>(bytes.size(), kPreviewBytes));
        if (!Filtered()) Print("  blob#" + std::to_string(b.getId()) + ": " + std::to_string(b.getTotalSize()) + " bytes");
    }

    void OnKernelSource(schema::KernelSource::Reader k) override {
        if (!data_ || Filtered()) return;
        unsigned from_home = 0;
        for (auto f : k.getFiles()) from_home += f.getFromHome();
        if (k.getUnreadable().size())
            std::fprintf(out_, "  source#%llu: %s (no source: %s)\n", static_cast<unsigned long long>(k.getId()),
                         Printable(k.getPath()).c_str(), Printable(k.getUnreadable()).c_str());
        else
            std::fprintf(out_, "  source#%llu: %s (%u files%s)\n", static_cast<unsigned long long>(k.getId()),
                         k.getPath().size() ? Printable(k.getPath()).c_str() : "<string>", k.getFiles().size(),
                         from_home ? (", " + std::to_string(from_home) + " in TT_METAL_HOME").c_str() : "");
    }

    void OnKernelBinary(schema::KernelBinary::Reader b) override {
        if (!data_ || Filtered()) return;
        std::uint64_t bytes = 0;
        for (auto f : b.getFiles()) bytes += f.getData().getSize();
        std::fprintf(out_, "  binary#%llu: kernel %s, build %s (%u files, %llu bytes; %s %s)\n",
                     static_cast<unsigned long long>(b.getId()), Printable(b.getKernelName()).c_str(),
                     Printable(b.getFolder()).c_str(), b.getFiles().size(), static_cast<unsigned long long>(bytes),
                     Printable(b.getTarget().getDevice()).c_str(), Printable(b.getTarget().getTtMetalVersion()).c_str());
    }

    void OnLaunchOutputs(schema::LaunchOutputs::Reader o) override {
        if (!Shown(o.getSeq()) || !options_.grep.empty()) return;
        std::uint64_t bytes = 0;
        for (auto b : o.getBuffers()) bytes += b.getData().getSize();
        Print("  outputs of launch #" + std::to_string(o.getSeq()) + ": " + std::to_string(o.getBuffers().size()) +
              " buffers read back (" + std::to_string(bytes) + " B)");
    }

    void OnReadData(schema::ReadData::Reader r) override {
        if (!data_ || !Shown(r.getSeq()) || (!options_.grep.empty() && !grep_shown_.count(r.getSeq()))) return;
        const auto d = r.getData();
        Print("  read data for #" + std::to_string(r.getSeq()) + ": blob#" + std::to_string(d.getBlob()) + " (" +
              std::to_string(d.getSize()) + " B) " + Preview(d));
    }

    void OnEnd(schema::End::Reader e) override {
        std::fprintf(out_, "end of log: %llu calls%s\n", static_cast<unsigned long long>(calls_),
                     HowItEnded(e).empty() ? "" : ("; " + HowItEnded(e, 4096)).c_str());
    }

    void OnSnapshot(schema::Snapshot::Reader s) override {
        std::fprintf(out_, "-- snapshot: %u records, %u buffers (%llu bytes) read back from the device, %.1f ms --\n",
                     s.getRecords(), s.getBuffers(), static_cast<unsigned long long>(s.getBufferBytes()),
                     s.getDurationNs() / 1e6);
    }

    void OnModules(schema::ModuleMap::Reader map) override {
        std::vector<LoadedModule> modules;
        for (auto m : map.getModules()) modules.push_back({m.getPath().cStr(), m.getLoadBias(), m.getStart(), m.getEnd()});
        symbols_.SetModules(std::move(modules));
    }

    // Calls the log never saw end: the process stopped inside them.
    void Unfinished() {
        for (auto& [seq, call] : open_calls_) Finish(call, " (no return: the process stopped inside this call)", 0);
        open_calls_.clear();
    }
    std::uint64_t calls() const { return calls_; }

private:
    static constexpr unsigned kShown = 64;         // header list entries, backtrace frames
    static constexpr std::size_t kPreviewBytes = 64;  // of each blob, for --data

    // A call whose line is printed once its end is known (the Return entry, or the Call's own endNs).
    struct OpenCall {
        std::uint64_t seq = 0, begin_ns = 0;
        std::string head, body, below;  // "#12 [t0]", "enqueueProgram(…)", backtrace and data lines
    };

    void OnCall(const DecodedCall& c) override {
        calls_++;
        if (!Shown(c.seq)) return;
        if (c.ended_in_place() && !c.entry.hasBacktrace() && !data_) {
            // Most calls of a long log: ended, nothing below their line; the line is made in place.
            line_.clear();
            AppendHead(line_, c.seq, c.thread);
            AppendTimes(line_, c.begin_ns, c.end_ns);
            line_ += ' ';
            if (c.synthesized) line_ += "[snapshot] ";
            c.AppendText(line_);
            Write(line_, c.seq, "");
            return;
        }
        OpenCall call;
        call.seq = c.seq;
        call.begin_ns = c.begin_ns;
        AppendHead(call.head, c.seq, c.thread);
        if (c.synthesized) call.body = "[snapshot] ";
        c.AppendText(call.body);
        if (c.entry.hasBacktrace()) {
            const auto trace = c.entry.getBacktrace();
            std::vector<std::uint64_t> pcs;
            for (unsigned i = 0; i < trace.size() && i < kShown; i++) pcs.push_back(trace[i]);
            for (const std::string& frame : symbols_.Describe(pcs)) call.below += "\n    at " + frame;
            if (trace.size() > kShown) call.below += "\n    … " + std::to_string(trace.size() - kShown) + " more frames";
        }
        if (data_)
            for (auto arg : c.args)
                if (arg.isData()) call.below += "\n    data blob#" + std::to_string(arg.getData().getBlob()) + ": " + Preview(arg.getData());
        if (c.ended_in_place()) Finish(call, "", c.end_ns);  // no Return entry follows
        else open_calls_[c.seq] = std::move(call);
    }

    void OnReturn(const DecodedReturn& r) override {
        auto it = open_calls_.find(r.seq);
        if (it == open_calls_.end()) {
            if (Shown(r.seq)) Print("#" + std::to_string(r.seq) + " ? (a return without its call)");
            return;
        }
        std::string result;
        if (r.threw) result = " threw \"" + Printable(r.exception, 1024) + "\"";
        else if (!r.result.isNone()) result = " -> " + FormatValue(r.result);
        Finish(it->second, result, r.end_ns);
        open_calls_.erase(it);
    }

    // "#12 [t0] +1.523ms (41us) enqueueProgram(…) -> …", then the lines below it; left out if --grep does not match.
    // The line is made in one string kept across calls (a million-call log prints a million of them).
    void Finish(const OpenCall& call, const std::string& result, std::uint64_t end_ns) {
        std::string& line = line_;
        line = call.head;
        AppendTimes(line, call.begin_ns, end_ns);
        line += ' ';
        line += call.body;
        line += result;
        Write(line, call.seq, call.below);
    }

    // "#12 [t0]"
    static void AppendHead(std::string& line, std::uint64_t seq, std::uint32_t thread) {
        line += '#';
        values::AppendNumber(line, seq);
        line += " [t";
        values::AppendNumber(line, thread);
        line += ']';
    }

    // " +1.523ms (41us)": the begin, and the duration when the end is known; nothing with --no-times.
    void AppendTimes(std::string& line, std::uint64_t begin_ns, std::uint64_t end_ns) const {
        if (!times_) return;
        line += " +";
        AppendDuration(line, begin_ns);
        if (end_ns >= begin_ns && end_ns) {
            line += " (";
            AppendDuration(line, end_ns - begin_ns);
            line += ')';
        }
    }

    // The call's line and the lines below it, unless --grep does not match the line.
    void Write(std::string& line, std::uint64_t seq, const std::string& below) {
        if (!options_.grep.empty()) {
            if (line.find(options_.grep) == std::string::npos) return;
            grep_shown_.insert(seq);  // its data lines are shown too
        }
        line += below;
        line += '\n';
        std::fwrite(line.data(), 1, line.size(), out_);
    }

    // Whether the call `seq` (or data belonging to it) is in --calls; whether any filter is on.
    bool Shown(std::uint64_t seq) const { return options_.calls.Contains(seq); }
    bool Filtered() const { return !options_.grep.empty() || !options_.calls.All(); }

    // A blob's first elements in the element type the call gave ("bfloat16[1024] 1 2.5 …"), from the bytes kept of
    // it; "(not in the log)" for a blob the log does not hold.
    std::string Preview(schema::DataRef::Reader d) const {
        auto it = previews_.find(d.getBlob());
        if (it == previews_.end()) return "(not in the log)";
        const auto& bytes = it->second;
        return values::PrintElements(bytes.data(), std::min<std::uint64_t>(bytes.size(), d.getSize()), d.getSize(),
                                     d.getElementType());
    }

    void Print(const std::string& line) { std::fprintf(out_, "%s\n", line.c_str()); }

    const DumpOptions options_;
    const bool times_, data_;
    Symbolizer symbols_;
    std::FILE* out_;
    std::map<std::uint64_t, OpenCall> open_calls_;  // calls whose return has not been read yet
    std::unordered_map<std::uint64_t, std::vector<std::uint8_t>> previews_;  // blob id → its first bytes
    std::unordered_set<std::uint64_t> grep_shown_;  // --grep: the calls whose line was shown
    std::string line_;
    std::uint64_t calls_ = 0;
};

}  // namespace

int DumpLog(const DumpOptions& options, LogReader& log, std::FILE* out, std::FILE* err) {
    Dump dump(options, out);
    LogChecker check;  // what entries must agree on (blobs, data references, seqs): printed only if it holds
    const char* path = log.path().c_str();
    try {
        NamingTheEntry(log, [&] { dump.Header(log.header()); });
        ForEachDecodedEntryAhead(log, check, {&dump});  // the reading and checking on a thread of their own
    } catch (const LogError& e) {
        std::fflush(out);
        std::fprintf(err, "ltdump: %s\n", NamingThePath(path, e.what()).c_str());
        return 2;
    }
    dump.Unfinished();
    if (!log.complete()) {
        std::fflush(out);
        std::fprintf(err, "ltdump: %s is %s: %s; %llu calls read\n", TerminalSafe(path).c_str(),
                     log.damaged() ? "damaged" : "incomplete", TerminalSafe(log.truncation()).c_str(), static_cast<unsigned long long>(dump.calls()));
        return log.damaged() ? 2 : 1;
    }
    return 0;
}

}  // namespace ltcap
