#include "cli/info.h"

#include <capnp/schema.h>
#include <getopt.h>
#include <sys/stat.h>

#include <algorithm>
#include <cinttypes>
#include <ctime>

#include "api/releases.h"
#include "cli/queue_timeline.h"
#include "common/signal_name.h"
#include "common/json.h"
#include "player/decoded_call.h"
#include "player/entries_ahead.h"
#include "player/format.h"
#include "player/log_check.h"
#include "schema/values/scalars.h"

namespace ltcap::cli {
namespace {

// The schema's name of an object kind ("circularBuffer"), as ltdump prints it.
std::string KindName(schema::ObjectKind kind) {
    const auto enumerants = capnp::Schema::from<schema::ObjectKind>().getEnumerants();
    const auto index = static_cast<unsigned>(kind);
    return index < enumerants.size() ? enumerants[index].getProto().getName().cStr() : "unknown";
}

// "circularBuffer" → "circular buffer", for the text summary.
std::string Spaced(const std::string& name) {
    std::string out;
    for (char c : name) {
        if (c >= 'A' && c <= 'Z') out += ' ', out += static_cast<char>(c - 'A' + 'a');
        else out += c;
    }
    return out;
}

std::string Text(capnp::Text::Reader t) { return std::string(t.begin(), t.size()); }

// Objects named in a result: the value itself, or the members of a list (CreateDevices' map).
// The objects a call's result names; `created`: the call made them (its class says so), so devices among them are
// the devices the log opened.
void NoteObjects(schema::Value::Reader v, LogInfo& info, bool created, int depth = 0) {
    if (v.isObject()) {
        auto o = v.getObject();
        if (o.getId() != 0) info.objects[KindName(o.getKind())].insert(o.getId());
        if (created && o.getId() != 0 && o.getKind() == schema::ObjectKind::DEVICE)
            info.device_ids.insert(static_cast<std::int64_t>(o.getRaw()));
        // A mesh a call made, with its devices (ObjectRef.members, format 12; 0 for older logs: not recorded).
        if (created && o.getId() != 0 && o.getKind() == schema::ObjectKind::MESH_DEVICE)
            info.meshes[o.getId()] = o.hasMembers() ? o.getMembers().size() : 0;
    } else if (v.isList() && depth < 4) {
        for (auto item : v.getList()) NoteObjects(item, info, created, depth + 1);
    }
}

std::string Bytes(std::uint64_t n) {
    char buf[64];
    if (n >= (1ull << 30)) std::snprintf(buf, sizeof buf, "%" PRIu64 " B (%.2f GiB)", n, n / double(1ull << 30));
    else if (n >= (1ull << 20)) std::snprintf(buf, sizeof buf, "%" PRIu64 " B (%.2f MiB)", n, n / double(1ull << 20));
    else if (n >= 1024) std::snprintf(buf, sizeof buf, "%" PRIu64 " B (%.1f KiB)", n, n / 1024.0);
    else std::snprintf(buf, sizeof buf, "%" PRIu64 " B", n);
    return buf;
}

// Whether a replay runs the log's kernels from the builds it carries, with no compiler: the capture recorded the
// builds the device made (after each call that may build kernels), and there are some. A log with no kernel is
// self-contained too.
bool SelfContained(const LogInfo& info) {
    return info.kernel_sources == 0 || (info.records_builds && info.kernel_binaries > 0);
}

// Functions by number of calls, most first (then by name, for a stable order).
std::vector<std::pair<std::string, FunctionStats>> ByCalls(const LogInfo& info) {
    std::vector<std::pair<std::string, FunctionStats>> v(info.functions.begin(), info.functions.end());
    std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.second.calls > b.second.calls; });
    return v;
}

LogInfo CollectInfoUnchecked(LogReader& log);

}  // namespace

LogInfo CollectInfo(LogReader& log) {
    return NamingTheEntry(log, [&log] { return CollectInfoUnchecked(log); });
}

