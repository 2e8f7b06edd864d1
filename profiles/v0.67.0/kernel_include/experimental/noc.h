// tt-metal v0.67.0's experimental device API (experimental/noc.h): a Noc object moving bytes between endpoints —
// circular buffers, local memory, tensor pages, (multicast) cores and allocator banks. Each endpoint type says,
// through noc_traits_t, what arguments locate it and which address (local L1 or NOC) it is for a given NOC; the
// transfers themselves are the dataflow API's. Transaction ids, VCs and posted writes are accepted and ignored (the
// emulated NOC completes every transfer at once).
//   experimental::Noc noc;  noc.async_read(accessor, cb, bytes, {.page_id = i}, {});  noc.async_read_barrier();
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <type_traits>

#include "api/dataflow/dataflow_api.h"

namespace experimental {

// What locates an endpoint of type T and its address seen from a Noc; specialised per endpoint type.
template <typename T>
struct noc_traits_t {};

class Noc {
public:
    enum class AddressType { NOC, LOCAL_L1 };
    enum class TxnIdMode { ENABLED, DISABLED };
    enum class ResponseMode { NON_POSTED, POSTED };
    enum class BarrierMode { TXN_ID, FULL };
    enum class McastMode { INCLUDE_SRC, EXCLUDE_SRC };
    enum class VcSelection { DEFAULT, CUSTOM };
    static constexpr uint32_t INVALID_TXN_ID = 0xFFFFFFFF;

    template <typename T>
    using src_args_t = typename noc_traits_t<T>::src_args_type;
    template <typename T>
    using dst_args_t = typename noc_traits_t<T>::dst_args_type;
    template <typename T>
    using dst_args_mcast_t = typename noc_traits_t<T>::dst_args_mcast_type;

    Noc() : noc_id_(noc_index) {}
    explicit Noc(uint8_t noc_id) : noc_id_(noc_id) {}
    uint8_t get_noc_id() const { return noc_id_; }

    bool is_local_bank(uint32_t virtual_x, uint32_t virtual_y) const {
        return virtual_x == my_x[noc_id_] && virtual_y == my_y[noc_id_];
    }
    bool is_local_addr(uint64_t noc_addr) const {
        return is_local_bank(NOC_UNICAST_ADDR_X(noc_addr), NOC_UNICAST_ADDR_Y(noc_addr));
    }

    // size_bytes from src (a NOC address) to dst (local L1).
    template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              TxnIdMode txn_id_mode = TxnIdMode::DISABLED, typename Src, typename Dst>
    void async_read(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                    const dst_args_t<Dst>& dst_args, uint32_t read_req_vc = 0, uint32_t trid = INVALID_TXN_ID) const {
        (void)read_req_vc, (void)trid;
        noc_async_read(SrcAddr<AddressType::NOC>(src, src_args), DstAddr<AddressType::LOCAL_L1>(dst, dst_args),
                       size_bytes, noc_id_);
    }
    template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, VcSelection vc_selection = VcSelection::DEFAULT,
              typename Src>
    void set_async_read_state(const Src& src, uint32_t size_bytes, const src_args_t<Src>& src_args,
                              uint8_t vc = 0) const {
        (void)vc;
        state_src_ = SrcAddr<AddressType::NOC>(src, src_args), state_size_ = size_bytes;
    }
    template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, VcSelection vc_selection = VcSelection::DEFAULT,
              typename Src, typename Dst>
    void async_read_with_state(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                               const dst_args_t<Dst>& dst_args, uint8_t vc = 0) const {
        (void)vc;
        // The NOC coordinates come from the state; the address from this call.
        const uint64_t addr = SrcAddr<AddressType::NOC>(src, src_args);
        const uint64_t at = (state_src_ & ~uint64_t(0xFFFFFFFF)) | (addr & 0xFFFFFFFF);
        noc_async_read(at, DstAddr<AddressType::LOCAL_L1>(dst, dst_args), size_bytes, noc_id_);
    }

