// The data-movement kernel API (dataflow_api.h) on the emulated device: arguments, circular buffers,
// NOC addressing and transfers, address generators, barriers and semaphores.
//
// Transfers complete immediately (a valid schedule of the asynchronous NOC), so barriers have nothing to
// wait for. Calls that block on the device (cb_wait_front, cb_reserve_back, noc_semaphore_wait) let the
// other kernels of the launch run until the condition holds.
#pragma once

#include <stdint.h>

#include "ttemu_firmware.h"
#include "ttemu_kernel_release.h"  // the release's answers (TTEMU_KERNEL_*): each profile's kernel headers hold one
#include "ttemu_args.h"
#include "ttemu_data_format.h"
#include "noc/noc_parameters.h"
#include "risc_common.h"

// ---- Circular buffers
FORCE_INLINE void cb_reserve_back(int32_t cb, int32_t pages) { ttemu_api->cb_reserve_back(cb, pages); }
FORCE_INLINE void cb_push_back(int32_t cb, int32_t pages) { ttemu_api->cb_push_back(cb, pages); }
FORCE_INLINE void cb_wait_front(int32_t cb, int32_t pages) { ttemu_api->cb_wait_front(cb, pages); }
FORCE_INLINE void cb_pop_front(int32_t cb, int32_t pages) { ttemu_api->cb_pop_front(cb, pages); }
FORCE_INLINE bool cb_pages_reservable_at_back(int32_t cb, int32_t pages) {
    return ttemu_api->cb_pages_reservable_at_back(cb, pages);
}
FORCE_INLINE bool cb_pages_available_at_front(int32_t cb, int32_t pages) {
    return ttemu_api->cb_pages_available_at_front(cb, pages);
}
FORCE_INLINE uint32_t get_write_ptr(uint32_t cb) { return ttemu_api->cb_write_ptr(static_cast<int32_t>(cb)); }
FORCE_INLINE uint32_t get_read_ptr(uint32_t cb) { return ttemu_api->cb_read_ptr(static_cast<int32_t>(cb)); }
// A circular buffer's tile size, format and tile shape as the program configured it for this kernel's cores:
// constants of the kernel's build, as in tt-metal (ttemu_cb_tables.h).
constexpr inline int32_t get_tile_size(const int32_t operand) { return unpack_tile_size[operand]; }
constexpr inline uint32_t get_tile_hw(const int32_t operand) {
    return uint32_t(unpack_tile_r_dim[operand]) * uint32_t(unpack_tile_c_dim[operand]);
}
constexpr inline uint32_t get_tile_num_faces(const int32_t operand) { return unpack_tile_num_faces[operand]; }
constexpr inline DataFormat get_dataformat(const int32_t operand) {
    return static_cast<DataFormat>(unpack_src_format[operand]);
}

// ---- NOC addresses: (y << 42) | (x << 36) | local address (noc/noc_parameters.h)
FORCE_INLINE uint64_t get_noc_addr(uint32_t noc_x, uint32_t noc_y, uint32_t addr, uint8_t noc = noc_index) {
    (void)noc;
    return (uint64_t(noc_y) << (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) | (uint64_t(noc_x) << NOC_ADDR_LOCAL_BITS) |
           addr;
}
FORCE_INLINE uint64_t get_noc_addr(uint32_t addr, uint8_t noc = noc_index) {
    return get_noc_addr(my_x[noc], my_y[noc], addr, noc);
}
FORCE_INLINE uint64_t get_noc_multicast_addr(uint32_t noc_x_start, uint32_t noc_y_start, uint32_t noc_x_end,
                                             uint32_t noc_y_end, uint32_t addr, uint8_t noc = noc_index) {
    (void)noc;
    return (uint64_t(noc_x_start) << 48) | (uint64_t(noc_y_start) << 54) | (uint64_t(noc_x_end) << 36) |
           (uint64_t(noc_y_end) << 42) | addr;
}
template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr_from_bank_id(uint32_t bank_id, uint32_t bank_address_offset,
                                                uint8_t noc = noc_index) {
    return ttemu_api->bank_noc_addr(DRAM, bank_id, bank_address_offset, noc);
}

// ---- Address generators for interleaved buffers
constexpr uint32_t ttemu_num_banks(bool dram) { return dram ? NUM_DRAM_BANKS : NUM_L1_BANKS; }
constexpr uint32_t ttemu_align(uint32_t v, bool dram) {
    return dram ? (v + 31) / 32 * 32 : (v + 15) / 16 * 16;
}

template <bool DRAM>
struct InterleavedAddrGen {
    uint32_t bank_base_address;
    const uint32_t page_size;
    const uint32_t aligned_page_size = ttemu_align(page_size, DRAM);

    FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const uint32_t offset = 0, uint8_t noc = noc_index) const {
        const uint32_t banks = ttemu_num_banks(DRAM);
        return get_noc_addr_from_bank_id<DRAM>(id % banks, bank_base_address + (id / banks) * aligned_page_size + offset,
                                               noc);
    }
    // `size` bytes of page `id` from byte `offset` of the page.
    FORCE_INLINE void noc_async_read_partial_page(const uint32_t id, uint32_t dest_addr, const uint32_t size,
                                                  const uint32_t offset, uint8_t noc = noc_index) const {
        ttemu_api->noc_read(get_noc_addr(id, offset, noc), dest_addr, size);
    }
};

