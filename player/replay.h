// Replaying a log: every call is reissued in recorded order against the tt-metal library in this process,
// objects are rebuilt by global id (objects.h), kernels are compiled from the sources in the log, and every
// read is compared with the data the capture recorded. The log is read as the replay goes (streaming): each entry is
// checked by a reading cursor a little ahead of the calls being replayed, so the first call runs at once and memory
// stays bounded whatever the log's size.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "player/address_map.h"
#include "player/call_range.h"
#include "player/check_calls.h"
#include "player/compare.h"
#include "player/kernel_crossing.h"
#include "player/kernel_files.h"
#include "player/kernel_builds.h"
#include "player/launch_outputs.h"
#include "player/launch_targets.h"
#include "player/log_check.h"
#include "player/log_reader.h"
#include "player/objects.h"
#include "player/payloads.h"
#include "player/read_verifier.h"
#include "player/replay_edits.h"
#include "player/replay_services.h"
#include "player/replay_times.h"
#include "player/watchdog.h"

namespace ltcap {

struct ReplayOptions {
    bool verify = true;
    int loops = 1;
    bool stats = false;
    bool profile = false;               // --profile: each launch waits for its queue; time per program
    bool remap_addresses = false;       // rewrite runtime-arg words equal to a captured buffer address
    std::map<int, int> device_map;      // captured device id → device id to open
    int verbosity = 1;                  // 0 quiet, 1 normal, 2 verbose (every call)
    bool progress = false;              // --progress: the progress line on a terminal even when quiet
    bool check_only = false;            // --check: validate the whole log, execute nothing
    bool check_first = false;           // --check-first: validate the whole log before executing anything
    double timeout_s = 300;             // --timeout: the longest one call may run (0: no limit)
    CompareOptions compare;             // --dtype, --atol, --rtol
    CallRange calls;                    // --calls: stop after the last, verify only reads in the range
    std::string dump_dir;               // --dump-mismatches: both sides of each mismatching read go here
    int warmup = 0;                     // --warmup: loops run first and left out of the timing report
    std::string json_path;              // --json: the report as JSON to this file ("-": stdout)
    std::string window_file;            // --window-file: exists while the calls of `calls` replay (ltcap trim)
    int window_signal = 0;              // --window-signal: raised as the calls of `calls` begin and once they end
    bool require_verified = false;      // --require-verified: a replay that verified nothing is not a success
    bool recompile = false;             // --recompile: compile every kernel from its source, install no build
    // The runtime's (runtime/ltcap_run.h): new data for the writes of these calls, in place of the recorded data;
    // each piece of a recorded read, as replayed, handed to `outputs` (ReadVerifier::Settings::deliver).
    std::map<std::uint64_t, std::vector<std::uint8_t>> inputs;
    decltype(ReadVerifier::Settings::deliver) outputs;
    // Set, every line the replay would print to stderr goes here instead (level: 0 errors and mismatches, 1 normal,
    // 2 verbose), whatever the verbosity.
    std::function<void(int level, const std::string& line)> say;
    bool never_compile = false;         // the runtime's: no --recompile to suggest when a build is missing
    // --replace-kernel, --replace-write: matched in a whole-log pass before anything runs; a read that then differs
    // from the capture is the edits' effect (reported as CHANGED, not failing the replay). Editing a kernel compiles
    // every kernel from its source, as --recompile does (the log's builds are of the unedited kernels).
    ReplayEdits edits;
    // --launch-outputs DIR: after each launch, the buffers its kernels can write read back (launch_outputs.h); the
    // data of the launches whose call is in `launch_data` too (--launch-data).
    std::string launch_outputs;
    CallRange launch_data{~0ull, 0};
    // --cross-release: the log is another release's (its header's): replayed here when every call it holds is one
    // this release describes too — an Api value two releases share means the same to both (api/rules.h) — checked
    // in a whole-log pass before anything runs; its kernels are compiled from their sources (its builds are for the
    // other release).
    std::string cross_from;
    // When ltplay started (its main), for the report's time to the first call.
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
};

// A log of another release holds a call this release does not have (--cross-release).
class CrossReleaseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// tt-metal's dispatch mode as the log was captured in (TT_METAL_SLOW_DISPATCH_MODE), set before any tt-metal call.
void UseCapturedDispatchMode(const LogReader& log);

// Exit codes (ltplay's, also what Run returns).
constexpr int kExitMatch = 0, kExitMismatch = 1, kExitBadLog = 2, kExitReplayFailed = 3, kExitTimeout = 4,
              kExitNothingVerified = 5, kExitReproducedDeath = 6;

// The replay of one log: a reading cursor (Scout) checks each entry and hands payloads, kernel sources and recorded
// reads to their units, a little ahead of the replay, which dispatches the calls in order to the profile's handlers
// (replay_calls.cc) and the readData entries to the read verifier. A call is replayed once the cursor has passed its
// result and kScoutAhead entries more (the data of a small blocking read follows its result), or fewer entries once
// they held kScoutBytes of payload (so a log that starts with large writes starts at once). The first loop indexes
// (checks) as it goes; later loops, and every loop after --check-first's whole pass, only find entries again. The units own their data: the objects rebuilt by id (objects.h), the
// payloads (payloads.h), the kernel files (kernel_files.h), read verification (read_verifier.h), captured
// addresses (address_map.h) and timing (replay_times.h); this class only wires them and reports.
class Replayer : private AddressNotes, private EntryConsumer {
public:
    Replayer(LogReader& log, ReplayOptions options);
    ~Replayer();
    int Run();
    // Run refused the log for what only a replay finds (LogErrorInReplay), which --check accepts.
    bool refused_in_replay() const { return refused_in_replay_; }

