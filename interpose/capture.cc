#include "interpose/capture.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "capture_ctl/settings.h"
#include "common/kernel_sources.h"

extern char** environ;

namespace ltcap {
namespace L = layout;
namespace {

constexpr const char* kToolVersion = "0.1.0";
constexpr std::uint64_t kBlobChunk = 4 << 20;  // blob bytes per message: well under readers' traversal limits

std::atomic<bool> g_off{false};
std::atomic<bool> g_forked{false};  // set in a forked child (pthread_atfork), cheaper than getpid() per call
std::once_flag g_open_once;
Capture* g_capture = nullptr;

void Line(const std::string& text) {
    const std::string line = "ltcap: " + text + "\n";
    (void)!::write(2, line.data(), line.size());
}

// 128-bit content hash for blob dedup: four independent multiply-mix lanes over 32-byte strides (so the CPU
// overlaps them), folded into two 64-bit halves, plus the size.
std::string ContentKey(const void* data, std::uint64_t size) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    constexpr std::uint64_t kM1 = 0xff51afd7ed558ccdull, kM2 = 0xc4ceb9fe1a85ec53ull;
    std::uint64_t lane[4] = {0x9E3779B97F4A7C15ull ^ size, 0xC2B2AE3D27D4EB4Full + size, 0x165667B19E3779F9ull,
                             0x27D4EB2F165667C5ull};
    std::uint64_t i = 0;
    for (; i + 32 <= size; i += 32) {
        std::uint64_t w[4];
        std::memcpy(w, p + i, 32);
        for (int k = 0; k < 4; k++) {
            lane[k] = (lane[k] ^ w[k]) * (k % 2 ? kM2 : kM1);
            lane[k] ^= lane[k] >> 31;
        }
    }
    for (int k = 0; i < size; i += 8, k = (k + 1) % 4) {
        std::uint64_t w = 0;
        std::memcpy(&w, p + i, std::min<std::uint64_t>(8, size - i));
        lane[k] = (lane[k] ^ w) * kM1;
        lane[k] ^= lane[k] >> 29;
    }
    const std::uint64_t a = (lane[0] ^ (lane[2] * kM2)) * kM1, b = (lane[1] ^ (lane[3] * kM1)) * kM2;
    std::string key(24, '\0');
    std::memcpy(key.data(), &a, 8);
    std::memcpy(key.data() + 8, &b, 8);
    std::memcpy(key.data() + 16, &size, 8);
    return key;
}

std::string ProgramName() {
    std::ifstream comm("/proc/self/comm");
    std::string name;
    std::getline(comm, name);
    return name.empty() ? "program" : name;
}

std::vector<std::string> CommandLine() {
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::vector<std::string> args;
    std::string arg;
    while (std::getline(in, arg, '\0')) args.push_back(arg);
    return args;
}

// Fatal signals: flush what is buffered, then let the program's own handling (or the default) happen.
constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTERM, SIGINT, SIGQUIT};
struct sigaction g_previous[65];

void OnFatalSignal(int sig, siginfo_t* info, void* uctx) {
    if (g_capture) g_capture->EmergencyFlush();
    const struct sigaction& prev = g_previous[sig];
    if (prev.sa_flags & SA_SIGINFO) {
        prev.sa_sigaction(sig, info, uctx);
        return;
    }
    if (prev.sa_handler == SIG_IGN) return;
    if (prev.sa_handler != SIG_DFL) {
        prev.sa_handler(sig);
        return;
    }
    signal(sig, SIG_DFL);
    raise(sig);  // for faults, returning re-executes the access under the default action
}

void InstallSignalHandlers() {
    for (int sig : kFatalSignals) {
        struct sigaction sa {};
        sa.sa_sigaction = OnFatalSignal;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaction(sig, &sa, &g_previous[sig]);
    }
}

void CloseAtExit() {
    if (g_capture) g_capture->Close();
}

}  // namespace

Capture* Capture::Get() noexcept {
    if (g_off.load(std::memory_order_relaxed)) return nullptr;
    std::call_once(g_open_once, [] {
        const Settings& s = GetSettings();
        if (!s.error.empty()) {
            Line(s.error + "; capture is off");
            g_off = true;
            return;
        }
        if (!s.enabled) {
            g_off = true;
            return;
        }
        auto* c = new Capture();
        if (!c->Open()) {
            delete c;
            g_off = true;
            return;
        }
        g_capture = c;
    });
    Capture* c = g_capture;
    if (!c || g_off) return nullptr;
    if (g_forked.load(std::memory_order_relaxed)) return nullptr;  // a forked child: the log is the parent's
    return c;
}

