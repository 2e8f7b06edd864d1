// TensorAccessor for tt-metal v0.67.0 kernels and later: the device half of the host's TensorAccessorArgs. The
// arguments start at compile-time argument CTA_OFFSET with one ArgConfig word (and, where the release says
// TTEMU_KERNEL_ALIGNED_PAGE_SIZE_ARG, the buffer's aligned page size after it); a sharded buffer's rank, bank count,
// tensor and shard shapes (in pages) and packed bank coordinates follow, each in the compile-time arguments or — when
// its Runtime* bit is set — in the common runtime arguments from CRTA_OFFSET, in that order.
//
// Interleaved: page p is in bank p % banks at base + (p / banks) × aligned page size. Sharded: shards are numbered
// row-major over the shard grid, shard k lives on bank k % banks in slot k / banks, pages row-major inside a shard —
// the mapping the host placed the buffer with.
//   constexpr auto args = TensorAccessorArgs<0>();
//   const auto in = TensorAccessor(args, src_addr, page_bytes);  noc_async_read_tile(i, in, l1_addr);
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <dataflow_api.h>

#include "api/compile_time_args.h"
#include "hostdevcommon/tensor_accessor/arg_config.hpp"
#include "ttemu_kernel_release.h"

namespace ttemu_tensor {
constexpr uint32_t kMaxRank = 8;
constexpr uint32_t kMaxBanks = 128;

// Compile-time argument `Idx` when `present`; never read (so never out of range) otherwise.
template <bool present, size_t Idx>
constexpr uint32_t ArgIfPresent() {
    if constexpr (present) return get_ct_arg<Idx>();
    else return 0;
}

// The compile-time words before the sharded description: the config word, and the aligned page size where the
// release has it.
constexpr uint32_t kHeadWords = 1 + (TTEMU_KERNEL_ALIGNED_PAGE_SIZE_ARG ? 1 : 0);

// How many compile-time and common runtime words the arguments at CTA_OFFSET take.
template <size_t CTA_OFFSET>
struct ArgsLayout {
    static constexpr tensor_accessor::ArgsConfig config{static_cast<uint8_t>(get_ct_arg<CTA_OFFSET>())};
    // The aligned page size word (0 where the release has none: a TensorAccessor is then given its page size).
    static constexpr uint32_t aligned_page_size = ArgIfPresent<kHeadWords == 2, CTA_OFFSET + 1>();
    static constexpr bool sharded = config.test(tensor_accessor::ArgConfig::Sharded);
    static constexpr bool is_dram = config.test(tensor_accessor::ArgConfig::IsDram);
    static constexpr bool rank_rt = config.test(tensor_accessor::ArgConfig::RuntimeRank);
    static constexpr bool banks_rt = config.test(tensor_accessor::ArgConfig::RuntimeNumBanks);
    static constexpr bool tensor_rt = config.test(tensor_accessor::ArgConfig::RuntimeTensorShape);
    static constexpr bool shard_rt = config.test(tensor_accessor::ArgConfig::RuntimeShardShape);
    static constexpr bool coords_rt = config.test(tensor_accessor::ArgConfig::RuntimeBankCoords);
    // Rank and bank count are known at compile time unless they are runtime (then their arrays are runtime too).
    static constexpr uint32_t ct_rank = ArgIfPresent<sharded && !rank_rt, CTA_OFFSET + kHeadWords>();
    static constexpr uint32_t ct_banks =
        ArgIfPresent<sharded && !banks_rt, CTA_OFFSET + kHeadWords + (rank_rt ? 0 : 1)>();
    static constexpr uint32_t ct_words =
        !sharded ? kHeadWords
                 : kHeadWords + (rank_rt ? 0 : 1) + (banks_rt ? 0 : 1) + (tensor_rt ? 0 : ct_rank) +
                       (shard_rt ? 0 : ct_rank) + (coords_rt ? 0 : (ct_banks + 1) / 2);
};
}  // namespace ttemu_tensor

template <size_t CTA_OFFSET, size_t CRTA_OFFSET = 0>
struct TensorAccessorArgs {
    using Layout = ttemu_tensor::ArgsLayout<CTA_OFFSET>;
    static constexpr bool is_sharded = Layout::sharded;
    static constexpr bool is_dram = Layout::is_dram;
#if TTEMU_KERNEL_ALIGNED_PAGE_SIZE_ARG
    static constexpr uint32_t AlignedPageSize = Layout::aligned_page_size;
    static constexpr uint32_t get_aligned_page_size() { return AlignedPageSize; }
#endif

