// MeshDeviceView: a mesh's devices by coordinate, with rows, columns, lines and rings of them. Pimpl; exported.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/experimental/fabric/routing_table_generator.hpp>
#include <tt-metalium/maybe_remote.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal::distributed {

class MeshDevice;
class MeshDeviceViewImpl;

class MeshDeviceView {
public:
    explicit MeshDeviceView(const MeshShape& shape, const std::vector<IDevice*>& devices,
                            const std::vector<tt::tt_fabric::FabricNodeId>& fabric_node_ids);
    explicit MeshDeviceView(const MeshShape& shape, const std::vector<MaybeRemote<IDevice*>>& devices,
                            const std::vector<tt::tt_fabric::FabricNodeId>& fabric_node_ids);

    [[nodiscard]] std::vector<IDevice*> get_devices(const MeshCoordinateRange& range) const;
    [[nodiscard]] std::vector<IDevice*> get_devices() const;
    [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids(const MeshCoordinateRange& range) const;
    [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids() const;
    [[nodiscard]] std::size_t num_devices() const;
    [[nodiscard]] bool empty() const noexcept;
    [[nodiscard]] std::size_t size() const noexcept;
    [[nodiscard]] const MeshShape& shape() const noexcept;
    [[nodiscard]] tt::tt_fabric::MeshId mesh_id() const noexcept;
    [[nodiscard]] bool contains(const MeshCoordinate& coord) const noexcept;
    [[deprecated("Deprecated, retrieving physical devices can fail in distributed contexts. This will be removed after "
                 "28-02-2026.")]] [[nodiscard]] IDevice*
    get_device(const MeshCoordinate& coord) const;
    [[nodiscard]] tt::tt_fabric::FabricNodeId get_fabric_node_id(const MeshCoordinate& coord) const;
    std::vector<MaybeRemote<IDevice*>>::const_iterator begin() const;
    std::vector<MaybeRemote<IDevice*>>::const_iterator end() const;
    [[nodiscard]] MeshCoordinate find_device(ChipId device_id) const;
    [[nodiscard]] bool is_mesh_2d() const;
    [[nodiscard]] std::size_t num_rows() const;
    [[nodiscard]] std::size_t num_cols() const;
    [[nodiscard]] std::vector<IDevice*> get_devices_on_row(std::size_t row) const;
    [[nodiscard]] std::vector<IDevice*> get_devices_on_column(std::size_t col) const;
    [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_row(std::size_t row) const;
    [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_fabric_node_ids_on_column(std::size_t col) const;
    [[nodiscard]] static std::vector<MeshCoordinate> get_line_coordinates(std::size_t length, const Shape2D& mesh_shape,
                                                                          const Shape2D& mesh_offset);
    [[nodiscard]] std::vector<MeshCoordinate> get_line_coordinates() const;
    [[nodiscard]] static std::vector<MeshCoordinate> get_ring_coordinates(const Shape2D& ring_shape,
                                                                          const Shape2D& mesh_shape);
    [[nodiscard]] std::vector<MeshCoordinate> get_ring_coordinates() const;
    [[nodiscard]] std::vector<IDevice*> get_ring_devices() const;
    [[nodiscard]] std::vector<IDevice*> get_line_devices() const;
    [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_ring_fabric_node_ids() const;
    [[nodiscard]] std::vector<tt::tt_fabric::FabricNodeId> get_line_fabric_node_ids() const;
    [[deprecated("Deprecated, is_local should be avoided as it is likely to cause issues in distributed contexts. This "
                 "will be removed after 28-02-2026.")]]
    bool is_local(const MeshCoordinate& coord) const;
    MeshCoordinateRange get_local_mesh_coord_range() const;

    ~MeshDeviceView();
    MeshDeviceView(const MeshDeviceView&);
    MeshDeviceView& operator=(const MeshDeviceView&);
    MeshDeviceView(MeshDeviceView&&) noexcept;
    MeshDeviceView& operator=(MeshDeviceView&&) noexcept;

    const MeshDeviceViewImpl& impl() const { return *pimpl_; }
    MeshDeviceViewImpl& impl() { return *pimpl_; }

private:
    std::unique_ptr<MeshDeviceViewImpl> pimpl_;
};

}  // namespace tt::tt_metal::distributed
