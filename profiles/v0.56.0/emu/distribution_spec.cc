// DistributionSpec: cutting a tensor into shards and listing each target's chunks (distribution_spec.hpp).
#include <algorithm>
#include <tt-metalium/assert.hpp>
#include <tt-metalium/distribution_spec.hpp>
#include <utility>

namespace tt::tt_metal {
namespace {

using Dims = tt::stl::SmallVector<std::uint32_t>;

Dims DimsOf(const Shape& s) { return Dims(s.cbegin(), s.cend()); }

std::size_t CeilDiv(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

// Row-major strides of `dims`.
std::vector<std::size_t> Strides(const Dims& dims) {
    std::vector<std::size_t> strides(dims.size(), 1);
    for (std::size_t i = dims.size(); i-- > 1;) strides[i - 1] = strides[i] * dims[i];
    return strides;
}

// The shapes the chunk walk runs over: the last dimension of a shard is one contiguous chunk, so NONCOALESCED
// appends a dimension of 1 (every element its own chunk) and COALESCED folds the trailing dimensions a shard covers
// whole into one ([2, 3, 4] cut by [1, 2, 4] walks as [2, 12] cut by [1, 8]).
std::pair<Dims, Dims> WalkShapes(const Dims& tensor, const Dims& shard, DistributionSpec::MappingMode mode) {
    if (mode == DistributionSpec::MappingMode::NONCOALESCED) {
        Dims t = tensor, s = shard;
        t.push_back(1);
        s.push_back(1);
        return {t, s};
    }
    if (mode != DistributionSpec::MappingMode::COALESCED) TT_THROW("MappingMode {} is unsupported", int(mode));
    std::size_t rank = tensor.size();
    if (tensor[rank - 1] != shard[rank - 1]) return {tensor, shard};
    std::size_t tensor_fold = 1, shard_fold = 1;
    while (rank > 1 && tensor[rank - 1] == shard[rank - 1]) {
        tensor_fold *= tensor[rank - 1];
        shard_fold *= shard[rank - 1];
        rank--;
    }
    Dims t(tensor.begin(), tensor.begin() + rank), s(shard.begin(), shard.begin() + rank);
    t[rank - 1] *= tensor_fold;
    s[rank - 1] *= shard_fold;
    return {t, s};
}

}  // namespace

DistributionSpec::DistributionSpec(const Shape& tensor_shape, const std::vector<DistributionType>& spec,
                                   size_t num_targets)
    : tensor_shape_(tensor_shape), spec_(spec) {
    const std::size_t rank = tensor_shape.rank();
    TT_FATAL(spec.size() == rank, "Spec rank ({}) must be same as tensor shape rank ({})!", spec.size(), rank);
    Dims shard(rank);
    std::size_t num_shards = 1;
    for (std::size_t i = 0; i < rank; i++) {
        const auto* size = std::get_if<ShardSize>(&spec[i]);
        if (!size) TT_THROW("Replication is not supported in DistributionSpec yet!");
        TT_FATAL(size->size > 0, "Shard size along dimension {} must be positive", i);
        shard[i] = static_cast<std::uint32_t>(size->size);
        num_shards *= CeilDiv(tensor_shape[i], size->size);
    }
    shard_shape_ = Shape(shard);
    num_targets_ = std::min(num_targets, num_shards);
}

DistributionSpec DistributionSpec::from_shard_shape(const Shape& tensor_shape, const Shape& shard_shape,
                                                    size_t num_targets) {
    TT_FATAL(shard_shape.rank() == tensor_shape.rank(), "Shard shape rank ({}) must be same as tensor shape rank ({})!",
             shard_shape.rank(), tensor_shape.rank());
    std::vector<DistributionType> spec;
    for (std::size_t i = 0; i < tensor_shape.rank(); i++) spec.push_back(ShardSize{shard_shape[i]});
    return DistributionSpec(tensor_shape, spec, num_targets);
}

std::vector<DistributionSpec::TargetData> DistributionSpec::compute_metadata_for_targets(
    const MappingMode mapping_mode) const {
    const auto [tensor, shard] = WalkShapes(DimsOf(tensor_shape_), DimsOf(shard_shape_), mapping_mode);
    const std::size_t rank = tensor.size();
    const auto tensor_strides = Strides(tensor);
    const auto shard_strides = Strides(shard);
    std::size_t shard_volume = 1;
    Dims grid(rank);
    for (std::size_t d = 0; d < rank; d++) {
        shard_volume *= shard[d];
        grid[d] = static_cast<std::uint32_t>(CeilDiv(tensor[d], shard[d]));
    }

    std::vector<TargetData> targets(num_targets_);
    if (num_targets_ == 0) return targets;
    // Shards in row-major order of the grid; `at` is the shard's grid position.
    std::vector<std::size_t> at(rank, 0);
    for (std::size_t shard_id = 0;; shard_id++) {
        // This shard's extent (the last shard along a dimension may be partial) and where it starts.
        std::vector<std::size_t> extent(rank);
        std::size_t src_base = 0;
        for (std::size_t d = 0; d < rank; d++) {
            const std::size_t start = at[d] * shard[d];
            extent[d] = std::min<std::size_t>(shard[d], tensor[d] - start);
            src_base += start * tensor_strides[d];
        }
        TargetData& out = targets[shard_id % num_targets_];
        const std::size_t dst_base = (shard_id / num_targets_) * shard_volume;
        // One chunk per position of the leading rank-1 dimensions within the shard.
        std::vector<std::size_t> in(rank, 0);
        for (;;) {
            std::size_t src = src_base, dst = dst_base;
            for (std::size_t d = 0; d + 1 < rank; d++)
                src += in[d] * tensor_strides[d], dst += in[d] * shard_strides[d];
            out.push_back({src, dst, extent[rank - 1]});
            std::size_t d = rank - 1;
            while (d-- > 0 && ++in[d] == extent[d]) in[d] = 0;
            if (d == std::size_t(-1)) break;
        }
        std::size_t g = rank;
        while (g-- > 0 && ++at[g] == grid[g]) at[g] = 0;
        if (g == std::size_t(-1)) break;
    }
    return targets;
}

}  // namespace tt::tt_metal