LogInfo CollectHeader(const LogReader& log) {
    LogInfo info;
    auto h = log.header();
    info.format = h.getFormatVersion();
    info.tool_version = Text(h.getToolVersion());
    info.tt_metal_version = Text(h.getTtMetalVersion());
    info.records_builds = h.getKernelBuilds();
    info.host = Text(h.getHost());
    info.process = Text(h.getProcessName());
    for (auto arg : h.getCommandLine()) info.command_line.push_back(Text(arg));
    info.pid = h.getPid();
    info.parent_pid = h.getParentPid();
    info.window = h.getWindow();
    info.start_unix_ns = h.getStartTimeUnixNs();
    info.starts_mid_run = h.getStartsMidRun();
    for (auto var : h.getEnvironment()) info.environment.emplace_back(Text(var.getName()), Text(var.getValue()));
    info.mock_device = MockDevice(info.tt_metal_version, info.environment);
    return info;
}

namespace {
// The summary; the log's consistency is checked as ltdump checks it (LogChecker), so what it counts holds.
LogInfo CollectInfoUnchecked(LogReader& log) {
    LogInfo info = CollectHeader(log);
    LogChecker check;

    struct Open {
        FunctionStats* stats;  // its function's row (a map's elements stay where they are)
        std::uint64_t begin;
        bool creates;
    };
    std::map<std::uint64_t, Open> open;  // calls awaiting their Return, by seq
    std::uint32_t last_thread = 0;  // the thread of the call before (calls come in runs of one thread)
    // Each function's row, by its Api value: found by name once, not at every call.
    std::vector<FunctionStats*> rows_by_function;
    const auto stats_of = [&](const DecodedCall& d) -> FunctionStats& {
        const auto i = static_cast<std::size_t>(d.function);
        if (i >= rows_by_function.size()) rows_by_function.resize(i + 1, nullptr);
        if (!rows_by_function[i]) rows_by_function[i] = &info.functions[d.Name()];
        return *rows_by_function[i];
    };
    // Launches, and the calls between a trace capture's begin and end (seq ranges): launches there are a trace's
    // recipe, not runs, and count as the shim counts boundaries (capture/capture.cc: BeforeBoundary).
    std::vector<std::uint64_t> launch_seqs;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> recipes;
    std::uint64_t trace_begin = 0;
    std::set<std::uint64_t> blobs;
    // Time per program: each launch's rows (programs or a trace), its host time at its end, its queue time when
    // the wait that completed it ends.
    Programs programs;
    std::map<std::string, std::size_t> rows;            // label → index in info.programs
    std::map<std::uint64_t, std::vector<std::size_t>> launch_rows;  // launch seq → its rows, until it ends and is done
    std::set<std::uint64_t> queued;                     // launches the queue timeline completed
    QueueTimeline timeline(programs, [&](const QueueWork& w) {
        auto it = launch_rows.find(w.seq);
        if (it == launch_rows.end()) return;
        queued.insert(w.seq);
        for (std::size_t row : it->second) {
            info.programs[row].queue_ns += w.completed - w.enqueued;
            if (!w.waited) info.programs[row].unwaited++;
        }
    });
    const auto ended = [&](std::uint64_t seq, std::uint64_t begin, std::uint64_t end) {
        timeline.Ended(seq, end);
        auto it = launch_rows.find(seq);
        if (it == launch_rows.end()) return;
        for (std::size_t row : it->second) {
            info.programs[row].host_ns += end >= begin ? end - begin : 0;
            if (!queued.count(seq)) info.programs[row].queue_ns += end >= begin ? end - begin : 0;  // not on a queue
        }
    };
    using E = schema::Entry;
    // Reading on a thread of its own; the checker here, beside this summary's lighter work per entry.
    ForEachCheckedEntryAhead(log, check, [&](E::Reader e) {
        switch (e.which()) {
            case E::CALL: {
                const DecodedCall d = DecodeCall(e.getCall());
                const auto c = d.entry;
                FunctionStats& f = stats_of(d);
                f.calls++;
                info.calls++;
                if (c.getSynthesized()) f.synthesized++;
                if (info.calls == 1 || c.getThread() != last_thread) info.threads.insert(last_thread = c.getThread());
                if (info.calls == 1) info.first_seq = c.getSeq();
                info.last_seq = c.getSeq();
                info.last_ns = std::max(info.last_ns, c.getBeginNs());
                const CallClass cls = d.Class();
                if (cls.launch && !cls.not_a_call) launch_seqs.push_back(c.getSeq());
                programs.OnCall(d);
                timeline.Call(d);
                if (cls.launch && !cls.not_a_call && !trace_begin) {  // a run, not a trace's recipe
                    std::vector<std::pair<std::string, std::string>> labels;  // label, kernel set
                    for (std::uint64_t p : programs.Launched(d)) {
                        std::string set;
                        for (const std::string& k : programs.Kernels(p)) set += (set.empty() ? "" : ", ") + k;
                        labels.emplace_back(programs.Label(p), set);
                    }
                    if (labels.empty()) labels.emplace_back(programs.LaunchLabel(d), "");
                    auto& these = launch_rows[c.getSeq()];
                    for (const auto& [label, set] : labels) {
                        if (label.empty()) continue;
                        auto [at, fresh] = rows.emplace(label, info.programs.size());
                        if (fresh) info.programs.push_back({label, set});
                        info.programs[at->second].launches++;
                        these.push_back(at->second);
                    }
                }
                if (cls.begins_trace_capture) trace_begin = c.getSeq();
                if (cls.ends_trace_capture && trace_begin) recipes.emplace_back(trace_begin, c.getSeq()), trace_begin = 0;
                if (c.getEndNs()) {
                    if (c.getEndNs() >= c.getBeginNs()) f.total_ns += c.getEndNs() - c.getBeginNs();
                    info.last_ns = std::max(info.last_ns, c.getEndNs());
                    ended(c.getSeq(), c.getBeginNs(), c.getEndNs());
                } else {
                    open[c.getSeq()] = {&f, c.getBeginNs(), cls.creates};
                }
                break;
            }
            case E::RETURN: {
                auto r = e.getReturn();
                auto it = open.find(r.getSeq());
                if (it == open.end()) break;
                FunctionStats& f = *it->second.stats;
                if (r.getEndNs() >= it->second.begin) f.total_ns += r.getEndNs() - it->second.begin;
                info.last_ns = std::max(info.last_ns, r.getEndNs());
                if (r.getThrew()) f.threw++, info.threw++;
                if (r.hasResult()) NoteObjects(r.getResult(), info, it->second.creates && !r.getThrew());
                ended(r.getSeq(), it->second.begin, r.getEndNs());
                open.erase(it);
                break;
            }
            case E::BLOB: {
                auto b = e.getBlob();
                if (blobs.insert(b.getId()).second) info.blob_count++;
                info.blob_bytes += b.getData().size();
                break;
            }
            case E::KERNEL_SOURCE:
                programs.OnKernelSource(e.getKernelSource());
                if (e.getKernelSource().getUnreadable().size()) {
                    info.unreadable_sources.emplace_back(Text(e.getKernelSource().getPath()),
                                                         Text(e.getKernelSource().getUnreadable()));
                    break;
                }
                info.kernel_sources++;
                for (auto file : e.getKernelSource().getFiles()) info.kernel_source_bytes += file.getContent().size();
                break;
            case E::KERNEL_BINARY: {
                auto b = e.getKernelBinary();
                info.kernel_binaries++;
                for (auto f : b.getFiles()) info.kernel_binary_bytes += f.getData().getSize();
                auto t = b.getTarget();
                info.binary_targets.insert(Text(t.getDevice()) + " " + Text(t.getTtMetalVersion()) + " " +
                                           Text(t.getArch()) +
                                           (t.getKernelAbi() ? " abi" + std::to_string(t.getKernelAbi()) : ""));
                break;
            }
            case E::READ_DATA:
                info.read_data++;
                info.read_bytes += e.getReadData().getData().getSize();
                break;
            case E::LAUNCH_OUTPUTS:
                info.launch_outputs++;
                break;
            case E::END:
                info.last_ns = std::max(info.last_ns, e.getEnd().getEndNs());
                info.died_of = e.getEnd().getSignal();
                info.ended_how = HowItEnded(e.getEnd());
                info.exited = e.getEnd().getExited();
                info.exit_status = e.getEnd().getExitStatus();
                info.uncaught = e.getEnd().getUncaught();
                break;
            case E::SNAPSHOT: {
                auto s = e.getSnapshot();
                info.has_snapshot = true;
                info.snapshot_records = s.getRecords();
                info.snapshot_buffers = s.getBuffers();
                info.snapshot_bytes = s.getBufferBytes();
                break;
            }
            default:
                break;
        }
    }, CheckOn::kToolsThread);
    timeline.Finish(info.last_ns);
    if (trace_begin) recipes.emplace_back(trace_begin, ~0ull);  // a capture the log never saw end
    for (std::uint64_t seq : launch_seqs) {
        bool in_recipe = false;
        for (const auto& [begin, end] : recipes) in_recipe = in_recipe || (seq > begin && seq < end);
        if (!in_recipe) info.launches++;
    }
    info.complete = log.complete();
    info.damaged = log.damaged();
    info.problem = log.truncation();
    info.compressed = log.compressed();
    struct stat st;
    if (stat(log.path().c_str(), &st) == 0) info.file_bytes = static_cast<std::uint64_t>(st.st_size);
    return info;
}
}  // namespace

