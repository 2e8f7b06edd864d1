// tt-metal v0.67.0's experimental tensor endpoints (experimental/tensor.h): a TensorAccessor as a source or
// destination of Noc transfers, addressed by page id and an offset in the page.
#pragma once

#include "api/tensor/tensor_accessor.h"
#include "experimental/noc.h"

namespace experimental {

template <typename Args>
struct noc_traits_t<TensorAccessor<Args>> {
    struct src_args_type {
        uint32_t page_id{};
        uint32_t offset_bytes = 0;
    };
    struct dst_args_type {
        uint32_t page_id{};
        uint32_t offset_bytes = 0;
    };
    template <Noc::AddressType address_type>
    static auto src_addr(const TensorAccessor<Args>& src, const Noc& noc, const src_args_type& args) {
        const uint64_t noc_addr = src.get_noc_addr(args.page_id, args.offset_bytes, noc.get_noc_id());
        if constexpr (address_type == Noc::AddressType::LOCAL_L1) return static_cast<uint32_t>(noc_addr);
        else return noc_addr;
    }
    template <Noc::AddressType address_type>
    static auto dst_addr(const TensorAccessor<Args>& dst, const Noc& noc, const dst_args_type& args) {
        const uint64_t noc_addr = dst.get_noc_addr(args.page_id, args.offset_bytes, noc.get_noc_id());
        if constexpr (address_type == Noc::AddressType::LOCAL_L1) return static_cast<uint32_t>(noc_addr);
        else return noc_addr;
    }
};

}  // namespace experimental