template <bool DRAM>
struct InterleavedPow2AddrGen {
    const uint32_t bank_base_address;
    const uint32_t log_base_2_of_page_size;
    const uint32_t aligned_log_base_2_of_page_size =
        log_base_2_of_page_size > (DRAM ? 5u : 4u) ? log_base_2_of_page_size : (DRAM ? 5u : 4u);

    FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const uint32_t offset = 0, uint8_t noc = noc_index) const {
        const uint32_t banks = ttemu_num_banks(DRAM);
        return get_noc_addr_from_bank_id<DRAM>(
            id % banks, bank_base_address + ((id / banks) << aligned_log_base_2_of_page_size) + offset, noc);
    }
};

template <bool DRAM, uint32_t tile_hw = 1024>
struct InterleavedAddrGenFast {
    uint32_t bank_base_address;
    uint32_t page_size;
    DataFormat data_format;

    FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const uint32_t offset = 0, uint8_t noc = noc_index) const {
        const uint32_t banks = ttemu_num_banks(DRAM);
        const uint32_t stride = ttemu_tile_size(data_format) / 1024 * tile_hw;
        return get_noc_addr_from_bank_id<DRAM>(id % banks, bank_base_address + (id / banks) * stride + offset, noc);
    }
    FORCE_INLINE void noc_async_read_tile(const uint32_t id, uint32_t dest_addr, const uint32_t offset = 0,
                                          uint8_t noc = noc_index) const {
        ttemu_api->noc_read(get_noc_addr(id, offset, noc), dest_addr, page_size);
    }
    FORCE_INLINE void noc_async_write_tile(const uint32_t id, uint32_t src_addr, uint8_t noc = noc_index) const {
        ttemu_api->noc_write(src_addr, get_noc_addr(id, 0, noc), page_size);
    }
};

template <bool DRAM>
struct InterleavedPow2AddrGenFast {
    uint32_t bank_base_address;
    uint32_t log_base_2_of_page_size;

    FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const uint32_t offset = 0, uint8_t noc = noc_index) const {
        const uint32_t banks = ttemu_num_banks(DRAM);
        const uint32_t shift = log_base_2_of_page_size > (DRAM ? 5u : 4u) ? log_base_2_of_page_size : (DRAM ? 5u : 4u);
        return get_noc_addr_from_bank_id<DRAM>(id % banks, bank_base_address + ((id / banks) << shift) + offset, noc);
    }
    FORCE_INLINE void noc_async_read_page(const uint32_t id, uint32_t dest_addr, const uint32_t offset = 0,
                                          uint8_t noc = noc_index) const {
        ttemu_api->noc_read(get_noc_addr(id, offset, noc), dest_addr, 1u << log_base_2_of_page_size);
    }
    FORCE_INLINE void noc_async_write_page(const uint32_t id, uint32_t src_addr, const uint32_t write_size_bytes,
                                           const uint32_t offset = 0, uint8_t noc = noc_index) const {
        ttemu_api->noc_write(src_addr, get_noc_addr(id, offset, noc), write_size_bytes);
    }
};