void Capture::Fail(const std::string& what) noexcept {
    if (!g_off.exchange(true)) Line(what + "; capture is off from here on (the program continues)");
}

bool Capture::Open() noexcept {
    try {
        const Settings& s = GetSettings();
        capture_reads_ = s.capture_reads;
        debug_ = s.log == LogLevel::kDebug;
        owner_pid_ = getpid();
        start_ns_ = std::chrono::steady_clock::now().time_since_epoch().count();
        const auto now = std::chrono::system_clock::now().time_since_epoch();
        const std::string path = ExpandOutputPattern(
            s.output, ProgramName(), owner_pid_, std::chrono::duration_cast<std::chrono::seconds>(now).count());
        std::string error;
        writer_ = LogWriter::Open(path, s.buffer_bytes, s.flush_ms, error);
        if (!writer_) {
            Line(error + "; capture is off");
            return false;
        }
        mutex_ = &writer_->mutex();
        if (s.log != LogLevel::kQuiet) Line("capturing to " + path);
        EmitHeader();
        InstallSignalHandlers();
        std::atexit(CloseAtExit);
        pthread_atfork(nullptr, nullptr, [] { g_forked = true; });
        return true;
    } catch (const std::exception& e) {
        Line(std::string("cannot start capture: ") + e.what());
        return false;
    }
}

void Capture::EmitHeader() noexcept {
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto h = m.InitStruct<L::Entry>(e, L::Entry::f_header, L::Header::kSize);
    m.Set<L::Header>(h, L::Header::f_formatVersion, 1);
    m.SetText<L::Header>(h, L::Header::f_toolVersion, kToolVersion);
    m.SetText<L::Header>(h, L::Header::f_ttMetalVersion, "v0.56.0");
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    m.SetText<L::Header>(h, L::Header::f_host, host);
    m.SetText<L::Header>(h, L::Header::f_processName, ProgramName());
    const auto args = CommandLine();
    auto argv = m.InitTextList<L::Header>(h, L::Header::f_commandLine, args.size());
    for (std::size_t i = 0; i < args.size(); i++) m.SetTextElement(argv, i, args[i]);
    m.Set<L::Header>(h, L::Header::f_pid, static_cast<std::uint64_t>(owner_pid_));
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
    Emit(m);
}

std::uint64_t Capture::NowNs() const noexcept {
    return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count() - start_ns_);
}

std::uint32_t Capture::ThreadNumber() noexcept {
    thread_local std::uint32_t number = 0;
    if (number == 0) number = ++next_thread_;
    return number;
}

namespace {
// Calls mostly name the objects the previous calls named: a small per-thread cache spares the lock. A new object
// at a recycled key (NewId) bumps the generation, which empties every thread's cache.
struct CachedId {
    Kind kind;
    std::uint64_t key, id, generation;
};
std::atomic<std::uint64_t> g_id_generation{1};
thread_local std::array<CachedId, 64> t_ids{};

CachedId& Slot(Kind kind, std::uint64_t key) {
    return t_ids[(key * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(kind)) >> 58];
}
}  // namespace

std::uint64_t Capture::Id(Kind kind, std::uint64_t key) noexcept {
    CachedId& slot = Slot(kind, key);
    const std::uint64_t generation = g_id_generation.load(std::memory_order_acquire);
    if (slot.generation == generation && slot.kind == kind && slot.key == key) return slot.id;
    std::unique_lock lock(*mutex_);
    auto [it, inserted] = ids_.try_emplace({kind, key}, 0);
    if (inserted) it->second = ++next_id_;
    slot = {kind, key, it->second, generation};
    return it->second;
}

std::uint64_t Capture::NewId(Kind kind, std::uint64_t key) noexcept {
    std::unique_lock lock(*mutex_);
    g_id_generation.fetch_add(1, std::memory_order_acq_rel);
    return ids_[{kind, key}] = ++next_id_;
}

void Capture::AppendLocked(std::unique_lock<std::mutex>& lock, wire::Message& m) noexcept {
    try {
        if (!writer_->AppendMessageLocked(lock, m))
            Fail(writer_->failure().empty() ? "the log is closed" : writer_->failure());
    } catch (const std::exception& e) {
        Fail(std::string("cannot append to the log: ") + e.what());
    }
}

void Capture::Emit(wire::Message& m) noexcept {
    std::unique_lock lock(*mutex_);
    if (!closed_) AppendLocked(lock, m);
}

std::uint64_t Capture::EmitCall(wire::Message& m, wire::StructRef call) noexcept {
    std::unique_lock lock(*mutex_);
    const std::uint64_t seq = ++seq_;
    m.Set<L::Call>(call, L::Call::f_seq, seq);
    if (!closed_) AppendLocked(lock, m);
    return seq;
}

