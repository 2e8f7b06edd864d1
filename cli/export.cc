#include "cli/export.h"

#include <getopt.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "cli/blob_files.h"
#include "cli/compact_json.h"
#include "cli/entry_json.h"
#include "cli/queue_timeline.h"
#include "common/json.h"
#include "common/same_file.h"
#include "player/decoded_call.h"
#include "player/entries_ahead.h"
#include "player/format.h"
#include "player/log_check.h"
#include "player/log_reader.h"
#include "player/programs.h"
#include "schema/values/tt_enums.h"

namespace ltcap::cli {
namespace {

using E = schema::Entry;

// ---- json, jsonl, compact

// An entry as --format json writes it, its blob bytes first written to DIR/<id>.bin with --blobs DIR.
class SchemaEntries {
public:
    explicit SchemaEntries(const std::string& blob_dir) {
        if (!blob_dir.empty()) files_.emplace(dir_.emplace(blob_dir), "");
    }
    SchemaEntries(const SchemaEntries&) = delete;
    SchemaEntries& operator=(const SchemaEntries&) = delete;
    void Append(EntryJson& encoder, E::Reader e, std::string& out) {
        if (e.isBlob() && files_) encoder.SetBlobFile(files_->Write(e.getBlob()), e.getBlob().getOffset());
        else encoder.SetBlobFile("", 0);
        encoder.Append(capnp::toDynamic(e), out);
    }

private:
    std::optional<OutputDir> dir_;
    std::optional<BlobFiles> files_;  // writes into dir_
};

void ExportEntries(LogReader& log, LogChecker& check, std::FILE* out, bool lines, const std::string& blob_dir) {
    EntryJson encoder;
    // Where a call's end is: its call entry when it ended before that was written, else its return. A first pass
    // finds the returns', so every exported call has its end_ns.
    std::unordered_map<std::uint64_t, std::uint64_t> ends;
    NamingTheEntry(log, [&] {
        for (auto m = log.Next(); m; m = log.Next()) {
            const auto e = m->getRoot<E>();
            if (e.isReturn()) ends[e.getReturn().getSeq()] = e.getReturn().getEndNs();
            log.ReleasePassed();
        }
    });
    log.Rewind();
    SchemaEntries entries(blob_dir);

    // Each entry is made in one reused string and written whole.
    std::string json;
    bool first = true;
    const auto emit = [&] {
        if (lines) json += '\n';
        std::fwrite(json.data(), 1, json.size(), out);  // (a failed write shows in the stream's error, checked once)
        json.clear();
    };
    const auto separate = [&] {
        if (!lines && !first) json += ",\n";
        first = false;
    };
    if (!lines) std::fputs("{\"format\":\"ltcap-json\",\"entries\":[\n", out);
    separate();
    json += "{\"header\":";
    encoder.Append(capnp::toDynamic(log.header()), json);  // the reader took it already
    json += '}';
    emit();
    ForEachCheckedEntryAhead(log, check, [&](E::Reader e) {  // the reading and checking on a thread of their own
        separate();
        if (e.isCall()) {
            // The call as the schema has it, its end wherever the log keeps it, with its parameter names beside its
            // args and the enumerator names of its enum-typed arguments.
            const DecodedCall call = DecodeCall(e.getCall());
            const auto end = ends.find(call.seq);
            json += "{\"call\":";
            encoder.Append(capnp::toDynamic(call.entry), json,
                           call.ended_in_place() || end == ends.end() ? 0 : end->second);
            json += ",\"params\":[";
            bool enums = false;
            for (unsigned i = 0; i < call.args.size(); i++) {
                const char* name = call.model ? call.model->ParamName(i) : nullptr;
                if (i) json += ',';
                json += '"', json += name ? name : "", json += '"';  // names are identifiers
            }
            json += ']';
            for (unsigned i = 0; i < call.args.size() && call.model; i++) {
                const char* name = call.model->ParamName(i);
                const char* type = call.model->ParamEnum(i);
                const auto arg = call.args[i];
                if (!type || !name || !(arg.isUint() || arg.isInt())) continue;
                json += enums ? ",\"" : ",\"enums\":{\"";
                enums = true;
                json += name, json += "\":";
                AppendJsonString(values::TtEnumName(type, arg.isUint() ? arg.getUint()
                                                                        : static_cast<std::uint64_t>(arg.getInt())),
                                 json);
            }
            json += enums ? "}}" : "}";
        } else {
            entries.Append(encoder, e, json);
        }
        emit();
    });
    if (!lines) std::fputs("\n]}\n", out);
}

// ---- compact

// One line per entry, in one pass: a call's end is in its line where the log keeps it there, else in its return's.
void ExportCompact(LogReader& log, LogChecker& check, std::FILE* out, const std::string& blob_dir) {
    CompactJson encoder;
    SchemaEntries entries(blob_dir);
    std::string line = "{\"format\":\"ltcap-compact\",\"version\":1,\"header\":";
    encoder.schema_json().Append(capnp::toDynamic(log.header()), line);
    line += "}\n";
    std::fwrite(line.data(), 1, line.size(), out);
    ForEachCheckedEntryAhead(log, check, [&](E::Reader e) {  // the reading and checking on a thread of their own
        line.clear();
        if (e.isCall()) {
            encoder.AppendCall(DecodeCall(e.getCall()), line);
        } else if (e.isReturn()) {
            encoder.AppendReturn(DecodeReturn(e.getReturn()), line);
        } else {
            entries.Append(encoder.schema_json(), e, line);
        }
        line += '\n';
        std::fwrite(line.data(), 1, line.size(), out);  // (a failed write shows in the stream's error, checked once)
    });
}

// ---- perfetto

constexpr std::uint64_t kQueueTrackBase = 1000000;  // queue tracks' tids, apart from host threads'

struct OpenCall {
    schema::Api function;
    std::uint32_t thread;
    std::uint64_t begin;
    std::string text;  // DecodedCall::Text
};

// Host calls as slices on their thread's track; each queue's work (cli/queue_timeline.h) as slices on the queue's
// own lane, first in first out and never nested, named after what it runs, with a flow arrow from the call that
// queued it.
class TraceEvents {
public:
    TraceEvents(std::FILE* out, std::uint32_t pid, const std::string& process)
        : j_(out), pid_(pid), timeline_(programs_, [this](const QueueWork& w) { Work(w); }) {
        j_.BeginObject();
        j_.Key("displayTimeUnit"), j_.String("ns");
        j_.Key("traceEvents"), j_.BeginArray();
        Meta("process_name", 0, process + " (ltcap log)");
    }
    void Source(schema::KernelSource::Reader s) { programs_.OnKernelSource(s); }
    void Call(const DecodedCall& call) {
        programs_.OnCall(call);
        if (threads_.insert(call.thread).second) Meta("thread_name", call.thread, "thread " + std::to_string(call.thread));
        open_.emplace(call.seq, OpenCall{call.function, call.thread, call.begin_ns, call.Text()});
        timeline_.Call(call);
    }
    // The call `seq` ended at `end` (threw: with `exception`).
    void Ended(std::uint64_t seq, std::uint64_t end, const std::string* exception) {
        auto it = open_.find(seq);
        if (it == open_.end()) return;
        const OpenCall& c = it->second;
        Slice(c.thread, ApiName(c.function), "call", c.begin, end, seq, c.text, exception ? "exception" : "", exception);
        open_.erase(it);
        timeline_.Ended(seq, end);
    }
    // What never ended: calls cut off by the log's end, queue work nothing waited for.
    void Finish(std::uint64_t last_ns) {
        for (auto& [seq, c] : open_) {
            const std::string unfinished = "no end recorded";
            Slice(c.thread, ApiName(c.function), "call", c.begin, std::max(c.begin, last_ns), seq, c.text, "exception",
                  &unfinished);
        }
        timeline_.Finish(last_ns);
        j_.EndArray();
        j_.EndObject();
    }

private:
    void Meta(const char* what, std::uint64_t tid, const std::string& name) {
        j_.BeginObject();
        j_.Key("ph"), j_.String("M");
        j_.Key("name"), j_.String(what);
        j_.Key("pid"), j_.Number(pid_);
        j_.Key("tid"), j_.Number(tid);
        j_.Key("args"), j_.BeginObject(), j_.Key("name"), j_.String(name), j_.EndObject();
        j_.EndObject();
    }
    void Slice(std::uint64_t tid, const std::string& name, const char* category, std::uint64_t begin, std::uint64_t end,
               std::uint64_t seq, const std::string& text, const char* note_key, const std::string* note) {
        j_.BeginObject();
        j_.Key("ph"), j_.String("X");
        j_.Key("name"), j_.String(name);
        j_.Key("cat"), j_.String(category);
        j_.Key("pid"), j_.Number(pid_);
        j_.Key("tid"), j_.Number(tid);
        j_.Key("ts"), j_.Micros(begin);
        j_.Key("dur"), j_.Micros(end >= begin ? end - begin : 0);
        j_.Key("args"), j_.BeginObject();
        j_.Key("seq"), j_.Number(seq);
        if (!text.empty()) j_.Key("call"), j_.String(text);
        if (note) j_.Key(note_key), j_.String(*note);
        j_.EndObject();
        j_.EndObject();
    }
    // A flow event: "s" at the queuing call, "f" (bound to the enclosing slice) at the work's start on its lane.
    void Flow(const char* phase, std::uint64_t id, std::uint64_t tid, std::uint64_t ts) {
        j_.BeginObject();
        j_.Key("ph"), j_.String(phase);
        j_.Key("name"), j_.String("queued");
        j_.Key("cat"), j_.String("queue");
        j_.Key("id"), j_.Number(id);
        j_.Key("pid"), j_.Number(pid_);
        j_.Key("tid"), j_.Number(tid);
        j_.Key("ts"), j_.Micros(ts);
        if (phase[0] == 'f') j_.Key("bp"), j_.String("e");
        j_.EndObject();
    }
    void Work(const QueueWork& w) {
        std::uint64_t& track = tracks_[w.queue];
        if (!track) {
            track = kQueueTrackBase + tracks_.size();
            Meta("thread_name", track,
                 std::string(w.mesh ? "meshCommandQueue#" : "commandQueue#") + std::to_string(w.queue) +
                     (w.mesh ? " (meshDevice#" : " (device#") + std::to_string(w.device) + ")");
        }
        const std::string enqueued = "enqueued by call #" + std::to_string(w.seq) + " at " + HumanDuration(w.enqueued) +
                                     ", done by " + HumanDuration(w.completed) + (w.waited ? "" : " (nothing waited for it)");
        Slice(track, w.label, "queue", w.lane_start, w.lane_end, w.seq, "", "queued", &enqueued);
        Flow("s", w.seq, w.thread, w.enqueued);
        Flow("f", w.seq, track, w.lane_start);
    }

