// TensorAccessorArgs (v0.67.0 and later): the compile-time and common runtime words a kernel's TensorAccessor reads
// back (kernel_include/api/tensor/tensor_accessor.h parses exactly this). The config word comes first, then — where
// the release says TTEMU_API_TENSOR_ACCESSOR_ALIGNED_PAGE_SIZE — the buffer's aligned page size (0 without a buffer).
// A buffer with an N-D distribution spec is sharded: its rank, bank count, tensor and shard shapes in pages and bank
// coordinates (two to a word, L1 banks as virtual NOC coordinates, DRAM banks as (channel, 0)) follow, each where its
// Runtime* bit says. A buffer without one — interleaved, or sharded by a 2-D shard spec only — is described as
// interleaved, as tt-metal describes it.
#include <tt-metalium/device.hpp>
#include <tt-metalium/tensor_accessor_args.hpp>

#include <limits>

#include "emu/core/errors.h"
#include "ttemu/api_release.hpp"

namespace tt::tt_metal {

namespace {

using tensor_accessor::ArgConfig;
using tensor_accessor::ArgsConfig;

// The compile-time words every description starts with.
void AppendHead(const Buffer* buffer, ArgsConfig config, std::vector<std::uint32_t>& args) {
    args.push_back(config.raw());
#if TTEMU_API_TENSOR_ACCESSOR_ALIGNED_PAGE_SIZE
    const DeviceAddr aligned = buffer ? buffer->aligned_page_size() : 0;
    if (aligned > std::numeric_limits<std::uint32_t>::max())
        ttemu::Throw("Aligned page size ", aligned, " exceeds uint32_t max ",
                     std::numeric_limits<std::uint32_t>::max());
    args.push_back(static_cast<std::uint32_t>(aligned));
#else
    (void)buffer;
#endif
}

// The words of the sharded description that go where `runtime` says (the config word first, at compile time).
void AppendSharded(const Buffer& buffer, tensor_accessor::ArgsConfig config, std::vector<std::uint32_t>& args,
                   bool runtime) {
    const auto& spec = buffer.buffer_distribution_spec();
    if (!spec) ttemu::Throw("TensorAccessorArgs: Buffer must have a buffer distribution spec");
    const auto& tensor = spec->tensor_shape_in_pages();
    const auto& shard = spec->shard_shape_in_pages();
    const auto& cores = spec->cores();
    if (tensor.rank() > TensorAccessorArgs::MAX_NUM_DIMENSIONS)
        ttemu::Throw("TensorAccessorArgs: Rank must be less than or equal to ", TensorAccessorArgs::MAX_NUM_DIMENSIONS);
    auto here = [&](ArgConfig bit) { return config.test(bit) == runtime; };
    if (!runtime) AppendHead(&buffer, config, args);
    if (here(ArgConfig::RuntimeRank)) args.push_back(static_cast<std::uint32_t>(tensor.rank()));
    if (here(ArgConfig::RuntimeNumBanks)) args.push_back(static_cast<std::uint32_t>(cores.size()));
    if (here(ArgConfig::RuntimeTensorShape)) args.insert(args.end(), tensor.cbegin(), tensor.cend());
    if (here(ArgConfig::RuntimeShardShape)) args.insert(args.end(), shard.cbegin(), shard.cend());
    if (here(ArgConfig::RuntimeBankCoords)) {
        auto packed = [&](std::size_t i) {
            const CoreCoord c =
                buffer.is_dram() ? cores[i] : buffer.device()->virtual_core_from_logical_core(cores[i], CoreType::WORKER);
            return ((c.x & 0xFF) << 8) | (c.y & 0xFF);
        };
        for (std::size_t i = 0; i < cores.size(); i += 2) {
            std::uint32_t word = static_cast<std::uint32_t>(packed(i));
            if (i + 1 < cores.size()) word |= static_cast<std::uint32_t>(packed(i + 1)) << 16;
            args.push_back(word);
        }
    }
}

}  // namespace

TensorAccessorArgs::TensorAccessorArgs(const Buffer& buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(&buffer), args_config_(args_config) {
    update_args_config();
}
TensorAccessorArgs::TensorAccessorArgs(const Buffer* buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer), args_config_(args_config) {
    update_args_config();
}
TensorAccessorArgs::TensorAccessorArgs(const std::shared_ptr<Buffer>& buffer, tensor_accessor::ArgsConfig args_config)
    : TensorAccessorArgs(buffer.get(), args_config) {}
TensorAccessorArgs::TensorAccessorArgs(const distributed::MeshBuffer& buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer.get_reference_buffer()), args_config_(args_config) {
    update_args_config();
}
TensorAccessorArgs::TensorAccessorArgs(const distributed::MeshBuffer* buffer, tensor_accessor::ArgsConfig args_config)
    : buffer_(buffer ? buffer->get_reference_buffer() : nullptr), args_config_(args_config) {
    update_args_config();
}
TensorAccessorArgs::TensorAccessorArgs(const std::shared_ptr<distributed::MeshBuffer>& buffer,
                                       tensor_accessor::ArgsConfig args_config)
    : TensorAccessorArgs(buffer.get(), args_config) {}

TensorAccessorArgs TensorAccessorArgs::create_dram_interleaved() {
    TensorAccessorArgs args;
    args.args_config_ = ArgConfig::IsDram;
    return args;
}
TensorAccessorArgs TensorAccessorArgs::create_l1_interleaved() { return TensorAccessorArgs(); }

void TensorAccessorArgs::update_args_config() {
    if (!buffer_) {
        args_config_ = ArgConfig::None;
        return;
    }
    // The Runtime* bits the caller chose survive only for a sharded buffer.
    if (buffer_->buffer_distribution_spec()) args_config_.set(ArgConfig::Sharded);
    else args_config_ = ArgConfig::None;
    args_config_.set(ArgConfig::IsDram, buffer_->is_dram());
    if (args_config_.test(ArgConfig::RuntimeRank) &&
        !(args_config_.test(ArgConfig::RuntimeTensorShape) && args_config_.test(ArgConfig::RuntimeShardShape)))
        ttemu::Throw("If rank is runtime, tensor_shape and shard_shape must also be runtime");
    if (args_config_.test(ArgConfig::RuntimeNumBanks) && !args_config_.test(ArgConfig::RuntimeBankCoords))
        ttemu::Throw("If num_banks is runtime, bank_coords must also be runtime");
}

void TensorAccessorArgs::append_to(std::vector<std::uint32_t>& compile_time_args,
                                   std::vector<std::uint32_t>& common_runtime_args) const {
    if (!args_config_.test(ArgConfig::Sharded)) {
        AppendHead(buffer_, args_config_, compile_time_args);
        return;
    }
    AppendSharded(*buffer_, args_config_, compile_time_args, false);
    AppendSharded(*buffer_, args_config_, common_runtime_args, true);
}

void TensorAccessorArgs::append_to(std::vector<std::uint32_t>& compile_time_args) const {
    if (args_config_.test(ArgConfig::Sharded) && (args_config_.raw() & ArgsConfig(ArgConfig::Runtime).raw()))
        ttemu::Throw("Requested runtime arguments: use append_to(compile_time_args, common_runtime_args)");
    std::vector<std::uint32_t> unused;
    append_to(compile_time_args, unused);
}

std::vector<std::uint32_t> TensorAccessorArgs::get_compile_time_args() const {
    std::vector<std::uint32_t> cta, crta;
    append_to(cta, crta);
    return cta;
}
std::vector<std::uint32_t> TensorAccessorArgs::get_common_runtime_args() const {
    std::vector<std::uint32_t> cta, crta;
    append_to(cta, crta);
    return crta;
}

}  // namespace tt::tt_metal