namespace {
double Ms(std::uint64_t ns) { return static_cast<double>(ns) / 1e6; }
}  // namespace

void PrintInfo(const LogInfo& info, std::FILE* out, bool programs, bool each) {
    using values::Printable;
    auto p = [](const std::string& s) { return Printable(s.data(), s.size()); };
    std::fprintf(out, "log:          format %u, written by ltcap %s, tt-metal %s\n", info.format,
                 p(info.tool_version).c_str(), p(info.tt_metal_version).c_str());
    std::fprintf(out, "file:         %s, %s\n", Bytes(info.file_bytes).c_str(),
                 info.compressed ? "Zstandard stream" : "plain message stream");
    std::fprintf(out, "state:        %s\n",
                 info.complete && info.died_of
                     ? ("complete: " + info.ended_how + ", after call #" + std::to_string(info.last_seq) +
                        "; the capture wrote everything before it")
                           .c_str()
                 : info.complete && !info.ended_how.empty() ? ("complete (closed cleanly): " + info.ended_how).c_str()
                 : info.complete ? "complete (closed cleanly)"
                 : info.damaged ? ("damaged: " + p(info.problem)).c_str()
                                : ("cut off: " + p(info.problem) + " (everything before it is usable)").c_str());
    std::string cmd;
    for (const auto& a : info.command_line) cmd += (cmd.empty() ? "" : " ") + p(a);
    std::fprintf(out, "process:      %s, pid %u on %s%s\n", p(info.process).c_str(), info.pid, p(info.host).c_str(),
                 info.parent_pid ? (", forked from pid " + std::to_string(info.parent_pid)).c_str() : "");
    std::fprintf(out, "command:      %s\n", cmd.c_str());
    std::fprintf(out, "started:      %s\n", UtcTime(info.start_unix_ns).c_str());
    std::fprintf(out, "window:       %s\n",
                 info.window ? ("capture window " + std::to_string(info.window) +
                                (info.starts_mid_run ? ", starts mid-run from a snapshot" : ""))
                                   .c_str()
                             : "the whole run");
    if (info.has_snapshot)
        std::fprintf(out, "snapshot:     %u records, %u buffers read back (%s)\n", info.snapshot_records,
                     info.snapshot_buffers, Bytes(info.snapshot_bytes).c_str());
    std::fprintf(out, "duration:     %s (capture start to the last call's end)\n", HumanDuration(info.last_ns).c_str());
    std::string devices;
    for (auto id : info.device_ids) devices += (devices.empty() ? "" : ", ") + std::to_string(id);
    std::fprintf(out, "devices:      %s\n", !devices.empty()      ? devices.c_str()
                                              : info.meshes.empty() ? "none opened in this log"
                                                                    : "none opened alone (the meshes' below)");
    if (!info.meshes.empty()) {
        std::string meshes;
        for (const auto& [id, n] : info.meshes)
            meshes += (meshes.empty() ? "" : ", ") + std::string("mesh device#") + std::to_string(id) +
                      (n ? " (" + std::to_string(n) + (n == 1 ? " device)" : " devices)") : "");
        std::fprintf(out, "meshes:       %s\n", meshes.c_str());
    }
    std::fprintf(out, "threads:      %zu\n", info.threads.size());
    std::fprintf(out, "calls:        %" PRIu64 " (%" PRIu64 " threw)\n", info.calls, info.threw);
    std::fprintf(out, "launches:     %" PRIu64 " (programs and traces run; trim --programs counts these)\n",
                 info.launches);
    std::string objects;
    for (const auto& [kind, ids] : info.objects)
        objects += (objects.empty() ? "" : ", ") + std::to_string(ids.size()) + " " + Spaced(kind) +
                   (ids.size() == 1 ? "" : "s");
    std::fprintf(out, "objects made: %s\n", objects.empty() ? "none" : objects.c_str());
    std::fprintf(out, "payloads:     %" PRIu64 " distinct, %s stored\n", info.blob_count, Bytes(info.blob_bytes).c_str());
    std::fprintf(out, "reads:        %" PRIu64 " recorded for verification, %s\n", info.read_data,
                 Bytes(info.read_bytes).c_str());
    if (info.launch_outputs)
        std::fprintf(out, "launches:     %" PRIu64 " with their outputs recorded (LTCAP_LAUNCH_OUTPUTS: ltcap bisect "
                     "--a captured)\n", info.launch_outputs);
    std::fprintf(out, "kernels:      %" PRIu64 " sources, %s%s\n", info.kernel_sources,
                 Bytes(info.kernel_source_bytes).c_str(),
                 info.unreadable_sources.empty()
                     ? ""
                     : ("; " + std::to_string(info.unreadable_sources.size()) + " kernel file" +
                        (info.unreadable_sources.size() == 1 ? "" : "s") +
                        " the capture could not read (no source: a replay that compiles one fails)")
                           .c_str());
    for (const auto& [path, why] : info.unreadable_sources)
        std::fprintf(out, "no source:    %s: %s\n", p(path).c_str(), p(why).c_str());
    {
        std::string targets;
        for (const auto& t : info.binary_targets) targets += (targets.empty() ? "" : ", ") + t;
        std::fprintf(out, "builds:       %" PRIu64 " kernel builds%s\n", info.kernel_binaries,
                     info.kernel_binaries ? (", " + Bytes(info.kernel_binary_bytes) + ", built for " + p(targets)).c_str()
                                          : " (a replay compiles every kernel from its source)");
        if (info.kernel_sources)
            std::fprintf(out, "replay:       %s\n",
                         SelfContained(info) ? ("self-contained for " + p(targets) + ": the builds are installed, no "
                                                "compiler runs").c_str()
                                             : "needs a kernel compiler (the log carries no builds)");
    }
    if (!info.mock_device.empty())
        std::fprintf(out, "device:       a mock device (%s): no kernel ran and reads hold no device data, so a replay "
                          "cannot check them\n", p(info.mock_device).c_str());
    for (const auto& [name, var] : info.environment) std::fprintf(out, "env:          %s=%s\n", p(name).c_str(), p(var).c_str());
    // Every table's times are milliseconds (the duration line above says it as a person would).
    std::fprintf(out, "\n%-40s %10s %8s %14s\n", "function", "calls", "threw", "ms");
    for (const auto& [name, f] : ByCalls(info))
        std::fprintf(out, "%-40s %10" PRIu64 " %8" PRIu64 " %14.3f\n", name.c_str(), f.calls, f.threw, Ms(f.total_ns));
    if (!programs) return;
    // The names come last, where their length moves no column.
    const auto row = [&](const char* count, std::uint64_t n, std::uint64_t launches, std::uint64_t host,
                         std::uint64_t queue, std::uint64_t unwaited, const std::string& name) {
        std::fprintf(out, "%9s%s %9" PRIu64 " %12.3f %12.3f %12.3f  %s%s\n", count ? "" : std::to_string(n).c_str(),
                     count ? count : "", launches, Ms(host), Ms(queue), launches ? Ms(queue) / launches : 0.0,
                     p(name).c_str(), unwaited ? ("  (" + std::to_string(unwaited) + " never waited for)").c_str() : "");
    };
    std::fprintf(out, "\n%9s %9s %12s %12s %12s  %s\n", "programs", "launches", "host ms", "queue ms", "ms/launch",
                 "kernels (a program's kernel set; a trace)");
    for (const KernelSetStats& k : KernelSets(info))
        row(nullptr, k.programs, k.launches, k.host_ns, k.queue_ns, k.unwaited, k.kernels);
    if (info.programs.empty()) {
        std::fprintf(out, "(no program or trace was launched)\n");
    } else {
        const KernelSetStats t = ProgramTotal(info);
        row(nullptr, t.programs, t.launches, t.host_ns, t.queue_ns, t.unwaited, "total");
    }
    if (each && !info.programs.empty()) {
        std::fprintf(out, "\n%9s %9s %12s %12s %12s  %s\n", "", "launches", "host ms", "queue ms", "ms/launch",
                     "program (kernels)");
        for (const ProgramStats& s : info.programs) row("", 0, s.launches, s.host_ns, s.queue_ns, s.unwaited, s.label);
    }
    std::fprintf(out, "host: in the calls that launched it; queue: from each launch to the end of the call that waited "
                      "for it\n");
}