// One overload per generator, as tt-metal declares them: a generic template would also capture
// get_noc_addr(x, y, addr) called with int literals.
template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const InterleavedAddrGen<DRAM>& s, uint32_t offset = 0,
                                   uint8_t noc = noc_index) {
    return s.get_noc_addr(id, offset, noc);
}
template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const InterleavedPow2AddrGen<DRAM>& s, uint32_t offset = 0,
                                   uint8_t noc = noc_index) {
    return s.get_noc_addr(id, offset, noc);
}
template <bool DRAM, uint32_t tile_hw>
FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const InterleavedAddrGenFast<DRAM, tile_hw>& s,
                                   uint32_t offset = 0, uint8_t noc = noc_index) {
    return s.get_noc_addr(id, offset, noc);
}
template <bool DRAM>
FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const InterleavedPow2AddrGenFast<DRAM>& s, uint32_t offset = 0,
                                   uint8_t noc = noc_index) {
    return s.get_noc_addr(id, offset, noc);
}

// The generator tt-metal picks for a page size known at compile time: power-of-two pages that fit one NOC burst get
// the fast power-of-two generator, other powers of two the plain power-of-two one, the rest the general one.
template <bool DRAM, uint32_t page_size>
FORCE_INLINE auto get_interleaved_addr_gen(uint32_t base_addr) {
    if constexpr ((page_size & (page_size - 1)) == 0) {
        constexpr uint32_t log2_page_size = __builtin_ctz(page_size);
        if constexpr (page_size <= NOC_MAX_BURST_SIZE) {
            return InterleavedPow2AddrGenFast<DRAM>{.bank_base_address = base_addr,
                                                    .log_base_2_of_page_size = log2_page_size};
        } else {
            return InterleavedPow2AddrGen<DRAM>{.bank_base_address = base_addr,
                                                .log_base_2_of_page_size = log2_page_size};
        }
    } else {
        return InterleavedAddrGen<DRAM>{.bank_base_address = base_addr, .page_size = page_size};
    }
}

// Page `id` of an interleaved DRAM or L1 buffer as a NOC address, without a generator.
FORCE_INLINE uint64_t get_dram_noc_addr(const uint32_t id, const uint32_t page_size, const uint32_t bank_base_address,
                                        const uint32_t offset = 0, uint8_t noc = noc_index) {
    return InterleavedAddrGen<true>{.bank_base_address = bank_base_address, .page_size = page_size}.get_noc_addr(
        id, offset, noc);
}
FORCE_INLINE uint64_t get_l1_noc_addr(const uint32_t id, const uint32_t page_size, const uint32_t bank_base_address,
                                      const uint32_t offset = 0, uint8_t noc = noc_index) {
    return InterleavedAddrGen<false>{.bank_base_address = bank_base_address, .page_size = page_size}.get_noc_addr(
        id, offset, noc);
}

// A NOC address from an encoded (y << 6 | x) coordinate and a local address.
#define NOC_ADDR_COORD_SHIFT NOC_ADDR_LOCAL_BITS
FORCE_INLINE uint64_t get_noc_addr_helper(uint32_t noc_xy, uint32_t addr) {
    return (uint64_t(noc_xy) << NOC_ADDR_COORD_SHIFT) | addr;
}

// tt-metal's dataflow API defines this global helper, and kernels call it unqualified.
inline uint32_t min(uint32_t a, uint32_t b) { return a < b ? a : b; }

