// TensorAccessorArgs: the host half of a kernel's TensorAccessor. It describes a buffer (interleaved or sharded,
// DRAM or L1) as compile-time arguments — one ArgConfig word, then for a sharded buffer its rank, bank count, tensor
// and shard shapes in pages and bank coordinates — some of which ArgsConfig can move to the common runtime
// arguments. The kernel reads them back with TensorAccessorArgs<offset>().
//   std::vector<uint32_t> cta;  TensorAccessorArgs(*buffer->get_backing_buffer()).append_to(cta);
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <hostdevcommon/tensor_accessor/arg_config.hpp>
#include <tt-metalium/buffer.hpp>
#include <tt-metalium/mesh_buffer.hpp>

namespace tt::tt_metal {

class TensorAccessorArgs {
public:
    TensorAccessorArgs() = default;
    explicit TensorAccessorArgs(const Buffer& buffer,
                                tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
    explicit TensorAccessorArgs(const Buffer* buffer,
                                tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
    explicit TensorAccessorArgs(const std::shared_ptr<Buffer>& buffer,
                                tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
    explicit TensorAccessorArgs(const distributed::MeshBuffer& buffer,
                                tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
    explicit TensorAccessorArgs(const distributed::MeshBuffer* buffer,
                                tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);
    explicit TensorAccessorArgs(const std::shared_ptr<distributed::MeshBuffer>& buffer,
                                tensor_accessor::ArgsConfig args_config = tensor_accessor::ArgConfig::None);

    static TensorAccessorArgs create_dram_interleaved();
    static TensorAccessorArgs create_l1_interleaved();

    // Appends the compile-time arguments (refused when some are to be runtime: use the two-vector form).
    void append_to(std::vector<std::uint32_t>& compile_time_args) const;
    void append_to(std::vector<std::uint32_t>& compile_time_args, std::vector<std::uint32_t>& common_runtime_args) const;
    std::vector<std::uint32_t> get_compile_time_args() const;
    std::vector<std::uint32_t> get_common_runtime_args() const;

    static constexpr std::size_t MAX_NUM_DIMENSIONS = 8;

private:
    void update_args_config();

    const Buffer* buffer_ = nullptr;
    tensor_accessor::ArgsConfig args_config_ = tensor_accessor::ArgConfig::None;
};

}  // namespace tt::tt_metal
