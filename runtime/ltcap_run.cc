// The embeddable runtime (ltcap_run.h) over the replay engine (player/replay.h): a handle indexes its log's inputs
// and outputs once, and each run is a replay of its own (a fresh reader and object table) with the bound data in
// place of the recorded writes and the reads handed back. Built once per release (profiles/profile.bzl: :runtime).
#include "runtime/ltcap_run.h"

#include <capnp/schema.h>
#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <new>
#include <string>
#include <vector>

#include "api/profile.h"
#include "common/terminal_text.h"
#include "player/decoded_call.h"
#include "player/log_check.h"
#include "player/log_reader.h"
#include "player/replay.h"
#include "schema/log_error.h"
#include "schema/values/scalars.h"

namespace {

using ltcap::DecodedCall;

struct Io {
    std::uint64_t call = 0, bytes = 0;
    std::string function, text;
};

// The log's inputs (calls with one top-level data argument) and outputs (calls with recorded read data).
class IoIndex : public ltcap::EntryConsumer {
public:
    void OnCall(const DecodedCall& c) override {
        if (c.synthesized) return;  // a mid-run log's snapshot recreates state: no write the program made
        unsigned n = 0;
        std::uint64_t bytes = 0;
        for (auto v : c.args)
            if (v.isData()) {
                n++;
                bytes = v.getData().getSize();
            }
        if (n == 1) inputs.push_back({c.seq, bytes, c.Name(), c.Text()});
    }
    void OnReadData(ltcap::schema::ReadData::Reader r) override {
        std::uint64_t& end = read_end[r.getSeq()];
        end = std::max(end, r.getOffset() + r.getData().getSize());  // bounded: the checker refused ends past 2^64
    }
    void OnKernelSource(ltcap::schema::KernelSource::Reader) override { sources++; }

    std::vector<Io> inputs;
    std::map<std::uint64_t, std::uint64_t> read_end;  // seq → bytes its recorded pieces reach
    std::uint64_t sources = 0;
};

// The calls of the outputs, named: a second consumer so the first stays cheap for the inputs.
class CallNames : public ltcap::EntryConsumer {
public:
    explicit CallNames(const std::map<std::uint64_t, std::uint64_t>& wanted) : wanted_(wanted) {}
    void OnCall(const DecodedCall& c) override {
        if (wanted_.count(c.seq)) names[c.seq] = {c.Name(), c.Text()};
    }
    std::map<std::uint64_t, std::pair<std::string, std::string>> names;

private:
    const std::map<std::uint64_t, std::uint64_t>& wanted_;
};

// The log reader's Cap'n Proto is Debian's shared libcapnp (profiles/profile.bzl). A library ahead of it in the
// lookup order that exports Cap'n Proto itself — a real libtt_metal.so v0.67.0 exports its own 1.2 — would take the
// reader's calls: the runtime refuses to run then, rather than read a log through another version's code. Where a
// function the reader calls was bound (the address this library's own reference resolved to) names the library.
std::string ForeignCapnp() {
    using Member = capnp::EnumSchema::EnumerantList (capnp::EnumSchema::*)() const;
    const Member member = &capnp::EnumSchema::getEnumerants;  // not virtual: the pointer holds the address
    struct {
        void* address;
        std::ptrdiff_t adjust;
    } raw{};
    static_assert(sizeof raw == sizeof member);
    std::memcpy(&raw, &member, sizeof raw);
    Dl_info info{};
    if (!raw.address || !dladdr(raw.address, &info) || !info.dli_fname) return "";
    const std::string file = info.dli_fname;
    const std::string base = file.substr(file.rfind('/') + 1);
    return base.rfind("libcapnp", 0) == 0 ? "" : file;
}

}  // namespace

struct ltcap_run {
    std::string path;
    int status = LTCAP_RUN_OK;
    std::string error;
    std::vector<Io> inputs, outputs;
    std::map<std::uint64_t, std::size_t> input_at, output_at;  // call → index
    std::map<std::uint64_t, std::vector<std::uint8_t>> bound;
    std::map<std::uint64_t, std::vector<std::uint8_t>> results;  // call → its output of the last run
    bool opened = false;  // the log checked out (Open)
    bool ran = false;     // the last run completed

    int Fail(int code, std::string why) {
        status = code;
        error = std::move(why);
        return code;
    }
    void Open();
    int Execute();
};