// ---- Transfers (complete on return)
// The transfers take tt-metal's max_page_size template argument (the largest size one packet carries, for the
// hardware's packet splitting); every transfer here completes in one piece whatever it says.
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
FORCE_INLINE void noc_async_read(uint64_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
                                 uint8_t noc = noc_index) {
    (void)noc;
    ttemu_api->noc_read(src_noc_addr, dst_local_l1_addr, size);
}
FORCE_INLINE void noc_async_read_one_packet(uint64_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
                                            uint8_t noc = noc_index) {
    noc_async_read(src_noc_addr, dst_local_l1_addr, size, noc);
}
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
FORCE_INLINE void noc_async_write(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
                                  uint8_t noc = noc_index) {
    (void)noc;
    ttemu_api->noc_write(src_local_l1_addr, dst_noc_addr, size);
}
FORCE_INLINE void noc_async_write_one_packet(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
                                             uint8_t noc = noc_index) {
    noc_async_write(src_local_l1_addr, dst_noc_addr, size, noc);
}
template <typename AddrGen>
FORCE_INLINE void noc_async_read_tile(const uint32_t id, const AddrGen& s, uint32_t dst_local_l1_addr,
                                      uint32_t offset = 0, uint8_t noc = noc_index) {
    s.noc_async_read_tile(id, dst_local_l1_addr, offset, noc);
}
template <typename AddrGen>
FORCE_INLINE void noc_async_write_tile(const uint32_t id, const AddrGen& s, uint32_t src_local_l1_addr,
                                       uint8_t noc = noc_index) {
    s.noc_async_write_tile(id, src_local_l1_addr, noc);
}
template <bool DRAM>
FORCE_INLINE void noc_async_read_page(const uint32_t id, const InterleavedAddrGen<DRAM>& s, uint32_t dst_local_l1_addr,
                                      uint32_t offset = 0, uint8_t noc = noc_index) {
    noc_async_read(s.get_noc_addr(id, offset, noc), dst_local_l1_addr, s.page_size, noc);
}
template <bool DRAM>
FORCE_INLINE void noc_async_read_page(const uint32_t id, const InterleavedPow2AddrGenFast<DRAM>& s,
                                      uint32_t dst_local_l1_addr, uint32_t offset = 0, uint8_t noc = noc_index) {
    s.noc_async_read_page(id, dst_local_l1_addr, offset, noc);
}
template <bool DRAM>
FORCE_INLINE void noc_async_write_page(const uint32_t id, const InterleavedAddrGen<DRAM>& s, uint32_t src_local_l1_addr,
                                       uint32_t write_size_bytes, uint32_t offset = 0, uint8_t noc = noc_index) {
    noc_async_write(src_local_l1_addr, s.get_noc_addr(id, offset, noc), write_size_bytes, noc);
}
template <bool DRAM>
FORCE_INLINE void noc_async_write_page(const uint32_t id, const InterleavedPow2AddrGenFast<DRAM>& s,
                                       uint32_t src_local_l1_addr, uint32_t write_size_bytes, uint32_t offset = 0,
                                       uint8_t noc = noc_index) {
    s.noc_async_write_page(id, src_local_l1_addr, write_size_bytes, offset, noc);
}
template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1>
FORCE_INLINE void noc_async_write_multicast(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast, uint32_t size,
                                            uint32_t num_dests, bool linked = false, bool multicast_path_reserve = true,
                                            uint8_t noc = noc_index) {
    (void)linked, (void)multicast_path_reserve, (void)noc;
    ttemu_api->noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, false);
}
FORCE_INLINE void noc_async_write_multicast_loopback_src(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                                         uint32_t size, uint32_t num_dests, bool linked = false,
                                                         bool multicast_path_reserve = true, uint8_t noc = noc_index) {
    (void)linked, (void)multicast_path_reserve, (void)noc;
    ttemu_api->noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, true);
}
FORCE_INLINE void noc_async_write_multicast_one_packet(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                                       uint32_t size, uint32_t num_dests, bool linked = false,
                                                       bool multicast_path_reserve = true, uint8_t noc = noc_index) {
    noc_async_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, size, num_dests, linked,
                              multicast_path_reserve, noc);
}
FORCE_INLINE void noc_inline_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF, uint8_t noc = noc_index) {
    (void)be, (void)noc;
    ttemu_api->noc_inline_write(addr, val);
}
#if TTEMU_KERNEL_INLINE_MCAST_DW_WRITE
// Where an inline write lands (tt-metal: L1 or a stream register; the emulator's cores have L1 only).
enum class InlineWriteDst : uint8_t { DEFAULT = 0, L1 = 1, REG = 2 };
// One word to the same address of every core of the multicast rectangle (get_noc_multicast_addr's encoding) but
// the sender's, as a multicast without loopback reaches them.
template <InlineWriteDst dst_type = InlineWriteDst::DEFAULT, bool posted = false, bool flush = true>
FORCE_INLINE void noc_inline_mcast_dw_write(uint64_t addr, uint32_t val, uint8_t be = 0xF, uint8_t noc = noc_index,
                                            uint8_t vc = NOC_MULTICAST_WRITE_VC, uint32_t customized_src_addr = 0,
                                            uint32_t num_dest = 1) {
    (void)be, (void)vc, (void)customized_src_addr, (void)num_dest;
    const uint32_t local = static_cast<uint32_t>(addr & NOC_LOCAL_ADDR_MASK);
    for (uint32_t y = NOC_MCAST_ADDR_START_Y(addr); y <= NOC_MCAST_ADDR_END_Y(addr); y++)
        for (uint32_t x = NOC_MCAST_ADDR_START_X(addr); x <= NOC_MCAST_ADDR_END_X(addr); x++)
            if (x != my_x[noc] || y != my_y[noc]) ttemu_api->noc_inline_write(get_noc_addr(x, y, local, noc), val);
}
#endif

