// The start of a log that opens mid-run: the tracked records (sources first, then the calls that made today's
// objects, marked synthesized), then every live buffer's contents read back from the device and written as a
// synthesized EnqueueWriteBuffer, then a `snapshot` entry with the totals. Each device is synchronized first,
// so the contents include the work queued on all its queues before the window opened.
#include <chrono>
#include <set>

#include "interpose/described.h"
#include "interpose/intercept.h"

namespace ltcap {
namespace {

// Reads a buffer through tt-metal's command queue 0 of its device (blocking, so it sees the work queued before)
// and writes the synthesized EnqueueWriteBuffer that puts the bytes back. False if tt-metal refused.
// `data` is reused from buffer to buffer (fresh memory costs a page fault per page).
bool SnapshotBuffer(Capture& cap, Session& log, const LiveBuffer& b, std::vector<std::uint8_t>& data,
                    std::uint64_t& bytes) {
    // Held for the read: the program may drop its last reference meanwhile (then it is freed here, unrecorded).
    const std::shared_ptr<tm::Buffer> buffer = b.buffer.lock();
    if (!buffer) return false;
    const std::uint64_t size = WholeBuffer(*buffer);
    if (size == 0) return true;
    if (data.size() < size) data.resize(size);
    tm::CommandQueue& cq = b.device->command_queue(0);
    // Our own interposer, called inside the boundary call: the depth guard forwards it unrecorded.
    tm::EnqueueReadBuffer(cq, std::ref(*buffer), data.data(), true);

    wire::Message m;
    CallContext c{cap, m};
    c.log = &log;
    auto e = m.InitRoot(L::Entry::kSize);
    c.call = m.InitStruct<L::Entry>(e, L::Entry::f_call, L::Call::kSize);
    m.Set<L::Call>(c.call, L::Call::f_thread, cap.ThreadNumber());
    m.Set<L::Call>(c.call, L::Call::f_function, static_cast<std::uint16_t>(L::Api::enqueueWriteBuffer));
    m.Set<L::Call>(c.call, L::Call::f_synthesized, true);
    // Encoded as the description says EnqueueWriteBuffer is (the same roles: a payload of the buffer's size).
    api::Described<L::Api::enqueueWriteBuffer>::With([&](auto&&... args) { detail::EncodeArgs(c, args...); }, cq,
                                                     api::BufRef(std::ref(*buffer)),
                                                     tm::HostDataType(static_cast<const void*>(data.data())), true);
    m.Set<L::Call>(c.call, L::Call::f_beginNs, cap.NowNs());
    const std::uint64_t seq = log.EmitCall(m, c.call);
    m.Clear();
    auto re = m.InitRoot(L::Entry::kSize);
    auto r = m.InitStruct<L::Entry>(re, L::Entry::f_return, L::Return::kSize);
    m.Set<L::Return>(r, L::Return::f_seq, seq);
    m.Set<L::Return>(r, L::Return::f_endNs, cap.NowNs());
    log.Emit(m);
    bytes += size;
    return true;
}

}  // namespace

void WriteSnapshot(Capture& cap, Session& log, bool read_contents) noexcept {
    const auto start = std::chrono::steady_clock::now();
    try {
        const StateTracker::Copy state = cap.tracker().Take();
        for (const auto& [id, entry] : state.sources) log.EnsureSource(id, entry);
        for (const std::string& records : state.records) log.EmitBytes(records);
        std::uint32_t buffers = 0;
        std::uint64_t bytes = 0;
        std::vector<std::uint8_t> data;
        // Work queued on any of a device's queues (another thread's, say) lands before its buffers are read.
        std::set<tm::IDevice*> synchronized;
        for (const LiveBuffer& b : state.buffers) {
            if (!read_contents || !b.allocated || !synchronized.insert(b.device).second) continue;
            try {
                tm::Synchronize(b.device);  // our interposer, forwarded unrecorded (depth guard)
            } catch (const std::exception& e) {
                report::Line(std::string("the snapshot could not synchronize a device: ") + e.what());
            }
        }
        for (const LiveBuffer& b : state.buffers) {
            if (!read_contents || !b.allocated) continue;
            try {
                if (SnapshotBuffer(cap, log, b, data, bytes)) buffers++;
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