void ltcap_run::Open() {
    if (const std::string other = ForeignCapnp(); !other.empty()) {
        Fail(LTCAP_RUN_FAILED, other + " exports Cap'n Proto itself, ahead of the runtime's libcapnp: the runtime "
                               "would read its log through that copy, and refuses (docs/ltcap-run.md)");
        return;
    }
    ltcap::LogReader log(path);
    const std::string release = log.header().getTtMetalVersion().cStr();
    if (release != ltcap::kProfile) {
        Fail(LTCAP_RUN_BAD_LOG, path + " was captured from tt-metal \"" + ltcap::values::Printable(release.c_str(), release.size(), 40) +
                                    "\"; this runtime runs tt-metal " + ltcap::kProfile + " logs");
        return;
    }
    ltcap::LogChecker check;
    IoIndex index;
    ltcap::ForEachDecodedEntry(log, check, {&index});
    if (!log.complete()) {
        Fail(LTCAP_RUN_BAD_LOG, path + " is incomplete (" + log.truncation() + "): the runtime runs whole logs only");
        return;
    }
    if (index.sources && !log.header().getKernelBuilds()) {
        Fail(LTCAP_RUN_BAD_LOG, path + " carries its kernels' sources but not their builds (captured where the "
                                       "library lists no builds): the runtime never compiles a kernel");
        return;
    }
    inputs = std::move(index.inputs);
    for (std::size_t i = 0; i < inputs.size(); i++) input_at[inputs[i].call] = i;
    ltcap::LogReader again(path);
    ltcap::LogChecker check_again;
    CallNames names(index.read_end);
    ltcap::ForEachDecodedEntry(again, check_again, {&names});
    for (const auto& [seq, bytes] : index.read_end) {
        auto& [function, text] = names.names[seq];
        output_at[seq] = outputs.size();
        outputs.push_back({seq, bytes, function, text});
    }
    opened = true;
}

int ltcap_run::Execute() {
    ran = false;
    results.clear();
    // Grown as the replay delivers each piece: a piece lies within what the replayed call read (ReadVerifier::Verify
    // hands on no other), so the sizes a hostile log records never decide what is allocated.
    for (const Io& o : outputs) results[o.call];
    ltcap::ReplayOptions options;
    options.verify = bound.empty();
    options.timeout_s = 0;  // no watchdog: the runtime starts no thread
    options.verbosity = 0;
    options.never_compile = true;
    options.inputs = bound;
    std::string said;
    options.say = [&said](int level, const std::string& line) {
        if (level == 0 && said.size() < 4096) said += (said.empty() ? "" : "; ") + line;
    };
    options.outputs = [this](std::uint64_t seq, std::uint64_t offset, const std::uint8_t* bytes, std::uint64_t size) {
        auto it = results.find(seq);
        if (it == results.end() || size > SIZE_MAX - offset) return;
        if (offset + size > it->second.size()) it->second.resize(offset + size);
        if (size) std::memcpy(it->second.data() + offset, bytes, size);
    };
    ltcap::LogReader log(path);
    ltcap::UseCapturedDispatchMode(log);
    ltcap::Replayer replayer(log, std::move(options));
    const int exit = replayer.Run();
    // A log whose process died of a signal ran as far as the process did: its outputs are those of that run.
    if (exit != ltcap::kExitMatch && exit != ltcap::kExitMismatch && exit != ltcap::kExitReproducedDeath) {
        results.clear();
        return Fail(exit == ltcap::kExitReplayFailed ? LTCAP_RUN_FAILED : LTCAP_RUN_BAD_LOG,
                    said.empty() ? "the run failed" : said);
    }
    ran = true;
    if (exit == ltcap::kExitMismatch) return Fail(LTCAP_RUN_MISMATCH, said);
    status = LTCAP_RUN_OK;
    error.clear();
    return LTCAP_RUN_OK;
}