    // One call's entries (the per-call layer gets them with the replay's services: replay_services.h).
    using Call = CallEntries;

    static constexpr std::uint64_t kScoutAhead = 64;  // entries checked past a call before it is replayed
    static constexpr std::uint64_t kScoutBytes = 8 << 20;  // or fewer, once this many blob bytes were checked past it
    static constexpr std::size_t kHeldMessages = 256;  // queued entries kept decoded; later ones are read again

private:
    // AddressNotes, for the per-call layer (ReplayServices::addresses).
    // Device id to open for a captured one (--device-map).
    int MapDevice(int captured) const override;
    // Runtime args words, with captured buffer addresses rewritten when --remap-addresses is on.
    std::vector<std::uint32_t> Remap(std::vector<std::uint32_t> words) override;
    // Buffer `id` was made again; the capture saw it at `captured_address` (0: not recorded). Warns when it now is
    // elsewhere.
    void NoteBuffer(std::uint64_t id, std::uint64_t captured_address) override;
    void ForgetBuffer(std::uint64_t id) override { addresses_.Forget(id); }
    // Warns when an object was placed elsewhere than at its captured address (0: not recorded).
    void NoteAddress(const std::string& what, std::uint64_t now, std::uint64_t captured) override;

    void Index();  // the whole log checked and indexed, nothing executed (--check, --check-first)
    bool Scout(bool queue);  // one more entry checked (the first time) and queued for the replay; false at the end
    // The index's own part of each decoded entry, after the checker's and the programs' (EntryConsumer).
    void OnBlob(schema::Blob::Reader b) override;
    void OnKernelSource(schema::KernelSource::Reader k) override;
    void OnKernelBinary(schema::KernelBinary::Reader b) override;
    void OnReturn(const DecodedReturn& r) override;
    void OnReadData(schema::ReadData::Reader d) override;
    void OnEnd(schema::End::Reader e) override;
    std::string ToleranceUnused() const;
    int ReplayOnce();
    void CloseLeftOpen();
    void ForgetDevices(capnp::List<schema::Value>::Reader values);
    void Dispatch(const Call& c);
    // The call, made again while it fails for want of a kernel build the log has not shown yet: see replay.cc.
    void ReplayFindingBuilds(const Call& c, bool retry);
    void Profile(const Call& c, std::chrono::steady_clock::time_point start);
    void RecordLaunch(const Call& c);
    void Say(int level, const std::string& line) const;
    int Report(int exit) const;  // writes --json's report; returns `exit`
    std::string NothingVerified() const;
    void MarkWindow(bool open);
    void ReleaseUsed();

