// MeshDeviceView: the devices of a mesh by coordinate, with row, column, line and ring views. Exported members.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <tt-metalium/device.hpp>
#include <tt-metalium/mesh_config.hpp>
#include <tt-metalium/mesh_coord.hpp>
#include <tt-metalium/shape2d.hpp>

namespace tt::tt_metal::distributed {

class MeshDevice;

class MeshDeviceView {
public:
    using DeviceView = std::vector<IDevice*>;
    using DeviceViews = std::vector<std::vector<IDevice*>>;

    explicit MeshDeviceView(const MeshContainer<IDevice*>& devices);
    explicit MeshDeviceView(const MeshDevice& mesh_device);

    [[nodiscard]] DeviceView get_devices(const MeshCoordinateRange& range) const;
    [[nodiscard]] DeviceView get_devices(const MeshShape& submesh_shape) const;
    [[nodiscard]] DeviceView get_devices() const;
    [[nodiscard]] std::size_t num_devices() const;
    [[nodiscard]] bool empty() const noexcept;
    [[nodiscard]] std::size_t size() const noexcept;
    [[nodiscard]] const MeshShape& shape() const noexcept;
    [[nodiscard]] bool contains(const MeshCoordinate& coord) const noexcept;
    [[nodiscard]] IDevice* get_device(const MeshCoordinate& coord) const;
    [[nodiscard]] const IDevice* at(const MeshCoordinate& coord) const noexcept;
    bool operator==(const MeshDeviceView& other) const;

    auto begin() const { return devices_.values().begin(); }
    auto end() const { return devices_.values().end(); }

    [[nodiscard]] bool contains_device(chip_id_t device_id) const;
    [[nodiscard]] MeshCoordinate find_device(chip_id_t device_id) const;
    [[nodiscard]] chip_id_t find_device_id(const MeshCoordinate& coord) const;
    [[nodiscard]] bool is_mesh_2d() const;
    [[nodiscard]] std::size_t num_rows() const;
    [[nodiscard]] std::size_t num_cols() const;
    [[nodiscard]] DeviceView get_devices_on_row(std::size_t row) const;
    [[nodiscard]] DeviceView get_devices_on_column(std::size_t col) const;
    [[nodiscard]] DeviceViews get_row_views() const;
    [[nodiscard]] DeviceViews get_column_views() const;
    [[nodiscard]] static std::vector<MeshCoordinate> get_line_coordinates(std::size_t length,
                                                                          const Shape2D& mesh_shape);
    [[nodiscard]] static std::vector<MeshCoordinate> get_ring_coordinates(const Shape2D& ring_shape,
                                                                          const Shape2D& mesh_shape);
    [[nodiscard]] std::vector<IDevice*> get_ring_devices() const;
    [[nodiscard]] std::vector<IDevice*> get_line_devices() const;

private:
    MeshContainer<IDevice*> devices_;
    std::unordered_map<chip_id_t, MeshCoordinate> device_coordinates_;
    std::optional<Shape2D> shape_2d_;
};

}  // namespace tt::tt_metal::distributed