    constexpr TensorAccessorArgs() = default;
    static constexpr uint32_t num_compile_time_args() { return Layout::ct_words; }
    static constexpr uint32_t next_compile_time_args_offset() { return CTA_OFFSET + Layout::ct_words; }
    // The common runtime words this accessor takes (known only when the rank and bank count are compile-time).
    static constexpr uint32_t num_common_runtime_args() {
        if constexpr (!is_sharded) {
            return 0;
        } else {
            static_assert(!Layout::rank_rt && !Layout::banks_rt,
                          "the common runtime arguments after a runtime rank or bank count are not at fixed offsets");
            return (Layout::tensor_rt ? Layout::ct_rank : 0) + (Layout::shard_rt ? Layout::ct_rank : 0) +
                   (Layout::coords_rt ? (Layout::ct_banks + 1) / 2 : 0);
        }
    }
    static constexpr uint32_t next_common_runtime_args_offset() { return CRTA_OFFSET + num_common_runtime_args(); }
    static constexpr size_t cta_offset() { return CTA_OFFSET; }
    static constexpr size_t crta_offset() { return CRTA_OFFSET; }
};

namespace ttemu_tensor {
// How a release names an accessor's page size: `page_size`, or (TTEMU_KERNEL_ALIGNED_PAGE_SIZE_ARG)
// `aligned_page_size` and get_aligned_page_size().
template <bool aligned>
struct PageSize {
    uint32_t page_size;
    uint32_t Bytes() const { return page_size; }
};
template <>
struct PageSize<true> {
    uint32_t aligned_page_size;
    uint32_t get_aligned_page_size() const { return aligned_page_size; }
    uint32_t Bytes() const { return aligned_page_size; }
};
}  // namespace ttemu_tensor

// The distribution a sharded accessor reads once, from compile-time and common runtime arguments.
struct TtemuShardSpec {
    uint32_t rank = 0, num_banks = 0;
    uint32_t tensor_shape[ttemu_tensor::kMaxRank] = {}, shard_shape[ttemu_tensor::kMaxRank] = {};
    uint16_t packed_coords[ttemu_tensor::kMaxBanks] = {};  // (x << 8) | y per bank
    uint32_t shard_volume = 1;
};

template <typename Args>
struct TensorAccessor : ttemu_tensor::PageSize<TTEMU_KERNEL_ALIGNED_PAGE_SIZE_ARG != 0> {
    static constexpr bool is_dram = Args::is_dram;
    static constexpr bool is_sharded = Args::is_sharded;

    uint32_t bank_base_address;

    // The page size defaults to the aligned one the arguments hold (0 where the release's hold none).
    TensorAccessor(const Args&, uint32_t bank_base_address, uint32_t page_size = Args::Layout::aligned_page_size)
        : ttemu_tensor::PageSize<TTEMU_KERNEL_ALIGNED_PAGE_SIZE_ARG != 0>{page_size},
          bank_base_address(bank_base_address) {
        if constexpr (is_sharded) ReadSpec();
    }

    // The NOC address of byte `offset` of page `page_id`.
    uint64_t get_noc_addr(const uint32_t page_id, const uint32_t offset = 0, uint8_t noc = noc_index) const {
        if constexpr (!is_sharded) {
            const uint32_t banks = ttemu_num_banks(is_dram);
            return get_noc_addr_from_bank_id<is_dram>(
                page_id % banks, bank_base_address + (page_id / banks) * Stride() + offset, noc);
        } else {
            uint32_t bank = 0, bank_page = 0;
            Locate(page_id, bank, bank_page);
            const uint32_t addr = bank_base_address + bank_page * Stride() + offset;
            const uint32_t x = (spec_.packed_coords[bank] >> 8) & 0xFF, y = spec_.packed_coords[bank] & 0xFF;
            if constexpr (is_dram) return get_noc_addr_from_bank_id<true>(x, addr, noc);
            else return ::get_noc_addr(x, y, addr, noc);
        }
    }
    // Which bank holds page `page_id`, and its page slot there.
    void get_bank_and_offset(uint32_t page_id, uint32_t& bank_id, uint32_t& bank_page_offset) const {
        if constexpr (!is_sharded) {
            bank_id = page_id % ttemu_num_banks(is_dram);
            bank_page_offset = page_id / ttemu_num_banks(is_dram);
        } else {
            Locate(page_id, bank_id, bank_page_offset);
        }
    }