    JsonWriter j_;
    std::uint32_t pid_;
    Programs programs_;
    QueueTimeline timeline_;
    std::set<std::uint32_t> threads_;
    std::map<std::uint64_t, OpenCall> open_;
    std::map<std::uint64_t, std::uint64_t> tracks_;  // queue id → its lane's tid
};

void ExportTrace(LogReader& log, LogChecker& check, std::FILE* out) {
    const auto h = log.header();
    TraceEvents t(out, h.getPid(), h.getProcessName().cStr());
    std::uint64_t last_ns = 0;
    ForEachCheckedEntry(log, check, [&](E::Reader e) {
        if (e.isKernelSource()) {
            t.Source(e.getKernelSource());
        } else if (e.isCall()) {
            const DecodedCall call = DecodeCall(e.getCall());
            last_ns = std::max(last_ns, call.begin_ns);
            t.Call(call);
            if (call.ended_in_place()) t.Ended(call.seq, call.end_ns, nullptr), last_ns = std::max(last_ns, call.end_ns);
        } else if (e.isReturn()) {
            const auto r = e.getReturn();
            const std::string what = r.getThrew() ? std::string(r.getException().cStr()) : "";
            t.Ended(r.getSeq(), r.getEndNs(), r.getThrew() ? &what : nullptr);
            last_ns = std::max(last_ns, r.getEndNs());
        } else if (e.isEnd()) {
            last_ns = std::max(last_ns, e.getEnd().getEndNs());
        }
    });
    t.Finish(last_ns);
    std::fputc('\n', out);
}

constexpr const char* kExportUsage = R"(usage: ltcap export [--format json|jsonl|compact|perfetto] [--blobs DIR] [-o OUT] LOG
       ltcap export --format cpp LOG DIR

Writes a log as JSON for other tools, reading it without executing anything; or as a standalone tt-metal program.

formats:
  json       (default) {"format":"ltcap-json","entries":[...]}: every entry as the schema (trace.capnp) has it —
             its field names in snake_case, enums (the schema's and tt-metal's) by name, 64-bit integers as
             strings, every call with its end_ns — and each call with "params", its parameter names, and "enums",
             its enum arguments' names; a blob's bytes appear as {"bytes":N} (with --blobs, also the file)
  jsonl      the same entries, one JSON object per line
  compact    one JSON object per line, a call in the tools' notation: {"call":"setRuntimeArgs","seq":5,
             "thread":1,"at":NS,"dur":NS,"args":[{"program":2},{"kernel":3},{"core":[0,0]},[1,2]]} — its
             arguments in order, the function's parameter names once on a {"function":…,"params":[…]} line
             before its first call; objects {"KIND":ID}, cores {"core":[x,y]}, {"range":[x0,y0,x1,y1]} or
             {"ranges":[…]}, integers as numbers (strings past 2^53), tt-metal enums by name; a return
             {"return":SEQ,"end":NS,"result":…}; other entries as jsonl has them. About a third of jsonl's bytes
  perfetto   Chrome trace-event JSON for Perfetto (ui.perfetto.dev) or chrome://tracing: a track per host thread,
             each call a slice; a lane per command queue (mesh queues too), its work first in, first out and never
             nested — a launch named after its program's kernels — each slice from when it could start (its
             enqueue, or the end of the one before) to when the next could, the last of a batch ending with the
             call that waited for it (Finish, a blocking call, Synchronize or CloseDevice of its device); an arrow
             from the call that queued it
  cpp        a reproducer in DIR (created): main.cpp makes the log's calls again through the public API of the
             log's tt-metal release, with its kernels (kernels/) and data (data/), and checks every read against
             the recorded bytes; CMakeLists.txt builds it (find_package(TT-Metalium) for v0.67.0 and later,
             TT_METAL_PREFIX for v0.56.0); README.md says how. Written by the release's player (ltplay
             --export-cpp); exit 0 written, 2 a bad log or a call it cannot write (named)