    // size_bytes from src (local L1) to dst (a NOC address).
    template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              TxnIdMode txn_id_mode = TxnIdMode::DISABLED, ResponseMode response_mode = ResponseMode::NON_POSTED,
              typename Src, typename Dst>
    void async_write(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                     const dst_args_t<Dst>& dst_args, uint32_t vc = NOC_UNICAST_WRITE_VC,
                     uint32_t trid = INVALID_TXN_ID) const {
        (void)vc, (void)trid;
        noc_async_write(SrcAddr<AddressType::LOCAL_L1>(src, src_args), DstAddr<AddressType::NOC>(dst, dst_args),
                        size_bytes, noc_id_);
    }
    template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, ResponseMode response_mode = ResponseMode::NON_POSTED,
              typename Dst>
    void set_async_write_state(const Dst& dst, uint32_t size_bytes, const dst_args_t<Dst>& dst_args,
                               uint8_t vc = NOC_UNICAST_WRITE_VC) const {
        (void)vc;
        state_dst_ = DstAddr<AddressType::NOC>(dst, dst_args), state_size_ = size_bytes;
    }
    template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, ResponseMode response_mode = ResponseMode::NON_POSTED,
              typename Src, typename Dst>
    void async_write_with_state(const Src& src, const Dst& dst, uint32_t size_bytes, const src_args_t<Src>& src_args,
                                const dst_args_t<Dst>& dst_args, uint8_t vc = NOC_UNICAST_WRITE_VC) const {
        (void)vc;
        const uint64_t addr = DstAddr<AddressType::NOC>(dst, dst_args);
        const uint64_t at = (state_dst_ & ~uint64_t(0xFFFFFFFF)) | (addr & 0xFFFFFFFF);
        noc_async_write(SrcAddr<AddressType::LOCAL_L1>(src, src_args), at, size_bytes, noc_id_);
    }
    // size_bytes from local L1 to the same address on every core of a rectangle.
    template <uint32_t max_page_size = NOC_MAX_BURST_SIZE + 1, bool enable_noc_tracing = true,
              McastMode mcast_mode = McastMode::EXCLUDE_SRC, typename Src, typename Dst>
    void async_write_multicast(const Src& src, const Dst& dst, uint32_t size_bytes, uint32_t num_dsts,
                               const src_args_t<Src>& src_args, const dst_args_mcast_t<Dst>& dst_args,
                               bool linked = false, uint32_t trid = INVALID_TXN_ID) const {
        (void)trid;
        const uint32_t from = SrcAddr<AddressType::LOCAL_L1>(src, src_args);
        const uint64_t to = noc_traits_t<Dst>::template dst_addr_mcast<AddressType::NOC>(dst, *this, dst_args);
        if constexpr (mcast_mode == McastMode::INCLUDE_SRC)
            noc_async_write_multicast_loopback_src(from, to, size_bytes, num_dsts, linked, noc_id_);
        else
            noc_async_write_multicast(from, to, size_bytes, num_dsts, linked, noc_id_);
    }
    // One 32-bit word to a NOC address.
    template <typename Dst>
    void inline_dw_write(const Dst& dst, uint32_t val, const dst_args_t<Dst>& dst_args, uint8_t be = 0xF,
                         uint32_t vc = NOC_UNICAST_WRITE_VC, uint32_t trid = INVALID_TXN_ID) const {
        (void)vc, (void)trid;
        noc_inline_dw_write(DstAddr<AddressType::NOC>(dst, dst_args), val, be, noc_id_);
    }

    template <BarrierMode barrier_type = BarrierMode::FULL>
    void async_read_barrier(uint32_t trid = INVALID_TXN_ID) const {
        (void)trid;
        noc_async_read_barrier(noc_id_);
    }
    template <BarrierMode barrier_type = BarrierMode::FULL>
    void async_write_barrier(uint32_t trid = INVALID_TXN_ID) const {
        (void)trid;
        noc_async_write_barrier(noc_id_);
    }
    template <BarrierMode barrier_type = BarrierMode::FULL>
    void async_writes_flushed(uint32_t trid = INVALID_TXN_ID) const {
        (void)trid;
        noc_async_writes_flushed(noc_id_);
    }
    void async_atomic_barrier() const { noc_async_atomic_barrier(noc_id_); }
    void async_full_barrier() const { noc_async_full_barrier(noc_id_); }

private:
    template <AddressType type, typename Src>
    auto SrcAddr(const Src& src, const src_args_t<Src>& args) const {
        return noc_traits_t<Src>::template src_addr<type>(src, *this, args);
    }
    template <AddressType type, typename Dst>
    auto DstAddr(const Dst& dst, const dst_args_t<Dst>& args) const {
        return noc_traits_t<Dst>::template dst_addr<type>(dst, *this, args);
    }

    uint8_t noc_id_;
    mutable uint64_t state_src_ = 0, state_dst_ = 0;
    mutable uint32_t state_size_ = 0;
};

}  // namespace experimental