void Capture::DebugLine(std::uint64_t seq, layout::Api api) noexcept {
    const auto i = static_cast<std::size_t>(api);
    if (i < std::size(L::kApiNames)) Line("#" + std::to_string(seq) + " " + L::kApiNames[i]);
}

std::uint64_t Capture::Blob(const void* data, std::uint64_t size) noexcept {
    try {
        const std::string key = ContentKey(data, size);
        std::uint64_t id;
        {
            std::unique_lock lock(*mutex_);
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
            auto e = m.InitRoot(L::Entry::kSize);
            auto b = m.InitStruct<L::Entry>(e, L::Entry::f_blob, L::Blob::kSize);
            m.Set<L::Blob>(b, L::Blob::f_id, id);
            m.Set<L::Blob>(b, L::Blob::f_totalSize, size);
            m.Set<L::Blob>(b, L::Blob::f_offset, offset);
            m.SetBytesExternal<L::Blob>(b, L::Blob::f_data, bytes + offset, n);
            chunks.push_back(writer_->TakeBuffer(m.SerializedSize()));
            m.AppendTo(chunks.back());
            offset += n;
        } while (offset < size);
        // Register and append in one step, so the blob precedes every entry that refers to it.
        std::unique_lock lock(*mutex_);
        if (auto it = blob_by_hash_.find(key); it != blob_by_hash_.end()) return it->second;
        blob_by_hash_[key] = id;
        for (std::string& chunk : chunks) {
            if (closed_ || !writer_->AppendOwnedLocked(lock, std::move(chunk))) {
                lock.unlock();
                Fail("writing a payload to the log failed");
                return id;
            }
        }
        return id;
    } catch (const std::exception& e) {
        Fail(std::string("cannot store a payload: ") + e.what());
        return 0;
    }
}

namespace {
std::uint64_t EmitSource(Capture& cap, std::uint64_t id, const std::string& path_as_given,
                         const std::vector<ltcap::SourceFile>& files) {
    namespace fs = std::filesystem;
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto k = m.InitStruct<L::Entry>(e, L::Entry::f_kernelSource, L::KernelSource::kSize);
    m.Set<L::KernelSource>(k, L::KernelSource::f_id, id);
    m.SetText<L::KernelSource>(k, L::KernelSource::f_path, path_as_given);
    auto list = m.InitStructList<L::KernelSource>(k, L::KernelSource::f_files, files.size(), L::SourceFile::kSize);
    const fs::path dir = fs::path(files[0].path).parent_path();
    for (std::size_t i = 0; i < files.size(); i++) {
        const std::string rel = i == 0 ? fs::path(files[0].path).filename().string()
                                       : fs::path(files[i].path).lexically_relative(dir).string();
        m.SetText<L::SourceFile>(m.Element(list, i), L::SourceFile::f_path, rel);
        m.SetText<L::SourceFile>(m.Element(list, i), L::SourceFile::f_content, files[i].content);
    }
    cap.Emit(m);
    return id;
}
}  // namespace

std::pair<std::uint64_t, bool> Capture::SourceId(const std::string& hash) {
    std::unique_lock lock(*mutex_);
    const auto [it, fresh] = source_by_hash_.try_emplace(hash, 0);
    if (fresh) it->second = ++next_source_;
    return {it->second, fresh};
}

std::uint64_t Capture::KernelSourceFromFile(const std::string& file_as_given) noexcept {
    try {
        static const std::string home = std::getenv("TT_METAL_HOME") ? std::getenv("TT_METAL_HOME") : "";
        static const std::string kpath = std::getenv("TT_METAL_KERNEL_PATH") ? std::getenv("TT_METAL_KERNEL_PATH") : "";
        const auto found = FindKernelFile(file_as_given, home, kpath);
        if (!found) return 0;
        const auto files = ReadSourceClosure(*found);
        if (!files) return 0;
        std::string key = file_as_given;
        for (const auto& f : *files) key += '\0' + f.path + '\0' + f.content;
        const auto [id, fresh] = SourceId(ContentKey(key.data(), key.size()));
        return fresh ? EmitSource(*this, id, file_as_given, *files) : id;
    } catch (const std::exception& e) {
        Fail(std::string("cannot record a kernel source: ") + e.what());
        return 0;
    }
}

std::uint64_t Capture::KernelSourceFromText(const std::string& text) noexcept {
    try {
        const auto [id, fresh] = SourceId(ContentKey(text.data(), text.size()));
        return fresh ? EmitSource(*this, id, "", {{"kernel.cpp", text}}) : id;
    } catch (const std::exception& e) {
        Fail(std::string("cannot record a kernel source: ") + e.what());
        return 0;
    }
}