// ---- Transfers with state: a set_state call fixes the NOC endpoint (the address's upper bits) and, for
// one-packet and DRAM-sharded transfers, the size; each with_state call then names only the 32-bit local address.
// The state is per kernel instance and per NOC, kept apart for reads and writes as the hardware's command buffers.
struct TtemuNocState {
    uint64_t read_coord[2], write_coord[2];
    uint32_t read_size[2], write_size[2];
};
static_assert(sizeof(TtemuNocState) <= TTEMU_NOC_STATE_BYTES);
FORCE_INLINE TtemuNocState& ttemu_noc_state() { return *static_cast<TtemuNocState*>(ttemu_api->noc_state()); }
constexpr uint64_t kTtemuNocCoordMask = ~uint64_t(0xFFFFFFFF);

// What noc_async_read_one_packet_set_state does; its signature is the release's (TTEMU_DATAFLOW_FORMS).
FORCE_INLINE void ttemu_read_one_packet_set_state(uint64_t src_noc_addr, uint32_t size, uint8_t noc) {
    ttemu_noc_state().read_coord[noc & 1] = src_noc_addr & kTtemuNocCoordMask;
    ttemu_noc_state().read_size[noc & 1] = size;
}
// The data-movement calls whose signatures differ between releases: the release's header (its kernel prelude
// names it), else v0.56.0's.
#ifndef TTEMU_DATAFLOW_FORMS
#define TTEMU_DATAFLOW_FORMS "ttemu_dataflow_forms.h"
#endif
#include TTEMU_DATAFLOW_FORMS
template <bool inc_num_issued = true>
FORCE_INLINE void noc_async_read_one_packet_with_state(uint32_t src_noc_addr, uint32_t dst_local_l1_addr,
                                                       uint8_t noc = noc_index) {
    const auto& st = ttemu_noc_state();
    noc_async_read(st.read_coord[noc & 1] | src_noc_addr, dst_local_l1_addr, st.read_size[noc & 1], noc);
}
FORCE_INLINE void noc_async_read_set_state(uint64_t src_noc_addr, uint8_t noc = noc_index) {
    ttemu_noc_state().read_coord[noc & 1] = src_noc_addr & kTtemuNocCoordMask;
}
template <bool inc_num_issued = true>
FORCE_INLINE void noc_async_read_with_state(uint32_t src_noc_addr, uint32_t dst_local_l1_addr, uint32_t size,
                                            uint8_t noc = noc_index) {
    noc_async_read(ttemu_noc_state().read_coord[noc & 1] | src_noc_addr, dst_local_l1_addr, size, noc);
}
template <bool non_posted = true>
FORCE_INLINE void noc_async_write_one_packet_set_state(uint64_t dst_noc_addr, uint32_t size, uint8_t noc = noc_index,
                                                       uint8_t vc = 0) {
    (void)vc;
    ttemu_noc_state().write_coord[noc & 1] = dst_noc_addr & kTtemuNocCoordMask;
    ttemu_noc_state().write_size[noc & 1] = size;
}
template <bool non_posted = true>
FORCE_INLINE void noc_async_write_one_packet_with_state(uint32_t src_local_l1_addr, uint32_t dst_noc_addr,
                                                        uint8_t noc = noc_index) {
    const auto& st = ttemu_noc_state();
    noc_async_write(src_local_l1_addr, st.write_coord[noc & 1] | dst_noc_addr, st.write_size[noc & 1], noc);
}