    void noc_async_read_tile(const uint32_t id, uint32_t dst, const uint32_t offset = 0, uint8_t noc = noc_index) const {
        ttemu_api->noc_read(get_noc_addr(id, offset, noc), dst, this->Bytes());
    }
    void noc_async_write_tile(const uint32_t id, uint32_t src, uint8_t noc = noc_index) const {
        ttemu_api->noc_write(src, get_noc_addr(id, 0, noc), this->Bytes());
    }
    void noc_async_read_page(const uint32_t id, uint32_t dst, const uint32_t offset = 0, uint8_t noc = noc_index) const {
        ttemu_api->noc_read(get_noc_addr(id, offset, noc), dst, this->Bytes());
    }
    // size 0: the whole page.
    void noc_async_write_page(const uint32_t id, uint32_t src, const uint32_t size = 0, const uint32_t offset = 0,
                              uint8_t noc = noc_index) const {
        ttemu_api->noc_write(src, get_noc_addr(id, offset, noc), size ? size : this->Bytes());
    }

private:
    // Pages lie at their bank's alignment (as the host placed them).
    uint32_t Stride() const { return ttemu_align(this->Bytes(), is_dram); }

    void Locate(uint32_t page_id, uint32_t& bank, uint32_t& bank_page) const {
        uint32_t shard_id = 0, in_shard = 0, grid_stride = 1, shard_stride = 1;
        for (int i = static_cast<int>(spec_.rank) - 1; i >= 0; --i) {
            const uint32_t coord = page_id % spec_.tensor_shape[i];
            page_id /= spec_.tensor_shape[i];
            shard_id += (coord / spec_.shard_shape[i]) * grid_stride;
            in_shard += (coord % spec_.shard_shape[i]) * shard_stride;
            grid_stride *= (spec_.tensor_shape[i] + spec_.shard_shape[i] - 1) / spec_.shard_shape[i];
            shard_stride *= spec_.shard_shape[i];
        }
        if (page_id != 0) ttemu_api->fail("TensorAccessor: page id outside the tensor");
        bank = shard_id % spec_.num_banks;
        bank_page = (shard_id / spec_.num_banks) * spec_.shard_volume + in_shard;
    }

    void ReadSpec() {
        using L = typename Args::Layout;
        uint32_t ct = Args::cta_offset() + ttemu_tensor::kHeadWords, rt = Args::crta_offset();
        auto next = [&](bool runtime) -> uint32_t {
            return runtime ? get_common_arg_val<uint32_t>(rt++) : kernel_compile_time_args[ct++];
        };
        spec_.rank = next(L::rank_rt);
        spec_.num_banks = next(L::banks_rt);
        if (spec_.rank == 0 || spec_.rank > ttemu_tensor::kMaxRank) ttemu_api->fail("TensorAccessor: bad rank");
        if (spec_.num_banks == 0 || spec_.num_banks > ttemu_tensor::kMaxBanks)
            ttemu_api->fail("TensorAccessor: bad number of banks");
        for (uint32_t i = 0; i < spec_.rank; i++) spec_.tensor_shape[i] = next(L::tensor_rt);
        for (uint32_t i = 0; i < spec_.rank; i++) {
            spec_.shard_shape[i] = next(L::shard_rt);
            if (spec_.shard_shape[i] == 0) ttemu_api->fail("TensorAccessor: a shard dimension is 0");
            spec_.shard_volume *= spec_.shard_shape[i];
        }
        for (uint32_t i = 0; i < spec_.num_banks; i += 2) {
            const uint32_t word = next(L::coords_rt);
            spec_.packed_coords[i] = word & 0xFFFF;
            if (i + 1 < spec_.num_banks) spec_.packed_coords[i + 1] = word >> 16;
        }
    }

    TtemuShardSpec spec_{};
};

template <typename Args>
TensorAccessor(const Args&, uint32_t, uint32_t) -> TensorAccessor<Args>;
template <typename Args>
TensorAccessor(const Args&, uint32_t) -> TensorAccessor<Args>;

template <typename Args>
FORCE_INLINE uint64_t get_noc_addr(const uint32_t id, const TensorAccessor<Args>& s, uint32_t offset = 0,
                                   uint8_t noc = noc_index) {
    return s.get_noc_addr(id, offset, noc);
}
template <typename Args>
FORCE_INLINE void noc_async_read_page(const uint32_t id, const TensorAccessor<Args>& s, uint32_t dst_local_l1_addr,
                                      uint32_t offset = 0, uint8_t noc = noc_index) {
    s.noc_async_read_page(id, dst_local_l1_addr, offset, noc);
}
template <typename Args>
FORCE_INLINE void noc_async_write_page(const uint32_t id, const TensorAccessor<Args>& s, uint32_t src_local_l1_addr,
                                       uint32_t write_size_bytes = 0, uint32_t offset = 0, uint8_t noc = noc_index) {
    s.noc_async_write_page(id, src_local_l1_addr, write_size_bytes, offset, noc);
}