void Capture::EmitReadData(std::uint64_t seq, const void* data, std::uint64_t size) noexcept {
    const std::uint64_t blob = Blob(data, size);
    wire::Message m;
    auto e = m.InitRoot(L::Entry::kSize);
    auto r = m.InitStruct<L::Entry>(e, L::Entry::f_readData, L::ReadData::kSize);
    m.Set<L::ReadData>(r, L::ReadData::f_seq, seq);
    auto d = m.InitStruct<L::ReadData>(r, L::ReadData::f_data, L::DataRef::kSize);
    m.Set<L::DataRef>(d, L::DataRef::f_blob, blob);
    m.Set<L::DataRef>(d, L::DataRef::f_size, size);
    m.Set<L::DataRef>(d, L::DataRef::f_elementType, static_cast<std::uint16_t>(L::ElementType::bytes));
    Emit(m);
}

void Capture::AddPendingRead(std::uint64_t queue_key, std::uint64_t seq, const void* dst, std::uint64_t size) noexcept {
    std::unique_lock lock(*mutex_);
    pending_reads_.push_back({queue_key, seq, dst, size});
}

void Capture::CompleteReads(std::uint64_t queue_key, std::uint64_t before_seq) noexcept {
    std::vector<PendingRead> done;
    {
        std::unique_lock lock(*mutex_);
        auto keep = pending_reads_.begin();
        for (auto& r : pending_reads_) {
            if (r.queue_key == queue_key && r.seq < before_seq) done.push_back(r);
            else *keep++ = r;
        }
        pending_reads_.erase(keep, pending_reads_.end());
    }
    for (const auto& r : done) EmitReadData(r.seq, r.dst, r.size);
}

void Capture::NoteQueueDevice(std::uint64_t queue_key, std::uint64_t device_key) noexcept {
    std::unique_lock lock(*mutex_);
    queue_device_[queue_key] = device_key;
}

void Capture::CompleteDeviceReads(std::uint64_t device_key) noexcept {
    std::vector<std::uint64_t> queues;
    {
        std::unique_lock lock(*mutex_);
        for (const auto& [q, d] : queue_device_)
            if (d == device_key) queues.push_back(q);
    }
    for (std::uint64_t q : queues) CompleteReads(q, ~0ull);
}

void Capture::NoteEvent(std::uint64_t event_key, std::uint64_t queue_key, std::uint64_t seq) noexcept {
    std::unique_lock lock(*mutex_);
    events_[event_key] = {queue_key, seq};
}

bool Capture::EventQueue(std::uint64_t event_key, std::uint64_t& queue_key, std::uint64_t& seq) noexcept {
    std::unique_lock lock(*mutex_);
    auto it = events_.find(event_key);
    if (it == events_.end()) return false;
    queue_key = it->second.first;
    seq = it->second.second;
    return true;
}

bool Capture::ArgsDiffer(const ArgsKey& key, const std::uint32_t* words, std::size_t n) noexcept {
    std::unique_lock lock(*mutex_);
    auto& known = args_[key];
    if (known.size() == n && std::equal(known.begin(), known.end(), words)) return false;
    known.assign(words, words + n);
    return true;
}

void Capture::ExposeArgs(std::uint64_t kernel_id) noexcept {
    std::unique_lock lock(*mutex_);
    exposed_kernels_.insert(kernel_id);
    any_exposed_ = true;
}

bool Capture::ArgsExposed(std::uint64_t kernel_id) noexcept {
    if (!any_exposed_.load(std::memory_order_acquire)) return false;  // most programs never hold references
    std::unique_lock lock(*mutex_);
    return exposed_kernels_.count(kernel_id) != 0;
}

void Capture::Close() noexcept {
    {
        std::unique_lock lock(*mutex_);
        if (closed_) return;
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto end = m.InitStruct<L::Entry>(e, L::Entry::f_end, L::End::kSize);
        m.Set<L::End>(end, L::End::f_lastSeq, seq_);
        m.Set<L::End>(end, L::End::f_endNs, NowNs());
        AppendLocked(lock, m);
        closed_ = true;
    }
    writer_->Close();
    if (GetSettings().log != LogLevel::kQuiet)
        Line("wrote " + std::to_string(seq_) + " calls (" + std::to_string(writer_->bytes_written()) + " bytes) to " +
             writer_->path());
}

void Capture::EmergencyFlush() noexcept {
    if (writer_) writer_->EmergencyFlush();
}

}  // namespace ltcap
