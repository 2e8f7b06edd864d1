// Replaying a log: every call is reissued in recorded order against the tt-metal library in this process,
// objects are rebuilt by global id (objects.h), kernels are compiled from the sources in the log, and every
// read is compared byte for byte with the data the capture recorded.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "player/call_range.h"
#include "player/check_calls.h"
#include "player/compare.h"
#include "player/log_check.h"
#include "player/log_reader.h"
#include "player/objects.h"
#include "player/watchdog.h"

namespace ltcap {

struct ReplayOptions {
    bool verify = true;
    int loops = 1;
    bool stats = false;
    bool remap_addresses = false;       // rewrite runtime-arg words equal to a captured buffer address
    std::map<int, int> device_map;      // captured device id → device id to open
    int verbosity = 1;                  // 0 quiet, 1 normal, 2 verbose (every call)
    bool check_only = false;            // --check: validate the whole log, execute nothing
    double timeout_s = 300;             // --timeout: the longest one call may run (0: no limit)
    CompareOptions compare;             // --dtype, --atol, --rtol
    CallRange calls;                    // --calls: stop after the last, verify only reads in the range
    std::string dump_dir;               // --dump-mismatches: both sides of each mismatching read go here
    int warmup = 0;                     // --warmup: loops run first and left out of the timing report
    std::string json_path;              // --json: the report as JSON to this file ("-": stdout)
    std::string window_file;            // --window-file: exists while the calls of `calls` replay (ltcap trim)
};

// Exit codes (ltplay's, also what Run returns).
constexpr int kExitMatch = 0, kExitMismatch = 1, kExitBadLog = 2, kExitReplayFailed = 3, kExitTimeout = 4;

// The elements of a capnp primitive list (its iterators are not standard iterators).
template <typename T, typename List>
std::vector<T> ToVector(List list) {
    std::vector<T> out;
    out.reserve(list.size());
    for (auto v : list) out.push_back(static_cast<T>(v));
    return out;
}

class Replayer {
public:
    Replayer(LogReader& log, ReplayOptions options);
    ~Replayer();
    int Run();

    // Per-call context handed to the handlers in replay_calls.cc.
    struct Call {
        schema::Call::Reader call;
        schema::Return::Reader ret;  // default reader if the call never returned (the log was cut inside it)
        bool has_return;
    };
    Objects& objects() { return objects_; }
    const ReplayOptions& options() const { return options_; }

    // Payload bytes of a DataRef, checked: its blob is whole in the log and holds the ref's size, which must be at
    // least `need` (what the replayed call will read from it) — else a LogError. Straight from the mapped log when
    // the blob is one chunk; a blob in several chunks is joined in one staging buffer, valid until the next call to
    // Data (memory stays bounded). Null for an empty ref.
    const std::uint8_t* Data(schema::DataRef::Reader ref, std::uint64_t need);
    // The path of a kernel source written out to the private temporary folder.
    std::string KernelFile(std::uint64_t source_id);
    std::string KernelText(std::uint64_t source_id);
    // Device id to open for a captured one (--device-map).
    int MapDevice(int captured) const;
    // Remembers where a read delivered its bytes, for verification when its data becomes final.
    void ExpectRead(std::uint64_t seq, const std::string& what, std::vector<std::uint8_t> bytes);
    // A zeroed destination of `size` bytes for the read call `seq`. Its size is checked before anything is
    // allocated: it must equal what the capture recorded for that read (bytes the file holds), or, for a read the
    // capture did not record, stay under kMaxUnrecordedRead.
    std::vector<std::uint8_t>& ReadTarget(std::uint64_t seq, const std::string& what, std::uint64_t size);
    // Names the piece of read `seq` that starts at `offset` (a mesh read's shard), for mismatch reports.
    void NamePiece(std::uint64_t seq, std::uint64_t offset, std::string name) { piece_names_[{seq, offset}] = std::move(name); }
    // The same check, for a read whose destination tt-metal sizes itself.
    void CheckReadSize(std::uint64_t seq, const std::string& what, std::uint64_t size) const;
    // Zeroed room for a read nobody verifies, reused from call to call.
    std::uint8_t* Scratch(std::uint64_t size);
    static constexpr std::uint64_t kMaxUnrecordedRead = 1ull << 30;
    // Runtime args words, with captured buffer addresses rewritten when --remap-addresses is on.
    std::vector<std::uint32_t> Remap(std::vector<std::uint32_t> words);
    void NoteBuffer(std::uint64_t id, std::uint64_t captured_address);
    // Warns when an object was placed elsewhere than at its captured address (0: not recorded).
    void NoteAddress(const std::string& what, std::uint64_t now, std::uint64_t captured);
    void CountWritten(std::uint64_t bytes) { bytes_written_ += bytes; }

private:
    void Index();
    const std::string& TempDir();
    int ReplayOnce();
    void Dispatch(const Call& c);
    void Verify(schema::ReadData::Reader r);
    void Say(int level, const std::string& line) const;
    struct LoopTimes {
        double total = 0, min = 0, median = 0, mean = 0, max = 0;  // of the measured loops (not the warm-up)
    };
    LoopTimes Times() const;
    int Report(int exit) const;  // writes --json's report; returns `exit`
    void MarkWindow(bool open);
    bool window_open_ = false;