options:
  --format F      json, jsonl, compact, perfetto or cpp
  --blobs DIR     json, jsonl, compact: write each blob's bytes to DIR/<id>.bin (DIR is created; a symbolic link
                  or a hard-linked file already in DIR is refused, never written through)
  -o, --output F  write to F instead of standard output
  -h, --help      this text

exit status: 0 done, 1 the log is cut off (what is there is exported), 2 the log is unreadable or damaged, or
             the output could not be written
)";

}  // namespace

void ExportLog(LogReader& log, std::FILE* out, const std::string& format, const std::string& blob_dir) {
    LogChecker check;
    // json, jsonl and compact read ahead (entries_ahead.h), which names the entry an error is about itself.
    if (format == "perfetto") NamingTheEntry(log, [&] { ExportTrace(log, check, out); });
    else if (format == "compact") ExportCompact(log, check, out, blob_dir);
    else ExportEntries(log, check, out, format == "jsonl", blob_dir);
}

int ExportMain(int argc, char** argv) {
    static const option kOptions[] = {{"format", required_argument, nullptr, 'f'},
                                      {"blobs", required_argument, nullptr, 'b'},
                                      {"output", required_argument, nullptr, 'o'},
                                      {"help", no_argument, nullptr, 'h'},
                                      {nullptr, 0, nullptr, 0}};
    std::string format = "json", blob_dir, output;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "ho:", kOptions, nullptr)) != -1;) {
        if (c == 'f') format = optarg;
        else if (c == 'b') blob_dir = optarg;
        else if (c == 'o') output = optarg;
        else if (c == 'h') return std::fputs(kExportUsage, stdout), 0;
        else return std::fputs(kExportUsage, stderr), 2;
    }
    if (format != "json" && format != "jsonl" && format != "compact" && format != "perfetto") {
        std::fprintf(stderr, "ltcap export: unknown format '%s' (json, jsonl, compact, perfetto or cpp)\n",
                     format.c_str());
        return 2;
    }
    if (!blob_dir.empty() && format == "perfetto") {
        std::fprintf(stderr, "ltcap export: --blobs goes with --format json, jsonl or compact\n");
        return 2;
    }
    if (optind + 1 != argc) {
        std::fprintf(stderr, "ltcap export: give one log\n%s", kExportUsage);
        return 2;
    }
    const char* path = argv[optind];
    if (!output.empty() && SameFile(output, path)) {
        std::fprintf(stderr, "ltcap export: the output %s is the log being exported: refused (it would be emptied)\n",
                     output.c_str());
        return 2;
    }
    std::FILE* out = output.empty() ? stdout : std::fopen(output.c_str(), "w");
    if (!out) {
        std::fprintf(stderr, "ltcap export: cannot write %s: %s\n", output.c_str(), std::strerror(errno));
        return 2;
    }
    // Into a file or a pipe a mebibyte at a time (stdio's own buffer is a few KiB: a system call every ~30 calls of a
    // log); a terminal keeps its lines as they come. (Static: standard output keeps it until the process ends.)
    static char buffer[1 << 20];
    if (!isatty(fileno(out))) std::setvbuf(out, buffer, _IOFBF, sizeof buffer);
    int status = 0;
    try {
        LogReader log(path);
        ExportLog(log, out, format, blob_dir);
        if (log.damaged()) {
            std::fprintf(stderr, "ltcap export: %s: damaged: %s\n", path, log.truncation().c_str());
            status = 2;
        } else if (!log.complete()) {
            std::fprintf(stderr, "ltcap export: %s: cut off: %s (everything before it is exported)\n", path,
                         log.truncation().c_str());
            status = 1;
        }
    } catch (const LogError& e) {
        std::fprintf(stderr, "ltcap export: %s\n", NamingThePath(path, e.what()).c_str());
        status = 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ltcap export: %s\n", e.what());
        status = 2;
    }
    if (std::fflush(out) != 0 || std::ferror(out)) {
        std::fprintf(stderr, "ltcap export: cannot write %s\n", output.empty() ? "standard output" : output.c_str());
        status = 2;
    }
    if (out != stdout) std::fclose(out);
    return status;
}

}  // namespace ltcap::cli