std::vector<KernelSetStats> KernelSets(const LogInfo& info) {
    std::vector<KernelSetStats> sets;
    std::map<std::string, std::size_t> at;  // kernel set → its row
    for (const ProgramStats& s : info.programs) {
        // A program that made no kernel the log saw, and each trace, are sets of their own name.
        const bool program = s.label.rfind("program#", 0) == 0;
        const std::string key = !s.kernels.empty() ? s.kernels : program ? "(no kernels)" : s.label;
        const auto [it, fresh] = at.emplace(key, sets.size());
        if (fresh) sets.push_back({key});
        KernelSetStats& k = sets[it->second];
        k.programs += program;
        k.launches += s.launches;
        k.host_ns += s.host_ns;
        k.queue_ns += s.queue_ns;
        k.unwaited += s.unwaited;
    }
    std::stable_sort(sets.begin(), sets.end(),
                     [](const KernelSetStats& a, const KernelSetStats& b) { return a.queue_ns > b.queue_ns; });
    return sets;
}

KernelSetStats ProgramTotal(const LogInfo& info) {
    KernelSetStats t{"total"};
    for (const ProgramStats& s : info.programs) {
        t.programs += s.label.rfind("program#", 0) == 0;
        t.launches += s.launches;
        t.host_ns += s.host_ns;
        t.queue_ns += s.queue_ns;
        t.unwaited += s.unwaited;
    }
    return t;
}

