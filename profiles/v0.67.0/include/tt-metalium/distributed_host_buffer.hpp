// DistributedHostBuffer: one HostBuffer per mesh coordinate this host owns — what MeshCommandQueue::enqueue_write
// and enqueue_read move to and from a mesh buffer's shards.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include <tt-metalium/distributed_context.hpp>
#include <tt-metalium/host_buffer.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/mesh_device_view.hpp>
#include <tt_stl/span.hpp>

namespace tt::tt_metal {

class DistributedHostBuffer {
public:
    DistributedHostBuffer(const DistributedHostBuffer&) = default;
    DistributedHostBuffer& operator=(const DistributedHostBuffer&) = default;
    DistributedHostBuffer(DistributedHostBuffer&&) = default;
    DistributedHostBuffer& operator=(DistributedHostBuffer&&) = default;

    static DistributedHostBuffer create(const distributed::MeshShape& global_shape,
                                        const distributed::MeshShape& local_shape,
                                        const distributed::MeshCoordinate& local_offset,
                                        const std::shared_ptr<distributed::multihost::DistributedContext>& context);
    static DistributedHostBuffer create(const distributed::MeshDeviceView& mesh_device_view);
    static DistributedHostBuffer create(const distributed::MeshShape& shape);

    std::optional<HostBuffer> get_shard(const distributed::MeshCoordinate& coord) const;
    using ProduceBufferFn = std::function<HostBuffer(const distributed::MeshCoordinate&)>;
    void emplace_shard(const distributed::MeshCoordinate& coord, const std::function<HostBuffer()>& produce_buffer);
    bool is_local(const distributed::MeshCoordinate& coord) const;

    enum class ProcessShardExecutionPolicy { SEQUENTIAL, PARALLEL };
    using TransformFn = std::function<HostBuffer(const HostBuffer& buffer)>;
    DistributedHostBuffer transform(const TransformFn& fn,
                                    ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;
    using ApplyFn = std::function<void(const HostBuffer& buffer)>;
    void apply(const ApplyFn& fn, ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL) const;
    void emplace_shards(const std::vector<distributed::MeshCoordinate>& coords, const ProduceBufferFn& produce_buffer,
                        ProcessShardExecutionPolicy policy = ProcessShardExecutionPolicy::SEQUENTIAL);

    const distributed::MeshShape& shape() const;
    const std::set<distributed::MeshCoordinate>& shard_coords() const;
    const std::shared_ptr<distributed::multihost::DistributedContext>& context() const;

private:
    std::optional<distributed::MeshCoordinate> global_to_local(const distributed::MeshCoordinate& coord) const;
    std::vector<std::size_t> get_populated_shard_indices() const;
    struct Shard {
        HostBuffer buffer;
        bool is_populated = false;
    };
    DistributedHostBuffer(distributed::DistributedMeshContainer<Shard> shards,
                          std::set<distributed::MeshCoordinate> populated_shards,
                          std::shared_ptr<distributed::multihost::DistributedContext> context)
        : shards_(std::move(shards)), shard_coords_(std::move(populated_shards)), context_(std::move(context)) {}

    distributed::DistributedMeshContainer<Shard> shards_;
    std::set<distributed::MeshCoordinate> shard_coords_;
    std::shared_ptr<distributed::multihost::DistributedContext> context_;
};

}  // namespace tt::tt_metal