    LogReader& log_;
    ReplayOptions options_;
    // "NAME=value" when the log was captured on a mock device (its reads hold no device data: none is compared).
    const std::string mock_device_;
    Objects objects_;
    LogChecker check_;         // entries against each other
    CallChecker calls_check_;  // each call against its function's description
    std::unique_ptr<CallWatchdog> watchdog_;
    Payloads payloads_;
    KernelFiles kernels_;
    KernelBuilds builds_;  // the log's kernel builds, installed before the launch that needs them
    Programs programs_;  // which kernels each program has, which programs a launch runs
    ReadTypes types_;    // what untyped reads hold (before reads_, which is handed it)
    ReadVerifier reads_;
    AddressMap addresses_;
    ReplayTimes times_;
    ReplayServices services_{objects_, payloads_, kernels_, reads_, times_, *this};  // what each call is handed
    // The index pass: each entry decoded once, to the call checker, the program and read-type indexes, then this.
    EntryDecoder index_{&calls_check_, &programs_, &types_, this};
    // --cross-release: each call of the log checked to be one this release has, naming no kernel whose source uses
    // a kernel API name the two releases give different meanings.
    struct Crossing : EntryConsumer {
        explicit Crossing(std::string release);
        std::string from;
        KernelCrossing kernels;
        const CallChecker* calls = nullptr;  // which objects the log made before a call (the index pass's checker)
        void OnKernelSource(schema::KernelSource::Reader source) override { kernels.OnKernelSource(source); }
        void OnCall(const DecodedCall& c) override;
    } crossing_{options_.cross_from};
    std::unique_ptr<LaunchTargets> targets_;     // --launch-outputs: what each launch can write
    std::unique_ptr<LaunchOutputs> launch_out_;  // and where it goes
    std::uint64_t launches_recorded_ = 0;
    std::map<std::uint64_t, std::uint64_t> returns_;  // seq → where its Return entry is (LogReader::ReadAgain)
    schema::Entry::Which last_scouted_ = schema::Entry::HEADER;  // the kind of the entry the cursor read last
    // Entries the scout has passed and the replay has yet to act on: calls and read data, in log order.
    struct Queued {
        bool call;
        std::uint64_t at, number;  // where it is (entry_offset) and which entry (entry_number)
        std::uint64_t blob_bytes;  // scouted_bytes_ when the cursor passed it
        std::unique_ptr<capnp::FlatArrayMessageReader> message;  // null past kHeldMessages: read again
    };
    std::deque<Queued> queue_;
    bool scouted_all_ = false;        // this pass's cursor reached the end of the log
    bool refused_in_replay_ = false;  // Run ended on a LogErrorInReplay
    std::uint64_t scouted_bytes_ = 0;  // blob bytes this pass's cursor has passed
    std::uint64_t indexed_upto_ = 0;  // entries (by number) checked and indexed, by any pass
    bool window_open_ = false;
    int capturing_traces_ = 0;
    std::uint32_t died_of_ = 0;      // the signal the captured process died of (End.signal; 0: it ended normally)
    std::string ended_how_;          // the end entry's account of it (format.h HowItEnded)
    std::uint64_t died_after_ = 0;   // its last call  // traces being captured (begun, not yet ended): launches meanwhile are recipes

    // Results.
    std::uint64_t highest_seq_ = 0;  // the highest call number met by the last loop (a cut log may end before --calls' last)
    std::uint64_t calls_ = 0, address_warnings_ = 0;
    std::uint64_t captured_ns_ = 0;
    double first_call_s_ = -1;  // from options_.started to the first call's dispatch (-1: none yet)
};

}  // namespace ltcap