// DRAM-sharded tile reads: set_state picks the DRAM bank and page size and returns the base to pass to each read
// (the buffer's bank address plus the bank's offset in its channel); transaction ids order nothing here.
template <bool use_vc>
FORCE_INLINE uint32_t noc_async_read_tile_dram_sharded_set_state(uint32_t bank_base_address, uint32_t page_size,
                                                                 uint32_t bank_id = 0, const uint32_t vc = 0,
                                                                 uint8_t noc = noc_index) {
    (void)vc;
    const uint64_t bank = get_noc_addr_from_bank_id<true>(bank_id, 0, noc);
    ttemu_read_one_packet_set_state(bank, page_size, noc);
    return bank_base_address + uint32_t(bank);
}
FORCE_INLINE void noc_async_read_tile_dram_sharded_with_state(uint32_t src_base_addr, uint32_t src_addr,
                                                              uint32_t dest_addr, uint32_t trid = 0,
                                                              uint8_t noc = noc_index) {
    (void)trid;
    noc_async_read_one_packet_with_state(src_base_addr + src_addr, dest_addr, noc);
}
FORCE_INLINE void noc_async_read_tile_dram_sharded_with_state_with_trid(uint32_t src_base_addr, uint32_t src_addr,
                                                                        uint32_t dest_addr, uint32_t trid = 0,
                                                                        uint8_t noc = noc_index) {
    noc_async_read_tile_dram_sharded_with_state(src_base_addr, src_addr, dest_addr, trid, noc);
}
FORCE_INLINE void noc_async_read_tile_dram_sharded_set_trid(uint32_t trid = 0, uint8_t noc = noc_index) {
    (void)trid, (void)noc;
}
FORCE_INLINE void noc_async_read_barrier_with_trid(uint32_t trid, uint8_t noc = noc_index) { (void)trid, (void)noc; }

// Writes tagged with a transaction id (the id orders nothing here: every write completes on return). The set_state
// form fixes the destination's NOC endpoint; the with_state form names only its 32-bit local address.
constexpr uint8_t write_cmd_buf = 0;
FORCE_INLINE void noc_async_write_one_packet_with_trid(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint32_t size,
                                                       uint32_t trid, uint8_t noc = noc_index) {
    (void)trid;
    noc_async_write(src_local_l1_addr, dst_noc_addr, size, noc);
}
FORCE_INLINE void noc_async_write_one_packet_with_trid_set_state(uint64_t dst_noc_addr, uint8_t cmd_buf = write_cmd_buf,
                                                                 uint8_t noc = noc_index) {
    (void)cmd_buf;
    ttemu_noc_state().write_coord[noc & 1] = dst_noc_addr & kTtemuNocCoordMask;
}
FORCE_INLINE void noc_async_write_one_packet_with_trid_with_state(uint32_t src_local_l1_addr, uint32_t dst_noc_addr,
                                                                  uint32_t size, uint32_t trid,
                                                                  uint8_t cmd_buf = write_cmd_buf,
                                                                  uint8_t noc = noc_index) {
    (void)trid, (void)cmd_buf;
    noc_async_write(src_local_l1_addr, ttemu_noc_state().write_coord[noc & 1] | dst_noc_addr, size, noc);
}
FORCE_INLINE void noc_async_write_barrier_with_trid(uint32_t trid, uint8_t noc = noc_index) { (void)trid, (void)noc; }
FORCE_INLINE void noc_async_read_inc_num_issued(uint32_t num_issued_reads_inc, uint8_t noc = noc_index) {
    (void)num_issued_reads_inc, (void)noc;
}

// ---- Barriers: every transfer has completed by the time its call returns.
FORCE_INLINE void noc_async_read_barrier(uint8_t noc = noc_index) { (void)noc; }
FORCE_INLINE void noc_async_write_barrier(uint8_t noc = noc_index) { (void)noc; }
FORCE_INLINE void noc_async_writes_flushed(uint8_t noc = noc_index) { (void)noc; }
FORCE_INLINE void noc_async_posted_writes_flushed(uint8_t noc = noc_index) { (void)noc; }
FORCE_INLINE void noc_async_atomic_barrier(uint8_t noc = noc_index) { (void)noc; }
FORCE_INLINE void noc_async_full_barrier(uint8_t noc = noc_index) { (void)noc; }

