// The start of a log that opens mid-run: the tracked records (sources first, then the calls that made today's
// objects, marked synthesized), then every live buffer's contents read back from the device and written as a
// synthesized EnqueueWriteBuffer (v0.67.0: detail::WriteToBuffer) — a mesh buffer's every shard as one synthesized
// enqueue_write_shards — then a `snapshot` entry with the totals. Each device and mesh is synchronized first, so the
// contents include the work queued on all its queues before the window opened.
#include <chrono>
#include <cstdlib>

#include "ltcap_profile.h"  // the build's profile: what it has (LTCAP_HAS_*)
#include <set>

#include "interpose/described.h"
#include "interpose/intercept.h"

namespace ltcap {
namespace {

// Writes a synthesized call `kApi` and its return, its arguments encoded as its description says (the same roles
// as the program's own calls: a payload of the buffer's size, each shard's bytes).
// A payload already in the log (Session::BlobFrom), and the pointer that stands for it among the call's arguments.
struct StoredPayload {
    const void* stands_for = nullptr;
    std::uint64_t blob = 0;
};

template <layout::Api kApi, typename... Params>
void EmitSynthesized(Capture& cap, Session& log, StoredPayload stored, Params&&... params) {
    wire::Message m;
    CallContext c{cap, m};
    c.log = &log;
    c.synthesized = true;
    c.stored_data = stored.stands_for;
    c.stored_blob = stored.blob;
    auto e = m.InitRoot(L::Entry::kSize);
    c.call = m.InitStruct<L::Entry>(e, L::Entry::f_call, L::Call::kSize);
    m.Set<L::Call>(c.call, L::Call::f_thread, cap.ThreadNumber());
    m.Set<L::Call>(c.call, L::Call::f_function, static_cast<std::uint16_t>(kApi));
    m.Set<L::Call>(c.call, L::Call::f_synthesized, true);
    api::Described<kApi>::With([&](auto&&... args) { detail::EncodeArgs(c, args...); },
                               std::forward<Params>(params)...);
    m.Set<L::Call>(c.call, L::Call::f_beginNs, cap.NowNs());
    const std::uint64_t seq = log.EmitCall(m, c.call);
    m.Clear();
    auto re = m.InitRoot(L::Entry::kSize);
    auto r = m.InitStruct<L::Entry>(re, L::Entry::f_return, L::Return::kSize);
    m.Set<L::Return>(r, L::Return::f_seq, seq);
    m.Set<L::Return>(r, L::Return::f_endNs, cap.NowNs());
    log.Emit(m);
}

// Reads a buffer back and writes the synthesized call that puts the bytes back: through its device's command queue 0
// (blocking, so it sees the work queued before) and EnqueueWriteBuffer; in v0.67.0, which has no command queue for a
// single device (its programs run through detail::LaunchProgram, which returns when they are done), through
// detail::ReadFromBuffer and detail::WriteToBuffer. False if tt-metal refused.
// `data` is reused from buffer to buffer (fresh memory costs a page fault per page).
bool SnapshotBuffer(Capture& cap, Session& log, const LiveBuffer& b, std::vector<std::uint8_t>& data,
                    std::uint64_t& bytes) {
    // Held for the read: the program may drop its last reference meanwhile (then it is freed here, unrecorded).
    const std::shared_ptr<tm::Buffer> buffer = std::static_pointer_cast<tm::Buffer>(b.buffer.lock());
    if (!buffer) return false;
    const std::uint64_t size = WholeBuffer(*buffer);
    if (size == 0) return true;
    // Our own interposers, called inside the boundary call: the depth guard forwards them unrecorded.
#if !LTCAP_HAS_COMMAND_QUEUE  // through detail::ReadFromBuffer; else straight from the device's queue
    if (data.size() < size) data.resize(size);
    tm::detail::ReadFromBuffer(*buffer, data.data());
    EmitSynthesized<L::Api::detailWriteToBuffer>(cap, log, {}, *buffer, ttsl::Span<const std::uint8_t>(data.data(), size));
#else
    tm::CommandQueue& cq = static_cast<tm::IDevice*>(b.device)->command_queue(0);
    // Straight into the log: the buffer read back a run of whole pages at a time into its payload's messages (a
    // sub-buffer read takes whole pages). Where tt-metal refuses that, the whole buffer is read into `data` first.
    const std::uint64_t page = buffer->page_size();
    std::uint64_t blob = 0;
    if (page && page <= Session::kBlobChunk && size % page == 0)
        blob = log.BlobFrom(size, page, [&](std::uint8_t* dst, std::uint64_t offset, std::uint64_t n) {
            tm::EnqueueReadSubBuffer(cq, std::ref(*buffer), dst, tm::BufferRegion(offset, n), true);
            return true;
        });
    static const std::uint8_t kInTheLog = 0;
    if (blob) {
        EmitSynthesized<L::Api::enqueueWriteBuffer>(cap, log, {&kInTheLog, blob}, cq, api::BufRef(std::ref(*buffer)),
                                                    tm::HostDataType(static_cast<const void*>(&kInTheLog)), true);
    } else {
        if (data.size() < size) data.resize(size);
        tm::EnqueueReadBuffer(cq, std::ref(*buffer), data.data(), true);
        EmitSynthesized<L::Api::enqueueWriteBuffer>(cap, log, {}, cq, api::BufRef(std::ref(*buffer)),
                                                    tm::HostDataType(static_cast<const void*>(data.data())), true);
    }
#endif
    bytes += size;
    return true;
}

// Every shard of a mesh buffer, read through its mesh's queue 0 in one blocking enqueue_read_shards and written
// back as one synthesized enqueue_write_shards (a replicated buffer's shards may differ: programs write devices
// one by one).
bool SnapshotMeshBuffer(Capture& cap, Session& log, const LiveBuffer& b, std::vector<std::uint8_t>& data,
                        std::uint64_t& bytes) {
    const std::shared_ptr<dist::MeshBuffer> buffer = std::static_pointer_cast<dist::MeshBuffer>(b.mesh_buffer.lock());
    if (!buffer) return false;
    auto* mesh = static_cast<dist::MeshDevice*>(b.mesh);
    api::ShardTransfers transfers;
    std::vector<std::uint64_t> offsets;
    std::uint64_t total = 0;
    for (dist::MeshCoordinate& coord : EveryCoordinate(mesh->shape().view())) {
        const std::uint64_t size = ShardBytes(*buffer, coord, std::nullopt);
        if (size == 0) continue;
        offsets.push_back(total);
        total += size;
        transfers.push_back(MakeTransfer(coord, nullptr, std::nullopt));
    }
    if (transfers.empty()) return true;
    if (data.size() < total) data.resize(total);
    for (std::size_t i = 0; i < transfers.size(); i++) SetTransferHost(transfers[i], data.data() + offsets[i]);
    dist::MeshCommandQueue& cq = mesh->mesh_command_queue(0);
    cq.enqueue_read_shards(transfers, buffer, true);  // our interposer, forwarded unrecorded (depth guard)
    EmitSynthesized<L::Api::meshCqEnqueueWriteShards>(cap, log, {}, cq, buffer, transfers, true);
    bytes += total;
    return true;
}

// Lets the work queued on any of a device's (mesh's) queues — another thread's, say — land before its buffers are
// read.
void SynchronizeAll(const std::vector<LiveBuffer>& buffers) {
    std::set<const void*> synchronized;
    for (const LiveBuffer& b : buffers) {
        if (!b.allocated) continue;
        try {
            // our interposers, forwarded unrecorded (depth guard)
            if (b.mesh && synchronized.insert(b.mesh).second)
                dist::Synchronize(static_cast<dist::MeshDevice*>(b.mesh), std::nullopt, {});
#if LTCAP_HAS_DEVICE_SYNCHRONIZE
            if (b.device && synchronized.insert(b.device).second) tm::Synchronize(static_cast<tm::IDevice*>(b.device));
#endif
        } catch (const std::exception& e) {
            report::Line(std::string("the snapshot could not synchronize a device: ") + e.what());
        }
    }
}

// A buffer's bytes as a replay reads them back after a launch (player/replay_roles.cc ReadBack): a single-device
// buffer through its device's queue 0 (v0.56.0 in fast dispatch) or detail::ReadFromBuffer; a mesh buffer's every
// shard through its mesh's queue 0, one after another in row-major coordinate order. Its page size in `page`.
bool ReadBackWhole(const LiveBuffer& b, std::vector<std::uint8_t>& data, std::uint64_t& size, std::uint64_t& page) {
    if (b.mesh) {
        const std::shared_ptr<dist::MeshBuffer> buffer = std::static_pointer_cast<dist::MeshBuffer>(b.mesh_buffer.lock());
        if (!buffer) return false;
        auto* mesh = static_cast<dist::MeshDevice*>(b.mesh);
        api::ShardTransfers transfers;
        std::vector<std::uint64_t> offsets;
        size = 0;
        for (dist::MeshCoordinate& coord : EveryCoordinate(mesh->shape().view())) {
            const std::uint64_t n = ShardBytes(*buffer, coord, std::nullopt);
            if (n == 0) continue;
            offsets.push_back(size);
            size += n;
            transfers.push_back(MakeTransfer(coord, nullptr, std::nullopt));
        }
        page = buffer->page_size();
        if (transfers.empty()) return true;
        if (data.size() < size) data.resize(size);
        for (std::size_t i = 0; i < transfers.size(); i++) SetTransferHost(transfers[i], data.data() + offsets[i]);
        mesh->mesh_command_queue(0).enqueue_read_shards(transfers, buffer, true);  // forwarded unrecorded
        return true;
    }
    const std::shared_ptr<tm::Buffer> buffer = std::static_pointer_cast<tm::Buffer>(b.buffer.lock());
    if (!buffer) return false;
    size = WholeBuffer(*buffer);
    page = buffer->page_size();
    if (size == 0) return true;
    if (data.size() < size) data.resize(size);
#if LTCAP_HAS_COMMAND_QUEUE
    if (!std::getenv("TT_METAL_SLOW_DISPATCH_MODE")) {
        tm::EnqueueReadBuffer(static_cast<tm::IDevice*>(b.device)->command_queue(0), std::ref(*buffer), data.data(), true);
        return true;
    }
    tm::detail::ReadFromBuffer(*buffer, data.data(), false);
#else
    tm::detail::ReadFromBuffer(*buffer, data.data());
#endif
    return true;
}

}  // namespace

void WriteLaunchOutputs(Capture& cap, Session& log, std::uint64_t seq) noexcept {
    try {
        const std::vector<LiveBuffer> buffers = cap.tracker().LiveBuffers();
        SynchronizeAll(buffers);
        std::vector<Session::LaunchBuffer> out;
        std::vector<std::uint8_t> data;
        for (const LiveBuffer& b : buffers) {
            if (!b.allocated) continue;
            std::uint64_t size = 0, page = 0;
            try {
                if (!ReadBackWhole(b, data, size, page)) continue;
            } catch (const std::exception& e) {
                report::Line("could not read buffer#" + std::to_string(b.id) + " back after launch #" +
                             std::to_string(seq) + ": " + e.what());
                continue;
            }
            out.push_back({b.id, page, size ? log.Blob(data.data(), size) : 0, size});
        }
        log.EmitLaunchOutputs(seq, out);
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot record a launch's outputs: ") + e.what());
    }
}

void WriteSnapshot(Capture& cap, Session& log, bool read_contents) noexcept {
    const auto start = std::chrono::steady_clock::now();
    try {
        const StateTracker::Copy state = cap.tracker().Take();
        for (const auto& [id, entry] : state.sources) log.EnsureSource(id, entry);
        for (const std::string& records : state.records) log.EmitBytes(records);
        std::uint32_t buffers = 0;
        std::uint64_t bytes = 0;
        std::vector<std::uint8_t> data;
        if (read_contents) SynchronizeAll(state.buffers);
        for (const LiveBuffer& b : state.buffers) {
            if (!read_contents || !b.allocated) continue;
            try {
                if (b.mesh ? SnapshotMeshBuffer(cap, log, b, data, bytes) : SnapshotBuffer(cap, log, b, data, bytes))
                    buffers++;
            } catch (const std::exception& e) {
                report::Line("the snapshot could not read buffer#" + std::to_string(b.id) + " back: " + e.what());
            }
        }
        wire::Message m;
        auto e = m.InitRoot(L::Entry::kSize);
        auto s = m.InitStruct<L::Entry>(e, L::Entry::f_snapshot, L::Snapshot::kSize);
        m.Set<L::Snapshot>(s, L::Snapshot::f_records, state.records.size());
        m.Set<L::Snapshot>(s, L::Snapshot::f_buffers, buffers);
        m.Set<L::Snapshot>(s, L::Snapshot::f_bufferBytes, bytes);
        m.Set<L::Snapshot>(s, L::Snapshot::f_durationNs,
                           std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
        log.Emit(m);
    } catch (const std::exception& e) {
        report::Fail(std::string("cannot write the snapshot: ") + e.what());
    }
}

}  // namespace ltcap
