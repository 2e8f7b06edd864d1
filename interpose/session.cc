#include "interpose/session.h"

#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>

#include "capture_ctl/settings.h"
#include "common/version.h"
#include "interpose/call_slots.h"
#include "interpose/content_key.h"
#include "interpose/modules.h"
#include "interpose/process_end.h"
#include "interpose/report.h"

extern char** environ;

namespace ltcap {
namespace L = layout;
namespace {


// What a late-keeping note (LogWriter::Note.kind) says.
enum : std::uint8_t {
    kNoteCall,    // a Call entry to keep (if it ended in place) or hold until its Return entry
    kNoteReturn,  // the Return entry of a held call: keep both
    kNoteDrop,    // a held call threw: forget it
};

// Byte `bit_offset / 8` of a Call struct's data section, counted from the start of its serialized message (the
// 8-byte segment table comes first; `call.at` counts words from the segment's start).
std::size_t CallByte(wire::StructRef call, std::size_t bit_offset) { return 8 + (std::size_t{call.at} * 64 + bit_offset) / 8; }

std::vector<std::string> CommandLine() {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::vector<std::string> args;
    std::string arg;
    while (std::getline(in, arg, '\0')) args.push_back(arg);
    return args;
}

}  // namespace

Session* Session::Open(const SessionEnv& env, const SessionInfo& info) noexcept {
    try {
        const Settings& s = GetSettings();
        std::string error;
        LogWriter* writer = LogWriter::Open(info.path, s.buffer_bytes, s.flush_ms, s.compress, env.seq.lock, error);
        if (!writer) {
            static std::atomic<bool> said{false};  // a trigger may retry at every boundary: say it once
            if (!said.exchange(true)) report::Lost(error + "; not captured");
            return nullptr;
        }
        auto* session = new Session(env, info, writer);
        {
            std::unique_lock lock(writer->mutex());
            writer->SetOnNotes([session](const std::string& batch, const std::vector<LogWriter::Note>& notes) {
                session->KeepLate(batch, notes);
            });
            writer->SetOnFailure([session] {
                std::unique_lock lock(session->writer_->mutex());
                const std::string loss = session->LossLocked();
                lock.unlock();
                report::Fail(loss);
            });
        }
        if (s.log != LogLevel::kQuiet)
            report::Line("capturing to " + info.path + (info.window ? " (window " + std::to_string(info.window) + ")" : ""));
        session->EmitHeader();
        session->PrepareDyingEnd();
        writer->Submit();  // the header in a frame of its own: whatever cuts the log later, it stays readable
        return session;
    } catch (const std::exception& e) {
        report::Lost(std::string("cannot open a log: ") + e.what());
        return nullptr;
    }
}

void Session::EmitHeader() noexcept {
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto h = m.InitStruct<L::Entry>(e, L::Entry::f_header, L::Header::kSize);
    m.Set<L::Header>(h, L::Header::f_formatVersion, L::kFormatVersion);  // schema/trace.capnp's, generated
    m.SetText<L::Header>(h, L::Header::f_toolVersion, kToolVersion);
    m.SetText<L::Header>(h, L::Header::f_ttMetalVersion, env_.release);
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    m.SetText<L::Header>(h, L::Header::f_host, host);
    m.SetText<L::Header>(h, L::Header::f_processName, report::ProgramName());
    const auto args = CommandLine();
    auto argv = m.InitTextList<L::Header>(h, L::Header::f_commandLine, args.size());
    for (std::size_t i = 0; i < args.size(); i++) m.SetTextElement(argv, i, args[i]);
    m.Set<L::Header>(h, L::Header::f_pid, static_cast<std::uint64_t>(getpid()));
    m.Set<L::Header>(h, L::Header::f_startTimeUnixNs,
                     std::chrono::system_clock::now().time_since_epoch() / std::chrono::nanoseconds(1));
    std::vector<std::pair<std::string, std::string>> env;
    for (char** e = environ; e && *e; e++) {
        const std::string kv = *e;
        if (kv.rfind("TT_METAL_", 0) == 0 || kv.rfind("LTCAP_", 0) == 0 || kv.rfind("ARCH_NAME=", 0) == 0) {
            const auto eq = kv.find('=');
            env.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
        }
    }
    auto list = m.InitStructList<L::Header>(h, L::Header::f_environment, env.size(), L::EnvVar::kSize);
    for (std::size_t i = 0; i < env.size(); i++) {
        m.SetText<L::EnvVar>(m.Element(list, i), L::EnvVar::f_name, env[i].first);
        m.SetText<L::EnvVar>(m.Element(list, i), L::EnvVar::f_value, env[i].second);
    }
    m.Set<L::Header>(h, L::Header::f_window, info_.window);
    m.Set<L::Header>(h, L::Header::f_startsMidRun, info_.starts_mid_run);
    m.Set<L::Header>(h, L::Header::f_parentPid, static_cast<std::uint64_t>(info_.parent_pid));
    if (info_.kernel_builds) m.Set<L::Header>(h, L::Header::f_kernelBuilds, true);
    Emit(m);
}

std::string Session::LossLocked() const noexcept {
    try {
        return writer_->failure() + "; the log keeps at least the first " + std::to_string(writer_->written_mark()) +
               " of the " + std::to_string(calls_) + " calls recorded in it, the rest are lost";
    } catch (...) {
        return "writing the log failed";
    }
}

bool Session::AppendLocked(std::unique_lock<SpinMutex>& lock, wire::Message& m, LogWriter::Spot* spot) noexcept {
    try {
        if (closed_ || abandoned_) return false;
        if (writer_->AppendMessageLocked(lock, m, spot)) return true;
        report::Fail(writer_->failure().empty() ? "the log is closed" : LossLocked());
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot append to the log: ") + e.what());
    }
    return false;
}

void Session::Emit(wire::Message& m) noexcept {
    if (abandoned_) return;
    std::unique_lock lock(writer_->mutex());
    AppendLocked(lock, m);
}

std::uint64_t Session::EmitCall(wire::Message& m, wire::StructRef call, OpenEnd** open_end,
                                const LateKeep* late) noexcept {
    if (open_end) *open_end = nullptr;
    if (abandoned_) return env_.seq.Next();
    std::unique_lock lock(writer_->mutex());
    const std::uint64_t seq = NextSeq();
    m.Set<L::Call>(call, L::Call::f_seq, seq);
    try {
        OpenEnd* e = open_end ? ThreadOpenEnd() : nullptr;
        if (e) SettleLocked(lock, *e);  // this thread's previous call
        const std::size_t end_at = CallByte(call, L::Call::f_endNs.offset);
        const std::size_t size = m.SerializedSize();
        LogWriter::Spot spot;
        if (AppendLocked(lock, m, &spot) && e) {
            e->end_ns.store(0, std::memory_order_relaxed);
            e->pending = true;
            e->seq = seq;
            e->spot.batch = spot.batch;  // field by field: a 16-byte copy would wait on AppendLocked's 8-byte stores
            e->spot.offset = spot.offset;
            e->at = end_at;
            e->late = late != nullptr;
            *open_end = e;
            if (late) {
                constexpr auto kFlag = L::Call::f_synthesized.offset;
                writer_->NoteLocked({spot.offset, size, seq, late->owner, late->replaces, late->names,
                                     static_cast<std::uint32_t>(end_at),
                                     static_cast<std::uint32_t>(CallByte(call, kFlag)),
                                     static_cast<std::uint8_t>(1u << (kFlag % 8)), kNoteCall});
            }
        }
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a call: ") + e.what());
    }
    calls_++;
    last_seq_ = seq;
    writer_->SetMarkLocked(calls_);
    return seq;
}

Session::OpenEnd* Session::ThreadOpenEnd() {
    // Sessions are never freed, so a cached pointer cannot name a different session at a recycled address.
    thread_local const Session* t_session = nullptr;
    thread_local OpenEnd* t_end = nullptr;
    if (t_session != this) {
        open_ends_.push_back(std::make_unique<OpenEnd>());
        if (open_ends_.size() == 1) {
            writer_->SetBeforeHandOff([this] {  // patch what ended; the rest becomes Return entries later
                for (auto& e : open_ends_) {
                    if (!e->pending) continue;
                    const std::uint64_t end = e->end_ns.load(std::memory_order_acquire);
                    if (end && writer_->PatchLocked(e->spot, e->at, end)) e->pending = false;
                }
            });
        }
        t_session = this;
        t_end = open_ends_.back().get();
    }
    return t_end;
}

void Session::SettleLocked(std::unique_lock<SpinMutex>& lock, OpenEnd& e) noexcept {
    if (!e.pending) return;
    const std::uint64_t end = e.end_ns.load(std::memory_order_acquire);
    if (!end) return;  // still in flight
    e.pending = false;
    if (writer_->PatchLocked(e.spot, e.at, end)) return;
    try {  // building the message allocates
        wire::Message m;
        auto entry = m.InitRoot(L::Entry::kSize);
        auto r = m.InitStruct<L::Entry>(entry, L::Entry::f_return, L::Return::kSize);
        m.Set<L::Return>(r, L::Return::f_seq, e.seq);
        m.Set<L::Return>(r, L::Return::f_endNs, end);
        LogWriter::Spot spot;
        if (AppendLocked(lock, m, &spot) && e.late)
            writer_->NoteLocked({spot.offset, m.SerializedSize(), e.seq, 0, 0, 0, 0, 0, 0, kNoteReturn});
    } catch (const std::exception& x) {
        report::Fail(std::string("cannot record a call's end: ") + x.what());
    }
}

void Session::SettleAllLocked(std::unique_lock<SpinMutex>& lock) noexcept {
    for (auto& open : open_ends_) SettleLocked(lock, *open);
}

void Session::CancelEnd(OpenEnd* e) noexcept {
    std::unique_lock lock(writer_->mutex());
    e->pending = false;
    try {
        if (e->late) writer_->NoteLocked({0, 0, e->seq, 0, 0, 0, 0, 0, 0, kNoteDrop});
    } catch (const std::exception& x) {
        report::Fail(std::string("cannot record a call's end: ") + x.what());
    }
}

void Session::KeepLate(const std::string& batch, const std::vector<LogWriter::Note>& notes) noexcept {
    StateTracker& tracker = env_.tracker;
    try {
        for (const LogWriter::Note& n : notes) {
            if (n.kind == kNoteCall) {
                std::string& records = spare_records_;
                records.assign(batch, n.offset, n.size);
                records[n.flag_at] = static_cast<char>(records[n.flag_at] | n.flag_mask);  // kept records are synthesized
                std::uint64_t end = 0;
                std::memcpy(&end, records.data() + n.end_at, sizeof end);
                if (end) {
                    tracker.Keep(n.seq, {n.owner, n.replaces, n.names}, records, true);
                } else {  // still running when its batch left, or it threw: its Return entry says which
                    awaiting_[n.seq] = {{n.owner, n.replaces, n.names}, std::move(records)};
                    records = std::string();
                }
            } else if (auto it = awaiting_.find(n.seq); it != awaiting_.end()) {
                if (n.kind == kNoteReturn) {
                    it->second.records.append(batch, n.offset, n.size);
                    tracker.Keep(n.seq, it->second.as, it->second.records, true);
                }
                awaiting_.erase(it);
            }
        }
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot keep a call's records: ") + e.what());
    }
}

void Session::DrainJournal() noexcept {
    if (abandoned_) return;
    try {
        {
            std::unique_lock lock(writer_->mutex());
            if (!closed_) SettleAllLocked(lock);
        }
        writer_->HandNotesOn();
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot bring the kept state up to date: ") + e.what());
    }
}

void Session::EmitBytes(const std::string& bytes) noexcept {
    if (abandoned_) return;
    std::unique_lock lock(writer_->mutex());
    if (closed_ || abandoned_) return;
    if (!writer_->AppendLocked(lock, bytes.data(), bytes.size())) report::Fail("writing the log failed");
}

namespace {
// Chunk `offset` of blob `id` (`size` bytes in all), `n` bytes external to the message: at `data`, or left for the
// caller to fill (wire::Message::WriteLeavingTail).
void BlobChunk(wire::Message& m, std::uint64_t id, std::uint64_t size, std::uint64_t offset, const void* data,
               std::uint64_t n) {
    auto e = m.InitRoot(L::Entry::kSize);
    auto b = m.InitStruct<L::Entry>(e, L::Entry::f_blob, L::Blob::kSize);
    m.Set<L::Blob>(b, L::Blob::f_id, id);
    m.Set<L::Blob>(b, L::Blob::f_totalSize, size);
    m.Set<L::Blob>(b, L::Blob::f_offset, offset);
    m.SetBytesExternal<L::Blob>(b, L::Blob::f_data, data, n);
}
}  // namespace

// What BlobFrom compares before it streams a payload: its size and the key of its first 64 KiB.
std::string Session::PrefixKey(const void* data, std::uint64_t size) {
    constexpr std::uint64_t kPrefix = 64 << 10;
    return ContentKey(data, std::min(size, kPrefix)) + "/" + std::to_string(size);
}

// Registers and appends in one step, so the blob precedes every entry that refers to it — unless another thread
// stored equal contents first: then that blob's id, and these chunks are dropped.
std::uint64_t Session::StoreChunks(const std::string& key, std::uint64_t id, std::vector<std::string>& chunks) {
    std::unique_lock lock(writer_->mutex());
    if (auto it = blob_by_hash_.find(key); it != blob_by_hash_.end()) return it->second;
    blob_by_hash_[key] = id;
    for (std::string& chunk : chunks)
        if (!AppendChunkLocked(lock, std::move(chunk))) break;
    return id;
}

// One blob chunk's message to the writer; false if the log is closed or abandoned, or the append failed (capture
// stops then).
bool Session::AppendChunkLocked(std::unique_lock<SpinMutex>& lock, std::string&& chunk) {
    if (closed_ || abandoned_) return false;
    if (writer_->AppendOwnedLocked(lock, std::move(chunk))) return true;
    lock.unlock();
    report::Fail("writing a payload to the log failed");
    return false;
}

std::uint64_t Session::Blob(const void* data, std::uint64_t size) noexcept {
    if (abandoned_) return 0;
    try {
        const std::string key = ContentKey(data, size);
        std::string prefix = size > kStreamAbove ? PrefixKey(data, size) : std::string();
        std::uint64_t id;
        {
            std::unique_lock lock(writer_->mutex());
            if (!prefix.empty()) prefixes_.insert(std::move(prefix));  // a BlobFrom of the same bytes keeps them whole
            if (auto it = blob_by_hash_.find(key); it != blob_by_hash_.end()) return it->second;
            id = ++next_blob_;  // reserved; if another thread stores the same content first, it stays unused
        }
        // Copy the payload into its messages outside the lock (the program may reuse its memory on return).
        std::vector<std::string> chunks;
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        std::uint64_t offset = 0;
        do {
            const std::uint64_t n = std::min(kBlobChunk, size - offset);
            wire::Message m;
            BlobChunk(m, id, size, offset, bytes + offset, n);
            chunks.push_back(writer_->TakeBuffer(m.SerializedSize()));
            m.AppendTo(chunks.back());
            offset += n;
        } while (offset < size);
        return StoreChunks(key, id, chunks);
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot store a payload: ") + e.what());
        return 0;
    }
}

std::uint64_t Session::BlobFrom(std::uint64_t size, std::uint64_t piece, const Fill& fill) noexcept {
    if (abandoned_ || size == 0 || piece == 0 || piece > kBlobChunk) return 0;
    try {
        std::uint64_t id;
        {
            std::unique_lock lock(writer_->mutex());
            id = ++next_blob_;  // reserved; unused if the bytes turn out to equal an earlier blob's
        }
        // Each chunk's message is built first and the device fills its Data in place. (Buffer after buffer, and
        // chunk after chunk of a streamed one, the device reads the next while the writer thread writes this one.)
        const std::uint64_t step = kBlobChunk / piece * piece;
        std::vector<std::string> chunks;
        ContentKeyStream key;
        bool stream = false;
        for (std::uint64_t offset = 0; offset < size; offset += step) {
            const std::uint64_t n = std::min(step, size - offset);
            wire::Message m;
            BlobChunk(m, id, size, offset, nullptr, n);
            // Streamed, a chunk waits for the memory of one already written rather than touch fresh pages (a page
            // fault each: on a VM, dearer than the device read and the file write together).
            std::string chunk = writer_->TakeSized(m.SerializedSize(), stream ? kStreamBytes : ~0ull);
            std::uint8_t* dst = m.WriteLeavingTail(chunk.data());
            if (!fill(dst, offset, n)) return 0;
            key.Add(dst, n);
            if (offset == 0 && size > step) {
                std::string prefix = PrefixKey(dst, size);
                std::unique_lock lock(writer_->mutex());
                stream = prefixes_.insert(std::move(prefix)).second;
            }
            if (!stream) {
                chunks.push_back(std::move(chunk));
                continue;
            }
            std::unique_lock lock(writer_->mutex());
            if (!AppendChunkLocked(lock, std::move(chunk))) return 0;
        }
        if (!stream) return StoreChunks(key.Finish(), id, chunks);
        std::unique_lock lock(writer_->mutex());
        blob_by_hash_.try_emplace(key.Finish(), id);  // an equal earlier blob stays the one later payloads name
        return id;
    } catch (...) {
        return 0;  // the fill's (tt-metal refused the read) or out of memory: the caller falls back
    }
}

void Session::EnsureSource(std::uint64_t id, const std::string& entry_bytes) noexcept {
    if (abandoned_) return;
    try {
        std::unique_lock lock(writer_->mutex());
        if (!sources_.insert(id).second || closed_ || abandoned_) return;
        if (!writer_->AppendLocked(lock, entry_bytes.data(), entry_bytes.size())) report::Fail("writing the log failed");
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a kernel source: ") + e.what());
    }
}

void Session::EmitReadData(std::uint64_t seq, const void* data, std::uint64_t size, std::uint64_t offset) noexcept {
    const std::uint64_t blob = Blob(data, size);
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto r = m.InitStruct<L::Entry>(e, L::Entry::f_readData, L::ReadData::kSize);
    m.Set<L::ReadData>(r, L::ReadData::f_seq, seq);
    if (offset) m.Set<L::ReadData>(r, L::ReadData::f_offset, offset);
    auto d = m.InitStruct<L::ReadData>(r, L::ReadData::f_data, L::DataRef::kSize);
    m.Set<L::DataRef>(d, L::DataRef::f_blob, blob);
    m.Set<L::DataRef>(d, L::DataRef::f_size, size);
    m.Set<L::DataRef>(d, L::DataRef::f_elementType, static_cast<std::uint16_t>(L::ElementType::bytes));
    Emit(m);
}

void Session::EmitLaunchOutputs(std::uint64_t seq, const std::vector<LaunchBuffer>& buffers) noexcept {
    try {
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto o = m.InitStruct<L::Entry>(e, L::Entry::f_launchOutputs, L::LaunchOutputs::kSize);
        m.Set<L::LaunchOutputs>(o, L::LaunchOutputs::f_seq, seq);
        auto list = m.InitStructList<L::LaunchOutputs>(o, L::LaunchOutputs::f_buffers, buffers.size(), L::LaunchBuffer::kSize);
        for (std::size_t i = 0; i < buffers.size(); i++) {
            auto b = m.Element(list, i);
            m.Set<L::LaunchBuffer>(b, L::LaunchBuffer::f_buffer, buffers[i].id);
            m.Set<L::LaunchBuffer>(b, L::LaunchBuffer::f_pageSize, buffers[i].page_size);
            auto d = m.InitStruct<L::LaunchBuffer>(b, L::LaunchBuffer::f_data, L::DataRef::kSize);
            m.Set<L::DataRef>(d, L::DataRef::f_blob, buffers[i].blob);
            m.Set<L::DataRef>(d, L::DataRef::f_size, buffers[i].size);
            m.Set<L::DataRef>(d, L::DataRef::f_elementType, static_cast<std::uint16_t>(L::ElementType::bytes));
        }
        Emit(m);
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a launch's outputs: ") + e.what());
    }
}

void Session::EnsureModules() noexcept {
    if (abandoned_) return;
    try {
        const std::uint64_t generation = ModuleGeneration();
        {
            std::unique_lock lock(writer_->mutex());
            if (modules_generation_ == generation) return;
            modules_generation_ = generation;
        }
        const std::vector<ModuleInfo> modules = LoadedModules();
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto map = m.InitStruct<L::Entry>(e, L::Entry::f_modules, L::ModuleMap::kSize);
        auto list = m.InitStructList<L::ModuleMap>(map, L::ModuleMap::f_modules, modules.size(), L::Module::kSize);
        for (std::size_t i = 0; i < modules.size(); i++) {
            auto mod = m.Element(list, i);
            m.SetText<L::Module>(mod, L::Module::f_path, modules[i].path);
            m.Set<L::Module>(mod, L::Module::f_loadBias, modules[i].load_bias);
            m.Set<L::Module>(mod, L::Module::f_start, modules[i].start);
            m.Set<L::Module>(mod, L::Module::f_end, modules[i].end);
        }
        Emit(m);
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record the module map: ") + e.what());
    }
}

void Session::AddPendingRead(std::uint64_t queue_key, std::uint64_t seq, const void* dst, std::uint64_t size,
                             std::uint64_t offset) noexcept {
    if (abandoned_) return;
    try {
        std::unique_lock lock(writer_->mutex());
        pending_reads_.push_back({queue_key, seq, dst, size, offset});
    } catch (...) {
        report::Fail("cannot remember a pending read");
    }
}

void Session::CompleteReads(std::uint64_t queue_key, std::uint64_t before_seq) noexcept {
    if (abandoned_) return;
    std::vector<PendingRead> done;
    {
        std::unique_lock lock(writer_->mutex());
        auto keep = pending_reads_.begin();
        for (auto& r : pending_reads_) {
            if (r.queue_key == queue_key && r.seq < before_seq) done.push_back(r);
            else *keep++ = r;
        }
        pending_reads_.erase(keep, pending_reads_.end());
    }
    for (const auto& r : done) EmitReadData(r.seq, r.dst, r.size, r.offset);
}

// A thread let go of a closing session: the end is written now if no other call holds it. Two threads letting go
// at once each fence before looking, so at least one sees the other gone.
void Session::LastOut() noexcept {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if (!CallSlots::AnyHolds(this)) Finish();
}

void Session::BeginClose() noexcept {
    if (closing_.exchange(true, std::memory_order_acq_rel)) return;
    CallSlots::Barrier();
    if (!CallSlots::AnyHolds(this)) Finish();
}

namespace {
// The log's end entry: its last call, when it ended, the signal the process died of (0: none), its exit status when
// it is exiting, and the exception nobody caught (empty: none).
void EndEntry(wire::Message& m, std::uint64_t last_seq, std::uint64_t end_ns, std::uint32_t signal,
              std::optional<int> exit_status, std::string_view uncaught) {
    auto e = m.InitRoot(L::Entry::kSize);
    auto end = m.InitStruct<L::Entry>(e, L::Entry::f_end, L::End::kSize);
    m.Set<L::End>(end, L::End::f_lastSeq, last_seq);
    m.Set<L::End>(end, L::End::f_endNs, end_ns);
    m.Set<L::End>(end, L::End::f_signal, signal);
    if (exit_status) {
        m.Set<L::End>(end, L::End::f_exited, 1);
        m.Set<L::End>(end, L::End::f_exitStatus, static_cast<std::uint32_t>(*exit_status));
    }
    if (!uncaught.empty()) m.SetText<L::End>(end, L::End::f_uncaught, uncaught);
}
}  // namespace

void Session::Finish() noexcept {
    if (abandoned_ || finished_.exchange(true, std::memory_order_acq_rel)) return;
    {
        std::unique_lock lock(writer_->mutex());
        if (closed_) return;
        SettleAllLocked(lock);
        wire::Message m;
        EndEntry(m, last_seq_, env_.clock.Now(), 0, process_end::ExitStatus(), process_end::Uncaught());
        AppendLocked(lock, m);
        closed_ = true;
        pending_reads_.clear();
    }
    writer_->Close();
    if (!writer_->compression_problem().empty())  // the log is complete, only larger: say why once
        report::Line("the log is not compressed: " + writer_->compression_problem());
    try {
        if (!writer_->failure().empty()) {  // said when it happened too (SetOnFailure); the summary must not hide it
            report::Lost(writer_->path() + " is incomplete: " + std::to_string(writer_->bytes_written()) +
                          " bytes written before " + LossLocked());
        } else if (GetSettings().log != LogLevel::kQuiet) {
            report::Line("wrote " + std::to_string(calls_) + " calls (" + std::to_string(writer_->bytes_written()) +
                          " bytes" + (GetSettings().compress ? ", " + std::to_string(writer_->bytes_appended()) +
                          " uncompressed" : "") + ") to " + writer_->path());
        }
    } catch (...) {
    }
}

void Session::PrepareDyingEnd() noexcept {
    // The slot not in use gets the new entry, then becomes the one a handler takes: a handler running meanwhile on
    // another thread still patches a whole entry. Made at most twice (at the open, then with an uncaught exception).
    const int next = dying_current_.load(std::memory_order_acquire) + 1;
    if (next >= 2) return;
    DyingEnd& d = dying_[next];
    try {
        constexpr std::uint64_t kSeq = 0x5e9a5e9a5e9a5e9aull, kNs = 0x7135713571357135ull;
        constexpr std::uint32_t kSignal = 0x519a1519u;
        wire::Message m;
        EndEntry(m, kSeq, kNs, kSignal, std::nullopt, process_end::Uncaught());
        std::string bytes;
        m.AppendTo(bytes);
        const auto at = [&bytes](const auto& value) {
            const std::string_view v(reinterpret_cast<const char*>(&value), sizeof value);
            const std::size_t i = bytes.find(v);
            return i != std::string::npos && bytes.find(v, i + 1) == std::string::npos ? i : std::string::npos;
        };
        const std::size_t seq = at(kSeq), ns = at(kNs), sig = at(kSignal);
        if (seq == std::string::npos || ns == std::string::npos || sig == std::string::npos) return;
        d.seq_at = seq, d.ns_at = ns, d.signal_at = sig;
        d.bytes = std::move(bytes);
        dying_current_.store(next, std::memory_order_release);
    } catch (...) {  // the log of a crash then ends with the entry made before, or none (as before format 15)
    }
}

void Session::EmergencyFlush(int signal) noexcept {
    if (abandoned_) return;
    const int current = dying_current_.load(std::memory_order_acquire);
    if (signal <= 0 || current < 0 || closed_) return writer_->EmergencyFlush();
    // Called by the writer with its lock held and everything appended written: last_seq_ is the log's last call.
    const auto fill = [this, signal, current]() -> const std::string* {
        DyingEnd& d = dying_[current];
        const std::uint64_t seq = last_seq_, ns = env_.clock.Now();
        const std::uint32_t sig = static_cast<std::uint32_t>(signal);
        std::memcpy(d.bytes.data() + d.seq_at, &seq, sizeof seq);
        std::memcpy(d.bytes.data() + d.ns_at, &ns, sizeof ns);
        std::memcpy(d.bytes.data() + d.signal_at, &sig, sizeof sig);
        closed_ = true;  // should the process go on after all, nothing follows the end entry
        return &d.bytes;
    };
    // A lambda capturing three words fits std::function's own storage: no allocation here.
    writer_->EmergencyFlush(fill);
}

}  // namespace ltcap