void PrintInfoJson(const LogInfo& info, std::FILE* out, bool programs) {
    JsonWriter j(out);
    j.BeginObject();
    j.Key("format"), j.Number(info.format);
    j.Key("tool_version"), j.String(info.tool_version);
    j.Key("tt_metal_version"), j.String(info.tt_metal_version);
    j.Key("complete"), j.Bool(info.complete);
    j.Key("died_of_signal"), j.Number(info.died_of);
    j.Key("exited"), j.Bool(info.exited);
    j.Key("exit_status"), j.Number(info.exit_status);
    j.Key("uncaught_exception"), j.String(info.uncaught);
    j.Key("damaged"), j.Bool(info.damaged);
    j.Key("problem"), j.String(info.problem);
    j.Key("file_bytes"), j.Number(info.file_bytes);
    j.Key("compressed"), j.Bool(info.compressed);
    j.Key("process"), j.String(info.process);
    j.Key("pid"), j.Number(info.pid);
    j.Key("parent_pid"), j.Number(info.parent_pid);
    j.Key("host"), j.String(info.host);
    j.Key("command_line"), j.BeginArray();
    for (const auto& a : info.command_line) j.String(a);
    j.EndArray();
    j.Key("start_time_unix_ns"), j.Number(info.start_unix_ns);
    j.Key("window"), j.Number(info.window);
    j.Key("starts_mid_run"), j.Bool(info.starts_mid_run);
    j.Key("duration_ns"), j.Number(info.last_ns);
    j.Key("devices"), j.BeginArray();
    for (auto id : info.device_ids) j.Number(id);
    j.EndArray();
    j.Key("meshes"), j.BeginArray();
    for (const auto& [id, n] : info.meshes) {
        j.BeginObject();
        j.Key("id"), j.Number(id);
        j.Key("devices"), j.Number(n);
        j.EndObject();
    }
    j.EndArray();
    j.Key("threads"), j.Number(info.threads.size());
    j.Key("calls"), j.Number(info.calls);
    j.Key("launches"), j.Number(info.launches);
    j.Key("threw"), j.Number(info.threw);
    j.Key("objects"), j.BeginObject();
    for (const auto& [kind, ids] : info.objects) j.Key(kind), j.Number(ids.size());
    j.EndObject();
    j.Key("payloads"), j.BeginObject();
    j.Key("distinct"), j.Number(info.blob_count);
    j.Key("stored_bytes"), j.Number(info.blob_bytes);
    j.EndObject();
    j.Key("reads"), j.BeginObject();
    j.Key("recorded"), j.Number(info.read_data);
    j.Key("bytes"), j.Number(info.read_bytes);
    j.EndObject();
    j.Key("launch_outputs"), j.Number(info.launch_outputs);
    j.Key("kernel_sources"), j.BeginObject();
    j.Key("count"), j.Number(info.kernel_sources);
    j.Key("bytes"), j.Number(info.kernel_source_bytes);
    j.Key("unreadable"), j.BeginArray();
    for (const auto& [path, why] : info.unreadable_sources) {
        j.BeginObject();
        j.Key("path"), j.String(path);
        j.Key("why"), j.String(why);
        j.EndObject();
    }
    j.EndArray();
    j.EndObject();
    j.Key("kernel_builds"), j.BeginObject();
    j.Key("count"), j.Number(info.kernel_binaries);
    j.Key("bytes"), j.Number(info.kernel_binary_bytes);
    j.Key("targets"), j.BeginArray();
    for (const auto& t : info.binary_targets) j.String(t);
    j.EndArray();
    j.Key("self_contained"), j.Bool(SelfContained(info));
    j.EndObject();
    j.Key("mock_device"), j.Bool(!info.mock_device.empty());
    if (info.has_snapshot) {
        j.Key("snapshot"), j.BeginObject();
        j.Key("records"), j.Number(info.snapshot_records);
        j.Key("buffers"), j.Number(info.snapshot_buffers);
        j.Key("buffer_bytes"), j.Number(info.snapshot_bytes);
        j.EndObject();
    }
    j.Key("environment"), j.BeginObject();
    for (const auto& [name, value] : info.environment) j.Key(name), j.String(value);
    j.EndObject();
    j.Key("functions"), j.BeginArray();
    for (const auto& [name, f] : ByCalls(info)) {
        j.BeginObject();
        j.Key("name"), j.String(name);
        j.Key("calls"), j.Number(f.calls);
        j.Key("threw"), j.Number(f.threw);
        j.Key("synthesized"), j.Number(f.synthesized);
        j.Key("total_ns"), j.Number(f.total_ns);
        j.EndObject();
    }
    j.EndArray();
    if (programs) {
        j.Key("programs"), j.BeginArray();
        for (const ProgramStats& s : info.programs) {
            j.BeginObject();
            j.Key("label"), j.String(s.label);
            j.Key("kernels"), j.String(s.kernels);
            j.Key("launches"), j.Number(s.launches);
            j.Key("host_ns"), j.Number(s.host_ns);
            j.Key("queue_ns"), j.Number(s.queue_ns);
            j.Key("never_waited"), j.Number(s.unwaited);
            j.EndObject();
        }
        j.EndArray();
        const auto set = [&j](const KernelSetStats& k) {
            j.BeginObject();
            j.Key("kernels"), j.String(k.kernels);
            j.Key("programs"), j.Number(k.programs);
            j.Key("launches"), j.Number(k.launches);
            j.Key("host_ns"), j.Number(k.host_ns);
            j.Key("queue_ns"), j.Number(k.queue_ns);
            j.Key("never_waited"), j.Number(k.unwaited);
            j.EndObject();
        };
        j.Key("kernel_sets"), j.BeginArray();
        for (const KernelSetStats& k : KernelSets(info)) set(k);
        j.EndArray();
        j.Key("programs_total");
        set(ProgramTotal(info));
    }
    j.EndObject();
    std::fputc('\n', out);
}