namespace {

// Whatever the engine throws ends at this boundary: a C caller gets a status and a message.
template <typename F>
int Guarded(ltcap_run* run, F f) noexcept {
    try {
        return f();
    } catch (const ltcap::LogError& e) {
        return run->Fail(LTCAP_RUN_BAD_LOG, ltcap::TerminalSafe(e.what()));
    } catch (const ltcap::ReplayError& e) {
        return run->Fail(LTCAP_RUN_FAILED, ltcap::TerminalSafe(e.what()));
    } catch (const std::bad_alloc&) {
        return run->Fail(LTCAP_RUN_FAILED, "out of memory");
    } catch (const std::exception& e) {
        return run->Fail(LTCAP_RUN_FAILED, ltcap::TerminalSafe(e.what()));
    } catch (...) {
        return run->Fail(LTCAP_RUN_FAILED, "an unknown exception");
    }
}

int Describe(const std::vector<Io>& list, std::size_t index, ltcap_run_io* io) {
    if (!io || index >= list.size()) return LTCAP_RUN_MISUSE;
    io->call = list[index].call;
    io->bytes = list[index].bytes;
    io->function = list[index].function.c_str();
    io->text = list[index].text.c_str();
    return LTCAP_RUN_OK;
}

}  // namespace

extern "C" {

ltcap_run* ltcap_run_open(const char* log_path) {
    ltcap_run* run = new (std::nothrow) ltcap_run;
    if (!run) return nullptr;
    if (!log_path) {
        run->Fail(LTCAP_RUN_MISUSE, "no log path");
        return run;
    }
    setenv("TT_METAL_EMU_COMPILE", "0", 0);  // the emulated device compiles no kernel (docs/emulator.md)
    Guarded(run, [run, log_path] {
        run->path = log_path;
        run->Open();
        return run->status;
    });
    return run;
}

void ltcap_run_close(ltcap_run* run) { delete run; }

int ltcap_run_status(const ltcap_run* run) { return run ? run->status : LTCAP_RUN_MISUSE; }

const char* ltcap_run_error(const ltcap_run* run) { return run ? run->error.c_str() : "no handle"; }

size_t ltcap_run_input_count(const ltcap_run* run) { return run ? run->inputs.size() : 0; }
size_t ltcap_run_output_count(const ltcap_run* run) { return run ? run->outputs.size() : 0; }

int ltcap_run_input(const ltcap_run* run, size_t index, ltcap_run_io* io) {
    return run ? Describe(run->inputs, index, io) : LTCAP_RUN_MISUSE;
}
int ltcap_run_output(const ltcap_run* run, size_t index, ltcap_run_io* io) {
    return run ? Describe(run->outputs, index, io) : LTCAP_RUN_MISUSE;
}

int ltcap_run_bind(ltcap_run* run, uint64_t call, const void* data, uint64_t size) {
    if (!run) return LTCAP_RUN_MISUSE;
    return Guarded(run, [&] {
        if (!run->opened) return run->status;
        const auto it = run->input_at.find(call);
        if (it == run->input_at.end())
            return run->Fail(LTCAP_RUN_MISUSE, "call #" + std::to_string(call) + " is not an input of " + run->path);
        if (!data && size == 0) {
            run->bound.erase(call);
            return LTCAP_RUN_OK;
        }
        const std::uint64_t want = run->inputs[it->second].bytes;
        if (!data || size != want)
            return run->Fail(LTCAP_RUN_MISUSE, "input call #" + std::to_string(call) + " takes " + std::to_string(want) +
                                                   " bytes, not " + std::to_string(size));
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        run->bound[call].assign(bytes, bytes + size);
        return LTCAP_RUN_OK;
    });
}

int ltcap_run_execute(ltcap_run* run) {
    if (!run) return LTCAP_RUN_MISUSE;
    if (!run->opened) return run->status;
    return Guarded(run, [run] { return run->Execute(); });
}

int64_t ltcap_run_read(ltcap_run* run, uint64_t call, void* dst, uint64_t size) {
    if (!run) return -1;
    const int status = Guarded(run, [&] {
        if (!run->ran) return run->Fail(LTCAP_RUN_MISUSE, "no run has completed: nothing to read");
        const auto it = run->results.find(call);
        if (it == run->results.end())
            return run->Fail(LTCAP_RUN_MISUSE, "call #" + std::to_string(call) + " is not an output of " + run->path);
        if (!dst || size < it->second.size())
            return run->Fail(LTCAP_RUN_MISUSE, "output call #" + std::to_string(call) + " holds " +
                                                   std::to_string(it->second.size()) + " bytes, more than " +
                                                   std::to_string(size));
        if (!it->second.empty()) std::memcpy(dst, it->second.data(), it->second.size());
        return LTCAP_RUN_OK;
    });
    return status == LTCAP_RUN_OK ? static_cast<int64_t>(run->results.at(call).size()) : -1;
}

}  // extern "C"
