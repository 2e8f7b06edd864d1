// tt-metal v0.67.0's experimental CircularBuffer (experimental/circular_buffer.h): a circular buffer index as an
// object — reserve, push, wait and pop pages, its read and write pointers — in data-movement and compute kernels
// alike; in data-movement kernels also a local source or destination of Noc transfers (args: an offset in bytes),
// or a multicast destination at its write pointer on a rectangle of cores.
//   experimental::CircularBuffer cb(tt::CBIndex::c_0);  cb.reserve_back(1);  ...  cb.push_back(1);
#pragma once

#include <stdint.h>

#ifdef COMPILE_FOR_TRISC
#include "api/compute/cb_api.h"
#else
#include "experimental/noc.h"
#endif
#include "experimental/lock.h"

namespace experimental {

class CircularBuffer {
public:
    enum class AddrSelector { READ_PTR, WRITE_PTR };

    explicit CircularBuffer(uint32_t cb_id) : cb_id_(cb_id) {}
    uint32_t get_cb_id() const { return cb_id_; }

    void reserve_back(int32_t num_pages) { cb_reserve_back(cb_id_, num_pages); }
    void push_back(int32_t num_pages) { cb_push_back(cb_id_, num_pages); }
    void wait_front(int32_t num_pages) { cb_wait_front(cb_id_, num_pages); }
    void pop_front(int32_t num_pages) { cb_pop_front(cb_id_, num_pages); }
#ifndef COMPILE_FOR_TRISC
    uint32_t get_tile_size() const { return ::get_tile_size(cb_id_); }
    bool pages_reservable_at_back(int32_t num_pages) const { return cb_pages_reservable_at_back(cb_id_, num_pages); }
    bool pages_available_at_front(int32_t num_pages) const { return cb_pages_available_at_front(cb_id_, num_pages); }
    uint32_t get_write_ptr() const { return ::get_write_ptr(cb_id_); }
    uint32_t get_read_ptr() const { return ::get_read_ptr(cb_id_); }
#endif

    [[nodiscard]] auto scoped_lock() {
        return Lock([] {});
    }

private:
    uint32_t cb_id_;
};

#ifndef COMPILE_FOR_TRISC
template <>
struct noc_traits_t<CircularBuffer> {
    struct src_args_type {
        uint32_t offset_bytes{};
    };
    struct dst_args_type {
        uint32_t offset_bytes{};
    };
    struct dst_args_mcast_type {
        uint32_t noc_x_start{};
        uint32_t noc_y_start{};
        uint32_t noc_x_end{};
        uint32_t noc_y_end{};
        uint32_t offset_bytes{};
    };
    template <Noc::AddressType address_type>
    static auto src_addr(const CircularBuffer& src, const Noc&, const src_args_type& args) {
        static_assert(address_type == Noc::AddressType::LOCAL_L1, "a CircularBuffer is a local L1 source");
        return src.get_read_ptr() + args.offset_bytes;
    }
    template <Noc::AddressType address_type>
    static auto dst_addr(const CircularBuffer& dst, const Noc&, const dst_args_type& args) {
        static_assert(address_type == Noc::AddressType::LOCAL_L1, "a CircularBuffer is a local L1 destination");
        return dst.get_write_ptr() + args.offset_bytes;
    }
    template <Noc::AddressType address_type>
    static auto dst_addr_mcast(const CircularBuffer& dst, const Noc& noc, const dst_args_mcast_type& args) {
        static_assert(address_type == Noc::AddressType::NOC, "a multicast destination is a NOC address");
        return ::get_noc_multicast_addr(args.noc_x_start, args.noc_y_start, args.noc_x_end, args.noc_y_end,
                                        dst.get_write_ptr() + args.offset_bytes, noc.get_noc_id());
    }
};

// A circular buffer read at its read pointer or written at its write pointer, whichever side of a transfer it is.
template <CircularBuffer::AddrSelector AddrSel>
struct CircularBufferView {
    const CircularBuffer& cb;
    explicit constexpr CircularBufferView(const CircularBuffer& c) : cb(c) {}
    uint32_t local_addr() const {
        return AddrSel == CircularBuffer::AddrSelector::READ_PTR ? cb.get_read_ptr() : cb.get_write_ptr();
    }
};

template <CircularBuffer::AddrSelector AddrSel>
constexpr auto use(const CircularBuffer& cb) {
    return CircularBufferView<AddrSel>(cb);
}

template <CircularBuffer::AddrSelector AddrSel>
struct noc_traits_t<CircularBufferView<AddrSel>> {
    using Base = noc_traits_t<CircularBuffer>;
    using src_args_type = Base::src_args_type;
    using dst_args_type = Base::dst_args_type;
    using dst_args_mcast_type = Base::dst_args_mcast_type;
    template <Noc::AddressType address_type>
    static auto src_addr(const CircularBufferView<AddrSel>& view, const Noc&, const src_args_type& args) {
        static_assert(address_type == Noc::AddressType::LOCAL_L1, "a CircularBuffer is a local L1 source");
        return view.local_addr() + args.offset_bytes;
    }
    template <Noc::AddressType address_type>
    static auto dst_addr(const CircularBufferView<AddrSel>& view, const Noc&, const dst_args_type& args) {
        static_assert(address_type == Noc::AddressType::LOCAL_L1, "a CircularBuffer is a local L1 destination");
        return view.local_addr() + args.offset_bytes;
    }
    template <Noc::AddressType address_type>
    static auto dst_addr_mcast(const CircularBufferView<AddrSel>& view, const Noc& noc,
                               const dst_args_mcast_type& args) {
        static_assert(address_type == Noc::AddressType::NOC, "a multicast destination is a NOC address");
        return ::get_noc_multicast_addr(args.noc_x_start, args.noc_y_start, args.noc_x_end, args.noc_y_end,
                                        view.local_addr() + args.offset_bytes, noc.get_noc_id());
    }
};
#endif

}  // namespace experimental