namespace {
constexpr const char* kInfoUsage = R"(usage: ltcap info [--json] [--programs [--each-program]] LOG

Says what a log holds without executing anything: its header (format, writer, process, command line, start
time, capture window), whether it is complete, the devices it opens, threads, duration, the objects it makes,
payload, read and kernel-source bytes, and per API function the number of calls, how many threw and the time
spent in them (milliseconds, as every table's times).

options:
  --json       one JSON object instead of text
  --programs   also the time per kernel set (the programs that run the same kernels, summed; each trace
               alone), the most queue time first, and their total: programs, launches, host time in the calls
               that launched them, queue time from each launch to the end of the call that waited for it
               (Finish, a blocking call, Synchronize or CloseDevice); `ltcap replay --profile` times them
               replayed
  --each-program  and a row per program (named after its kernels)
  -h, --help   this text

exit status: 0 the log is complete, 1 it is cut off (the summary covers what is there), 2 it is not a
             readable ltcap log or it is damaged
)";
}  // namespace

int InfoMain(int argc, char** argv) {
    static const option kOptions[] = {{"json", no_argument, nullptr, 'j'},
                                      {"programs", no_argument, nullptr, 'p'},
                                      {"each-program", no_argument, nullptr, 'e'},
                                      {"help", no_argument, nullptr, 'h'},
                                      {nullptr, 0, nullptr, 0}};
    bool json = false, programs = false, each = false;
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, "h", kOptions, nullptr)) != -1;) {
        if (c == 'j') json = true;
        else if (c == 'p') programs = true;
        else if (c == 'e') each = programs = true;
        else if (c == 'h') return std::fputs(kInfoUsage, stdout), 0;
        else return std::fputs(kInfoUsage, stderr), 2;
    }
    if (optind + 1 != argc) {
        std::fprintf(stderr, "ltcap info: give one log\n%s", kInfoUsage);
        return 2;
    }
    try {
        LogReader log(argv[optind]);
        const LogInfo info = CollectInfo(log);
        json ? PrintInfoJson(info, stdout, programs) : PrintInfo(info, stdout, programs, each);
        if (!info.problem.empty())
            std::fprintf(stderr, "ltcap info: %s: %s\n", info.damaged ? "damaged" : "cut off", info.problem.c_str());
        return info.complete ? 0 : info.damaged ? 2 : 1;
    } catch (const LogError& e) {
        std::fprintf(stderr, "ltcap info: %s\n", NamingThePath(argv[optind], e.what()).c_str());
        return 2;
    }
}

}  // namespace ltcap::cli
