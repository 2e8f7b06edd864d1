// The process-wide capture: the log being written, global object ids, payload blobs (stored once per
// content), kernel sources, reads whose data becomes final later, and the last recorded runtime args.
//
// Capture::Get() opens the log on the first intercepted call (so children that inherit LD_PRELOAD and never
// call tt-metal — compilers, shells — write nothing). Every member is noexcept: a failure inside the shim
// prints one "ltcap:" line, turns capture off for good, and the program goes on.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpose/log_writer.h"
#include "schema/trace_layout.h"
#include "schema/wire.h"

namespace ltcap {

using Kind = layout::ObjectKind;

class Capture {
public:
    // The capture, or null when it is off (disabled, bad settings, the log failed, or a forked child).
    static Capture* Get() noexcept;
    // Turns capture off with one line on stderr (the first failure only).
    static void Fail(const std::string& what) noexcept;

    // Global ids. Id() returns the object's id, giving it one on first sight; NewId() always gives a fresh one
    // (objects a call just created: a new buffer at a recycled address is a new object).
    std::uint64_t Id(Kind kind, std::uint64_t key) noexcept;
    std::uint64_t NewId(Kind kind, std::uint64_t key) noexcept;

    // Stores `size` bytes as a blob (once per distinct content) and returns its id.
    std::uint64_t Blob(const void* data, std::uint64_t size) noexcept;
    // Stores a kernel's source (a file and what it includes with quotes, or text) and returns the entry's id;
    // 0 if the file cannot be read (the call then fails in tt-metal the same way).
    std::uint64_t KernelSourceFromFile(const std::string& file_as_given) noexcept;
    std::uint64_t KernelSourceFromText(const std::string& text) noexcept;

    // Appends a Call entry whose seq field is assigned here, in the same step as the append, so seq order is
    // log order. Returns the seq.
    std::uint64_t EmitCall(wire::Message& m, wire::StructRef call) noexcept;
    // LTCAP_LOG=debug: "ltcap: #SEQ function" on stderr.
    void DebugLine(std::uint64_t seq, layout::Api api) noexcept;
    void Emit(wire::Message& m) noexcept;

    std::uint64_t NowNs() const noexcept;
    std::uint32_t ThreadNumber() noexcept;
    bool capture_reads() const noexcept { return capture_reads_; }
    // Held across calls that must reach tt-metal in log order (intercept.h: OrderedWithAllocations).
    std::mutex& order_mutex() noexcept { return order_mutex_; }
    bool debug() const noexcept { return debug_; }

    // Reads whose destination fills later (non-blocking): their data is recorded when it is final.
    void AddPendingRead(std::uint64_t queue_key, std::uint64_t seq, const void* dst, std::uint64_t size) noexcept;
    void CompleteReads(std::uint64_t queue_key, std::uint64_t before_seq) noexcept;
    void CompleteDeviceReads(std::uint64_t device_key) noexcept;
    void EmitReadData(std::uint64_t seq, const void* data, std::uint64_t size) noexcept;
    void NoteQueueDevice(std::uint64_t queue_key, std::uint64_t device_key) noexcept;
    void NoteEvent(std::uint64_t event_key, std::uint64_t queue_key, std::uint64_t seq) noexcept;
    bool EventQueue(std::uint64_t event_key, std::uint64_t& queue_key, std::uint64_t& seq) noexcept;

    // Runtime args as the log has them so far, to find in-place edits at launch time.
    using ArgsKey = std::tuple<std::uint64_t, bool, std::uint32_t, std::uint32_t>;  // kernel id, common, x, y
    bool ArgsDiffer(const ArgsKey& key, const std::uint32_t* words, std::size_t n) noexcept;  // and remembers them
    // Kernels whose args the program holds references to (GetRuntimeArgs): only these can change in place.
    void ExposeArgs(std::uint64_t kernel_id) noexcept;
    bool ArgsExposed(std::uint64_t kernel_id) noexcept;

    // Writes the end entry and closes the log (at exit).
    void Close() noexcept;
    // From a fatal signal: writes what is buffered.
    void EmergencyFlush() noexcept;

private:
    Capture() = default;
    bool Open() noexcept;
    void EmitHeader() noexcept;
    // The id for a kernel source with this content hash, and whether it is new (so not yet logged).
    std::pair<std::uint64_t, bool> SourceId(const std::string& hash);
    void AppendLocked(std::unique_lock<std::mutex>& lock, wire::Message& m) noexcept;

    LogWriter* writer_ = nullptr;
    bool capture_reads_ = true;
    bool debug_ = false;  // LTCAP_LOG=debug: one stderr line per call
    int owner_pid_ = 0;
    std::int64_t start_ns_ = 0;

    std::mutex* mutex_ = nullptr;
    std::mutex order_mutex_;  // the writer's: guards everything below, the order of appends and the batch
    std::uint64_t seq_ = 0;
    std::uint64_t next_id_ = 0;
    std::map<std::pair<Kind, std::uint64_t>, std::uint64_t> ids_;
    std::unordered_map<std::string, std::uint64_t> blob_by_hash_;
    std::uint64_t next_blob_ = 0, next_source_ = 0;
    std::map<std::string, std::uint64_t> source_by_hash_;
    struct PendingRead {
        std::uint64_t queue_key, seq;
        const void* dst;
        std::uint64_t size;
    };
    std::vector<PendingRead> pending_reads_;
    std::map<std::uint64_t, std::uint64_t> queue_device_;
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> events_;  // event → (queue, seq)
    std::map<ArgsKey, std::vector<std::uint32_t>> args_;
    std::set<std::uint64_t> exposed_kernels_;
    std::atomic<bool> any_exposed_{false};
    std::atomic<std::uint32_t> next_thread_{0};
    bool closed_ = false;
};

}  // namespace ltcap