// ---- Semaphores
enum class ProgrammableCoreType : uint8_t { TENSIX = 0, ACTIVE_ETH = 1, IDLE_ETH = 2 };
template <ProgrammableCoreType type = ProgrammableCoreType::TENSIX>
#if TTEMU_KERNEL_SEMAPHORE_UINTPTR
FORCE_INLINE uintptr_t get_semaphore(uint32_t semaphore_id) {
#else
FORCE_INLINE uint32_t get_semaphore(uint32_t semaphore_id) {
#endif
    return ttemu_api->semaphore_addr(semaphore_id);
}
FORCE_INLINE void noc_semaphore_set(volatile uint32_t* sem_addr, uint32_t val) { *sem_addr = val; }
FORCE_INLINE void noc_semaphore_wait(volatile uint32_t* sem_addr, uint32_t val) {
    ttemu_api->semaphore_wait(sem_addr, val, false);
}
FORCE_INLINE void noc_semaphore_wait_min(volatile uint32_t* sem_addr, uint32_t val) {
    ttemu_api->semaphore_wait(sem_addr, val, true);
}
FORCE_INLINE void noc_semaphore_inc(uint64_t addr, uint32_t incr, uint8_t noc_id = noc_index,
                                    uint8_t vc = NOC_UNICAST_WRITE_VC) {
    (void)noc_id, (void)vc;
    ttemu_api->noc_semaphore_inc(addr, incr);
}
// The semaphore at the multicast address's L1 offset on every core of its rectangle but this one, incremented.
FORCE_INLINE void noc_semaphore_inc_multicast(uint64_t addr, uint32_t incr, uint32_t num_dests,
                                              uint8_t noc_id = noc_index) {
    (void)num_dests;  // the hardware counts acknowledgements with it; each increment here is complete at once
    const uint32_t x_end = (addr >> 36) & 0x3f, y_end = (addr >> 42) & 0x3f;
    const uint32_t x_start = (addr >> 48) & 0x3f, y_start = (addr >> 54) & 0x3f;
    const uint64_t local = addr & ((uint64_t(1) << NOC_ADDR_LOCAL_BITS) - 1);
    for (uint32_t y = y_start < y_end ? y_start : y_end; y <= (y_start < y_end ? y_end : y_start); y++)
        for (uint32_t x = x_start < x_end ? x_start : x_end; x <= (x_start < x_end ? x_end : x_start); x++) {
            if (x == my_x[noc_id] && y == my_y[noc_id]) continue;
            ttemu_api->noc_semaphore_inc((uint64_t(y) << (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) |
                                             (uint64_t(x) << NOC_ADDR_LOCAL_BITS) | local,
                                         incr);
        }
}
FORCE_INLINE void noc_semaphore_set_remote(uint32_t src_local_l1_addr, uint64_t dst_noc_addr, uint8_t noc = noc_index) {
    (void)noc;
    ttemu_api->noc_write(src_local_l1_addr, dst_noc_addr, 4);
}
FORCE_INLINE void noc_semaphore_set_multicast(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                              uint32_t num_dests, bool linked = false,
                                              bool multicast_path_reserve = true, uint8_t noc = noc_index) {
    (void)linked, (void)multicast_path_reserve, (void)noc;
    ttemu_api->noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, 4, num_dests, false);
}
FORCE_INLINE void noc_semaphore_set_multicast_loopback_src(uint32_t src_local_l1_addr, uint64_t dst_noc_addr_multicast,
                                                           uint32_t num_dests, bool linked = false,
                                                           bool multicast_path_reserve = true,
                                                           uint8_t noc = noc_index) {
    (void)linked, (void)multicast_path_reserve, (void)noc;
    ttemu_api->noc_write_multicast(src_local_l1_addr, dst_noc_addr_multicast, 4, num_dests, true);
}

#include "debug/dprint.h"
