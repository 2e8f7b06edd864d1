// The functions behind the kernel API table: what a data-movement kernel's calls do to the emulated device.
// Every address a kernel passes is checked; a bad one stops the kernel with a message naming it.
#include <cstring>
#include <iostream>
#include <mutex>
#include <string_view>

#include <unistd.h>

#include "chip.h"
#include "confine.h"
#include "errors.h"
#include "kernel_runtime.h"
#include "settings.h"
#include "emu/kernel_include/ttemu_data_format.h"
#include "emu/kernel_include/ttemu_remote_cb.h"

namespace ttemu {
namespace {

constexpr std::uint64_t kLocalMask = (1ull << 36) - 1;

Coro& Cur() { return *CurrentCoro(); }
const CoreXY& Core() { return Cur().core->launch->core; }
DeviceMemory& Mem() { return CurrentChip().memory(); }

std::uint32_t SlotBase() { return kRtArgsBase + static_cast<std::uint32_t>(Cur().kernel->slot) * kRtArgsSlotSize; }

CbState& Cb(std::int32_t cb, const char* call) {
    if (cb < 0 || cb >= static_cast<std::int32_t>(kNumCircularBuffers)) KernelFail(Cat(call, ": CB index ", cb, " is out of range"));
    CbState& s = Cur().core->cbs[cb];
    if (!s.configured) KernelFail(Cat(call, ": circular buffer ", cb, " is not configured on this core"));
    return s;
}

// Host pointer for [addr, addr + size) of this core's L1, after checking the range.
std::uint8_t* LocalL1(std::uint32_t addr, std::uint32_t size, const char* call) {
    if (std::uint64_t(addr) + size > kL1Size || addr < kL1WindowBase)
        KernelFail(Cat(call, ": L1 range [", addr, ", ", std::uint64_t(addr) + size, ") is outside L1 [", kL1WindowBase,
                       ", ", kL1Size, ")"));
    return Mem().L1(Core().x, Core().y, addr, size);
}

// Host pointer for a NOC address: a worker core's L1, a DRAM bank or an ethernet core's L1, checked against its size.
std::uint8_t* Target(std::uint64_t noc_addr, std::uint32_t size, const char* call) {
    const std::uint32_t x = (noc_addr >> 36) & 0x3f, y = (noc_addr >> 42) & 0x3f;
    const std::uint64_t local = noc_addr & kLocalMask;
    if (auto core = Chip::WorkerFromNoc(x, y)) {
        // All of another core's L1 answers on the NOC, the firmware's low region included (only a kernel's own
        // raw pointers need the window above kL1WindowBase).
        if (local + size > kL1Size)
            KernelFail(Cat(call, ": L1 range [", local, ", ", local + size, ") of core ", core->str(),
                           " is outside L1 [0, ", kL1Size, ")"));
        return Mem().L1(core->x, core->y, local, size);
    }
    // A DRAM endpoint, in the kernel's NOC coordinates (NOC1 mirrors NOC0).
    std::uint32_t x0 = x, y0 = y;
    if (Cur().kernel->noc == 1) x0 = kPhysicalGridX - 1 - x, y0 = kPhysicalGridY - 1 - y;
    for (std::uint32_t b = 0; b < kNumDramBanks; b++) {
        if (kDramBankNoc0[b].x != x0 || kDramBankNoc0[b].y != y0) continue;
        const std::uint32_t channel = b / 2;
        if (local + size > kDramChannelSize)
            KernelFail(Cat(call, ": DRAM range [", local, ", ", local + size, ") is outside channel ", channel, " (",
                           kDramChannelSize, " B)"));
        const std::uint32_t bank = channel * 2 + static_cast<std::uint32_t>(local / kDramBankSize);
        if ((local % kDramBankSize) + size > kDramBankSize)
            KernelFail(Cat(call, ": DRAM range crosses the end of bank ", bank));
        return Mem().Dram(bank, local % kDramBankSize, size);
    }
    if (const int eth = EthCoreIndex(x0, y0); eth >= 0) {
        if (local + size > kEthL1Size)
            KernelFail(Cat(call, ": L1 range [", local, ", ", local + size, ") of ethernet core (", x0, ", ", y0,
                           ") is outside its L1 (", kEthL1Size, " B)"));
        return Mem().EthL1(static_cast<std::uint32_t>(eth), local, size);
    }
    KernelFail(Cat(call, ": NOC address 0x", std::hex, noc_addr, std::dec, " targets (", x, ", ", y,
                   "), which is neither a worker core, a DRAM endpoint nor an ethernet core on NOC ",
                   int(Cur().kernel->noc)));
}

std::uint32_t ArgAddr(int index) {
    if (index < 0 || index >= static_cast<int>(kMaxRuntimeArgs)) KernelFail(Cat("get_arg_addr: index ", index, " out of range"));
    return SlotBase() + index * 4;
}
std::uint32_t CommonArgAddr(int index) {
    if (index < 0 || index >= static_cast<int>(kMaxRuntimeArgs))
        KernelFail(Cat("get_common_arg_addr: index ", index, " out of range"));
    return SlotBase() + kMaxRuntimeArgs * 4 + index * 4;
}

// The device's page counters are 16 bits wide and compared modulo 2^16: after more pops than pushes the front holds
// "65535 pages" and the back has room for more than the CB's size, as on the hardware.
std::uint32_t PagesAtFront(const CbState& s) { return static_cast<std::uint16_t>(s.received - s.acked); }
std::uint32_t FreePages(const CbState& s) { return static_cast<std::uint16_t>(s.num_pages - PagesAtFront(s)); }

void CbReserveBack(std::int32_t cb, std::int32_t pages) {
    CbState& s = Cb(cb, "cb_reserve_back");
    if (pages < 0 || static_cast<std::uint32_t>(pages) > s.num_pages)
        KernelFail(Cat("cb_reserve_back(", cb, ", ", pages, "): the CB holds only ", s.num_pages, " pages"));
    BlockUntil([&s, pages] { return FreePages(s) >= static_cast<std::uint32_t>(pages); },
               Cat("cb_reserve_back(cb ", cb, ", ", pages, " pages): ", FreePages(s), " of ", s.num_pages,
                   " pages free"));
}

void CbPushBack(std::int32_t cb, std::int32_t pages) {
    CbState& s = Cb(cb, "cb_push_back");
    if (static_cast<std::uint32_t>(pages) > FreePages(s))
        KernelFail(Cat("cb_push_back(", cb, ", ", pages, "): pushes more pages than were reserved"));
    s.received = (s.received + static_cast<std::uint32_t>(pages)) & 0xffff;
    s.write_ptr += pages * s.page_size;
    if (s.write_ptr >= s.base + s.size) s.write_ptr -= s.size;
}

void CbWaitFront(std::int32_t cb, std::int32_t pages) {
    CbState& s = Cb(cb, "cb_wait_front");
    if (pages < 0 || static_cast<std::uint32_t>(pages) > s.num_pages)
        KernelFail(Cat("cb_wait_front(", cb, ", ", pages, "): the CB holds only ", s.num_pages, " pages"));
    BlockUntil([&s, pages] { return PagesAtFront(s) >= static_cast<std::uint32_t>(pages); },
               Cat("cb_wait_front(cb ", cb, ", ", pages, " pages): ", PagesAtFront(s), " pages available"));
}

void CbPopFront(std::int32_t cb, std::int32_t pages) {
    // Unchecked, as on the device: a kernel may pop pages nobody pushed (a CB over a sharded buffer's data).
    CbState& s = Cb(cb, "cb_pop_front");
    s.acked = (s.acked + static_cast<std::uint32_t>(pages)) & 0xffff;
    s.read_ptr += pages * s.page_size;
    if (s.read_ptr >= s.base + s.size) s.read_ptr -= s.size;
}

bool CbReservable(std::int32_t cb, std::int32_t pages) {
    CbState& s = Cb(cb, "cb_pages_reservable_at_back");
    return FreePages(s) >= static_cast<std::uint32_t>(pages);
}
bool CbAvailable(std::int32_t cb, std::int32_t pages) {
    CbState& s = Cb(cb, "cb_pages_available_at_front");
    return PagesAtFront(s) >= static_cast<std::uint32_t>(pages);
}
std::uint32_t CbWritePtr(std::int32_t cb) { return Cb(cb, "get_write_ptr").write_ptr; }
std::uint32_t CbReadPtr(std::int32_t cb) { return Cb(cb, "get_read_ptr").read_ptr; }
std::uint32_t CbTileSize(std::int32_t cb) {
    return ttemu_tile_size(static_cast<DataFormat>(Cb(cb, "get_tile_size").data_format));
}
std::uint32_t CbDataFormat(std::int32_t cb) { return Cb(cb, "get_dataformat").data_format; }
std::uint32_t CbPageSize(std::int32_t cb) { return Cb(cb, "cb page size").page_size; }

std::uint64_t BankNocAddr(bool dram, std::uint32_t bank, std::uint32_t offset, std::uint8_t noc) {
    if (dram) {
        if (bank >= kNumDramBanks) KernelFail(Cat("get_noc_addr_from_bank_id: DRAM bank ", bank, " does not exist"));
        std::uint64_t x = kDramBankNoc0[bank].x, y = kDramBankNoc0[bank].y;
        if (noc == 1) x = kPhysicalGridX - 1 - x, y = kPhysicalGridY - 1 - y;
        return (y << 42) | (x << 36) | (std::uint64_t(bank % 2) * kDramBankSize + offset);
    }
    if (bank >= kNumL1Banks) KernelFail(Cat("get_noc_addr_from_bank_id: L1 bank ", bank, " does not exist"));
    const CoreXY c = CurrentChip().L1BankCore(bank);
    return (std::uint64_t(c.y + kTranslatedWorkerBase) << 42) | (std::uint64_t(c.x + kTranslatedWorkerBase) << 36) |
           offset;
}

// Kernels read the firmware's zero-filled region (device_model.h) over the NOC to clear memory. It sits below the
// emulator's L1 window, so reads of it are served here rather than from device memory.
bool ReadsZeros(std::uint64_t src, std::uint32_t size) {
    const std::uint64_t local = src & kLocalMask;
    return local >= kMemZerosBase && local + size <= kMemZerosBase + kMemZerosSize &&
           Chip::WorkerFromNoc((src >> 36) & 0x3f, (src >> 42) & 0x3f).has_value();
}

void NocRead(std::uint64_t src, std::uint32_t dst_l1, std::uint32_t size) {
    if (ReadsZeros(src, size)) {
        std::memset(LocalL1(dst_l1, size, "noc_async_read"), 0, size);
        return;
    }
    std::uint8_t* from = Target(src, size, "noc_async_read");
    std::memmove(LocalL1(dst_l1, size, "noc_async_read"), from, size);
}

void NocWrite(std::uint32_t src_l1, std::uint64_t dst, std::uint32_t size) {
    std::uint8_t* from = LocalL1(src_l1, size, "noc_async_write");
    std::memmove(Target(dst, size, "noc_async_write"), from, size);
}

void NocWriteMulticast(std::uint32_t src_l1, std::uint64_t mcast, std::uint32_t size, std::uint32_t num_dests,
                       bool include_self) {
    const std::uint32_t xe = (mcast >> 36) & 0x3f, ye = (mcast >> 42) & 0x3f;
    const std::uint32_t xs = (mcast >> 48) & 0x3f, ys = (mcast >> 54) & 0x3f;
    const std::uint64_t local = mcast & kLocalMask;
    const std::uint8_t* from = LocalL1(src_l1, size, "noc_async_write_multicast");
    std::uint32_t written = 0;
    for (std::uint32_t y = std::min(ys, ye); y <= std::max(ys, ye); y++) {
        for (std::uint32_t x = std::min(xs, xe); x <= std::max(xs, xe); x++) {
            auto core = Chip::WorkerFromNoc(x, y);
            if (!core) KernelFail(Cat("noc_async_write_multicast: (", x, ", ", y, ") is not a worker core"));
            if (*core == Core() && !include_self) continue;
            const std::uint64_t dst = (std::uint64_t(y) << 42) | (std::uint64_t(x) << 36) | local;
            std::memmove(Target(dst, size, "noc_async_write_multicast"), from, size);
            written++;
        }
    }
    (void)num_dests;  // the hardware uses it to count acknowledgements; the copy above is already complete
    (void)written;
}

void NocSemaphoreInc(std::uint64_t addr, std::uint32_t incr) {
    auto* p = reinterpret_cast<std::uint32_t*>(Target(addr, 4, "noc_semaphore_inc"));
    *p += incr;
}

void NocInlineWrite(std::uint64_t addr, std::uint32_t value) {
    std::memcpy(Target(addr, 4, "noc_inline_dw_write"), &value, 4);
}

void SemaphoreWait(volatile std::uint32_t* sem, std::uint32_t value, bool at_least) {
    const auto addr = reinterpret_cast<std::uintptr_t>(sem);
    if (!InL1Window(addr, 4)) KernelFail(Cat("noc_semaphore_wait: ", addr, " is not an L1 address of this core"));
    // Read through the device's own mapping: while blocked, another core's L1 may be in the window.
    auto* word = reinterpret_cast<volatile std::uint32_t*>(LocalL1(static_cast<std::uint32_t>(addr), 4, "noc_semaphore_wait"));
    BlockUntil([word, value, at_least] { return at_least ? *word >= value : *word == value; },
               Cat(at_least ? "noc_semaphore_wait_min" : "noc_semaphore_wait", "(L1 ", addr, ", ", value,
                   "): value is ", *word));
}

std::uint32_t SemaphoreAddr(std::uint32_t id) {
    if (id >= kNumSemaphores) KernelFail(Cat("get_semaphore: semaphore id ", id, " is out of range (0-15)"));
    return kSemaphoreBase + id * kSemaphoreStride;
}

// DPRINT's prefix: tt-metal's processor names (a split compute kernel's threads are TR0, TR1, TR2).
const char* ProcessorTag(const Coro& c) {
    switch (c.kernel->slot) {
        case Slot::kBrisc: return "BR";
        case Slot::kNcrisc: return "NC";
        default: return c.trisc == 0 ? "TR0" : c.trisc == 1 ? "TR1" : c.trisc == 2 ? "TR2" : "TR";
    }
}

std::mutex g_stdout_mutex;

void DebugPrint(const char* text, std::size_t len) {
    if (!GetSettings().dprint) return;
    Coro& c = Cur();
    c.dprint_line.append(text, len);
    std::size_t nl;
    while ((nl = c.dprint_line.find('\n')) != std::string::npos) {
        const std::string line = Cat(CurrentChip().id(), ":(x=", Core().x, ",y=", Core().y, "):", ProcessorTag(c), ": ",
                                     std::string_view(c.dprint_line).substr(0, nl), "\n");
        c.dprint_line.erase(0, nl + 1);
        if (InConfinedWorker()) {
            // The worker's stdout is a pipe its parent copies to its own; no stream of the parent's (whose locks
            // another thread may have held when it forked) is used here.
            for (std::size_t at = 0; at < line.size();) {
                const ssize_t n = ::write(1, line.data() + at, line.size() - at);
                if (n <= 0) break;
                at += static_cast<std::size_t>(n);
            }
            continue;
        }
        std::lock_guard lock(g_stdout_mutex);
        std::cout << line << std::flush;
    }
}

void Fail(const char* message) { KernelFail(message ? message : "kernel failed"); }

void CbRing(std::int32_t cb, std::uint32_t* base, std::uint32_t* size, std::uint32_t* page_size) {
    const CbState& s = Cb(cb, "circular buffer access");
    *base = s.base;
    *size = s.size;
    *page_size = s.page_size;
}

void* ComputeState() {
    Coro& c = Cur();
    if (c.kernel->slot != Slot::kCompute) KernelFail("compute API called from a data-movement kernel");
    if (!c.compute_state) c.compute_state.reset(new std::uint8_t[TTEMU_COMPUTE_STATE_BYTES]());
    return c.compute_state.get();
}

void* NocState() { return Cur().noc_state; }

std::int32_t Trisc() { return Cur().trisc; }

void WaitState(volatile std::uint32_t* word, std::uint32_t value, const char* what) {
    Coro& c = Cur();
    const auto at = reinterpret_cast<std::uintptr_t>(word);
    const auto base = reinterpret_cast<std::uintptr_t>(c.compute_state.get());
    if (c.trisc < 0 || !c.compute_state || at < base || at + 4 > base + TTEMU_COMPUTE_STATE_BYTES)
        KernelFail("wait_state: only a split compute kernel's threads wait, on their shared state");
    BlockUntil([word, value] { return *word == value; }, what ? what : "wait_state");
}

volatile std::uint32_t* CbCounter(std::int32_t cb, bool acked) {
    CbState& s = Cb(cb, acked ? "get_cb_tiles_acked_ptr" : "get_cb_tiles_received_ptr");
    return acked ? &s.acked : &s.received;
}

TtemuLocalCb* CbInterface(std::int32_t cb, std::uint32_t shift) {
    CbState& s = Cb(cb, "get_local_cb_interface");
    if (shift != 0 && shift != 4) KernelFail(Cat("get_local_cb_interface: address shift ", shift, " is neither 0 nor 4"));
    TtemuLocalCb& v = s.views[shift ? 1 : 0];
    v.fifo_size = s.size >> shift;
    v.fifo_limit = (s.base + s.size) >> shift;
    v.fifo_page_size = s.page_size >> shift;
    v.fifo_num_pages = s.num_pages;
    v.fifo_rd_ptr = s.read_ptr >> shift;
    v.fifo_wr_ptr = s.write_ptr >> shift;
    v.tiles_acked = static_cast<std::uint16_t>(s.acked);
    v.tiles_received = static_cast<std::uint16_t>(s.received);
    v.fifo_wr_tile_ptr = 0;
    return &v;
}

// ---- remote circular buffers (tt-metal's internal/circular_buffer_init.h and api/remote_circular_buffer.h)

// Word indices of RemoteSenderCBInterface and RemoteReceiverCBInterface (the first five are shared).
enum : std::uint32_t { kConfigPtr, kFifoStart, kFifoLimit, kFifoPageSize, kFifoPtr };
enum : std::uint32_t { kSenderNocXy = 5, kSenderPagesSent, kSenderNumReceivers };
enum : std::uint32_t { kReceiverSenderX = 5, kReceiverSenderY, kReceiverPagesAcked };
constexpr std::uint32_t kRemotePageUnit = kL1Alignment;  // REMOTE_CIRCULAR_BUFFER_ALIGNED_PAGE_SIZE

std::uint32_t L1Word(std::uint32_t addr, const char* call) {
    std::uint32_t v;
    std::memcpy(&v, LocalL1(addr, 4, call), 4);
    return v;
}
std::uint32_t* L1WordPtr(std::uint32_t addr, const char* call) {
    if (addr % 4) KernelFail(Cat(call, ": L1 address ", addr, " is not 4-byte aligned"));
    return reinterpret_cast<std::uint32_t*>(LocalL1(addr, 4, call));
}
// The word at `addr` in the L1 of the worker core at NOC0 coordinates (x, y).
std::uint32_t* RemoteWord(std::uint32_t x, std::uint32_t y, std::uint32_t addr, const char* call) {
    const auto core = Chip::WorkerFromNoc(x, y);
    if (!core) KernelFail(Cat(call, ": (", x, ", ", y, ") is not a worker core"));
    if (addr % 4 || std::uint64_t(addr) + 4 > kL1Size)
        KernelFail(Cat(call, ": L1 address ", addr, " of core ", core->str(), " is not a word of L1"));
    return reinterpret_cast<std::uint32_t*>(Mem().L1(core->x, core->y, addr, 4));
}

// resize_remote_{sender,receiver}_cb_interface: the FIFO's page-aligned limit for `page_size`, and its pointer moved
// to the next page boundary. A BRISC (update_remote_over_noc) tells the other side of the pages it skipped.
void ResizeRemote(std::uint32_t* r, bool sender, std::uint32_t page_size, bool over_noc) {
    const char* call = sender ? "resize_remote_sender_cb_interface" : "resize_remote_receiver_cb_interface";
    if (page_size == 0 || page_size % kRemotePageUnit)
        KernelFail(Cat(call, ": page size ", page_size, " is not a non-zero multiple of ", kRemotePageUnit));
    const std::uint32_t fifo_size = L1Word(r[kConfigPtr] + 12, call);
    const std::uint32_t start = r[kFifoStart], ptr = r[kFifoPtr];
    if (ptr < start || ptr - start > fifo_size)
        KernelFail(Cat(call, ": FIFO pointer ", ptr, " is outside the FIFO [", start, ", +", fifo_size, "]"));
    const TtemuRemoteResize resized = ttemu_remote_resize(start, fifo_size, ptr, page_size, kRemotePageUnit);
    const std::uint32_t adjustment = resized.skipped;
    if (over_noc && adjustment) {
        if (sender) {
            const std::uint32_t receivers = r[kSenderNumReceivers];
            for (std::uint32_t i = 0; i < receivers; i++) {
                const std::uint32_t sent = r[kSenderPagesSent] + 2 * i * kL1Alignment;
                *L1WordPtr(sent, call) += adjustment;
                const std::uint32_t xy = r[kSenderNocXy] + 8 * i;
                *RemoteWord(L1Word(xy, call), L1Word(xy + 4, call), sent, call) += adjustment;
            }
        } else {
            std::uint32_t* acked = L1WordPtr(r[kReceiverPagesAcked], call);
            const std::uint32_t* sent = L1WordPtr(r[kReceiverPagesAcked] - kL1Alignment, call);
            BlockUntil([=] { return *sent - *acked >= adjustment; }, Cat(call, ": waiting for ", adjustment,
                                                                           " aligned pages from the sender"));
            *acked += adjustment;
            *RemoteWord(r[kReceiverSenderX], r[kReceiverSenderY], r[kReceiverPagesAcked], call) += adjustment;
        }
    }
    r[kFifoPtr] = resized.ptr;
    r[kFifoLimit] = resized.limit;
    r[kFifoPageSize] = page_size;
}

std::uint32_t* RemoteCbInterface(std::int32_t cb) {
    if (cb < 0 || cb >= static_cast<std::int32_t>(kNumCircularBuffers))
        KernelFail(Cat("get_remote_cb_interface: CB index ", cb, " is out of range"));
    Coro& c = Cur();
    if (!(c.remote_set >> cb & 1))
        KernelFail(Cat("get_remote_cb_interface: circular buffer ", cb,
                       " is not a remote one (over a global circular buffer) on this core"));
    return c.remote_cbs[cb];
}

const TtemuKernelApi kApi = {
    TTEMU_KERNEL_ABI_VERSION,
    ArgAddr,
    CommonArgAddr,
    CbReserveBack,
    CbPushBack,
    CbWaitFront,
    CbPopFront,
    CbReservable,
    CbAvailable,
    CbWritePtr,
    CbReadPtr,
    CbTileSize,
    CbDataFormat,
    CbPageSize,
    BankNocAddr,
    NocRead,
    NocWrite,
    NocWriteMulticast,
    NocSemaphoreInc,
    NocInlineWrite,
    SemaphoreWait,
    SemaphoreAddr,
    DebugPrint,
    Fail,
    CbRing,
    ComputeState,
    NocState,
    Trisc,
    WaitState,
    Yield,
    CbCounter,
    CbInterface,
    RemoteCbInterface,
};

}  // namespace

void SetupRemoteCbs() {
    Coro& c = Cur();
    const char* call = "remote circular buffer setup";
    // tt-metal's BRISC firmware tells the other side of pages a resize skips; the other RISCs do not.
    const bool over_noc = c.kernel->slot == Slot::kBrisc;
    for (const RemoteCbLaunch& rc : c.core->launch->remote_cbs) {
        std::uint32_t* r = c.remote_cbs[rc.index];
        std::uint32_t w[7];
        for (std::uint32_t i = 0; i < 7; i++) w[i] = L1Word(rc.config_address + 4 * i, call);
        const bool sender = w[0] != 0;
        r[kConfigPtr] = rc.config_address;
        r[kFifoStart] = w[2];
        r[kFifoPtr] = w[4];
        if (sender) {
            r[kSenderNocXy] = w[5];
            r[kSenderPagesSent] = w[6];
            r[kSenderNumReceivers] = w[1];
            if (w[1] > kLogicalGridX * kLogicalGridY)
                KernelFail(Cat(call, ": circular buffer ", int(rc.index), " has ", w[1], " receivers"));
        } else {
            r[kReceiverSenderX] = L1Word(w[5], call);
            r[kReceiverSenderY] = L1Word(w[5] + 4, call);
            r[kReceiverPagesAcked] = w[6] + kL1Alignment;
        }
        c.remote_set |= 1u << rc.index;
        ResizeRemote(r, sender, rc.page_size, over_noc);
        if (c.core->local_cbs_aligned) continue;
        // The circular buffer's local indices span the FIFO's pages from the remote pointer (the core's state of
        // them is shared by its RISCs, so the first kernel to start sets it).
        const std::uint32_t fifo = r[kFifoLimit] - r[kFifoStart];
        for (std::uint32_t i = 0; i < kNumCircularBuffers; i++) {
            if (!(rc.local_mask >> i & 1)) continue;
            CbState& s = c.core->cbs[i];
            if (!s.configured || s.page_size == 0 || fifo % s.page_size)
                KernelFail(Cat(call, ": local circular buffer ", i, " cannot span the ", fifo,
                               "-byte FIFO of remote circular buffer ", int(rc.index)));
            s.base = r[kFifoStart];
            s.size = fifo;
            s.num_pages = fifo / s.page_size;
            s.read_ptr = s.write_ptr = r[kFifoPtr];
        }
    }
    c.core->local_cbs_aligned = true;
}

const TtemuKernelApi* KernelApi() { return &kApi; }

}  // namespace ttemu
