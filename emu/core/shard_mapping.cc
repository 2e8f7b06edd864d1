#include "shard_mapping.h"

#include "errors.h"

namespace ttemu {

std::vector<PageSlot> Shard2DMapping(bool height_sharded, std::uint64_t num_pages, std::uint32_t tensor_cols_pages,
                                     std::uint32_t shard_rows_pages, std::uint32_t shard_cols_pages,
                                     std::uint32_t num_cores) {
    const std::uint64_t per_shard = std::uint64_t(shard_rows_pages) * shard_cols_pages;
    if (per_shard == 0) Throw("a shard of no pages");
    if (!height_sharded && tensor_cols_pages == 0) Throw("a sharded tensor of no page columns");
    std::vector<PageSlot> out(num_pages);
    const std::uint64_t columns = height_sharded ? 1 : (tensor_cols_pages + shard_cols_pages - 1) / shard_cols_pages;
    for (std::uint64_t page = 0; page < num_pages; page++) {
        std::uint64_t shard, in_shard;
        if (height_sharded) {
            shard = page / per_shard;
            in_shard = page % per_shard;
        } else {
            const std::uint64_t r = page / tensor_cols_pages, c = page % tensor_cols_pages;
            shard = (r / shard_rows_pages) * columns + c / shard_cols_pages;
            in_shard = (r % shard_rows_pages) * shard_cols_pages + c % shard_cols_pages;
        }
        if (shard >= num_cores)
            Throw("sharded buffer needs ", shard + 1, " cores but its shard grid has ", num_cores);
        out[page] = {static_cast<std::uint32_t>(shard), in_shard};
    }
    return out;
}

namespace {
std::uint64_t Volume(const std::vector<std::uint32_t>& shape) {
    std::uint64_t v = 1;
    for (std::uint32_t d : shape) v *= d;
    return v;
}
std::uint64_t NumShards(const std::vector<std::uint32_t>& tensor, const std::vector<std::uint32_t>& shard) {
    std::uint64_t n = 1;
    for (std::size_t i = 0; i < tensor.size(); i++) n *= (tensor[i] + shard[i] - 1) / shard[i];
    return n;
}
void CheckShapes(const std::vector<std::uint32_t>& tensor, const std::vector<std::uint32_t>& shard) {
    if (tensor.size() != shard.size() || tensor.empty())
        Throw("a distribution spec's tensor and shard shapes must have the same rank (", tensor.size(), " and ",
              shard.size(), ")");
    for (std::uint32_t d : shard)
        if (d == 0) Throw("Shard shape must have non zero volume!");
}
}  // namespace

std::uint64_t ShardNdPagesPerCore(const std::vector<std::uint32_t>& tensor, const std::vector<std::uint32_t>& shard,
                                  std::uint32_t num_cores) {
    CheckShapes(tensor, shard);
    if (num_cores == 0) return 0;
    return (NumShards(tensor, shard) + num_cores - 1) / num_cores * Volume(shard);
}

std::vector<PageSlot> ShardNdMapping(const std::vector<std::uint32_t>& tensor, const std::vector<std::uint32_t>& shard,
                                     std::uint32_t num_cores) {
    CheckShapes(tensor, shard);
    const std::uint64_t pages = Volume(tensor);
    if (pages && num_cores == 0) Throw("Can't distribute non zero volume tensor over an empty set of cores");
    const std::size_t rank = tensor.size();
    std::vector<std::uint64_t> grid(rank);
    for (std::size_t i = 0; i < rank; i++) grid[i] = (tensor[i] + shard[i] - 1) / shard[i];
    const std::uint64_t shard_volume = Volume(shard);
    std::vector<PageSlot> out(pages);
    std::vector<std::uint32_t> coord(rank, 0);
    for (std::uint64_t page = 0; page < pages; page++) {
        std::uint64_t shard_id = 0, in_shard = 0;
        for (std::size_t i = 0; i < rank; i++) {
            shard_id = shard_id * grid[i] + coord[i] / shard[i];
            in_shard = in_shard * shard[i] + coord[i] % shard[i];
        }
        out[page] = {static_cast<std::uint32_t>(shard_id % num_cores), (shard_id / num_cores) * shard_volume + in_shard};
        for (std::size_t i = rank; i-- > 0;) {  // next coordinate, row-major
            if (++coord[i] < tensor[i]) break;
            coord[i] = 0;
        }
    }
    return out;
}

}  // namespace ttemu