    LogReader& log_;
    ReplayOptions options_;
    Objects objects_;
    LogChecker check_;         // entries against each other
    CallChecker calls_check_;  // each call against its function's description
    std::unique_ptr<CallWatchdog> watchdog_;
    std::string temp_dir_;

    struct Chunk {
        std::uint64_t offset, size;
        const std::uint8_t* bytes;
    };
    struct BlobInfo {
        std::uint64_t size = 0, have = 0;  // total, and how much of it the chunks so far hold
        std::vector<Chunk> chunks;
    };
    void IndexEntry(schema::Entry::Reader e, std::uint64_t offset);
    std::vector<std::uint8_t> staging_, scratch_;
    std::vector<std::pair<const std::uint8_t*, std::uint64_t>> used_;  // payload pages to release after the call
    void ReleaseUsed();
    std::map<std::uint64_t, BlobInfo> blobs_;
    struct SourceFile {
        std::string path, content;
        bool from_home;  // path is below TT_METAL_HOME (schema SourceFile.fromHome)
    };
    std::map<std::uint64_t, std::vector<SourceFile>> sources_;  // id → its files, the kernel file first
    std::map<std::uint64_t, std::string> source_paths_;          // id → file written
    std::map<std::string, std::string> home_files_;              // the replay's TT_METAL_HOME: path → content
    std::string home_;                                           // its folder, once made
    const std::string& ReplayHome();
    std::map<std::uint64_t, std::uint64_t> returns_;  // seq → where its Return entry is (LogReader::ReadAgain)
    std::map<std::uint64_t, std::uint64_t> recorded_reads_;  // seq → bytes of its readData entry
    struct Read {
        std::string what;
        std::vector<std::uint8_t> bytes;
        std::uint64_t verified = 0;  // bytes checked so far (a read recorded in pieces)
    };
    std::map<std::uint64_t, Read> reads_;  // seq → where the replayed read put its bytes
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> piece_names_;  // (seq, offset) → "shard (1, 3)"

    // Results.
    std::uint64_t to_replay_ = 0;     // calls in the log up to --calls' last (all of them without --calls)
    std::uint64_t highest_seq_ = 0;   // the highest call number met by the last loop (a cut log may end before --calls' last)
    std::uint64_t calls_ = 0, reads_checked_ = 0, mismatches_ = 0, reads_tolerated_ = 0, address_warnings_ = 0;
    struct Stat {
        std::uint64_t count = 0;
        double seconds = 0;
    };
    std::map<std::string, Stat> stats_;
    std::uint64_t unverified_ = 0;  // recorded reads in --calls whose data came after the replay stopped
    struct Iteration {
        double seconds;
        std::uint64_t mismatches;
        bool warmup;
    };
    std::vector<Iteration> iterations_;
    std::uint64_t bytes_written_ = 0, bytes_read_ = 0;
    std::uint64_t captured_ns_ = 0;
};

}  // namespace ltcap
