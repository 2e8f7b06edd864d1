// MeshDeviceView: a mesh's devices by coordinate, and rows, columns, lines and rings of them.
#include <tt-metalium/mesh_device.hpp>
#include <tt-metalium/mesh_device_view.hpp>

#include "emu/core/errors.h"
#include "emu/core/mesh_layout.h"

namespace tt::tt_metal::distributed {

MeshDeviceView::MeshDeviceView(const MeshContainer<IDevice*>& devices) : devices_(devices) {
    for (const auto& [coord, device] : devices_)
        if (device) device_coordinates_.emplace(device->id(), coord);
    if (devices_.shape().dims() == 2)
        shape_2d_ = Shape2D(devices_.shape()[0], devices_.shape()[1]);
}
MeshDeviceView::MeshDeviceView(const MeshDevice& mesh_device) : MeshDeviceView(MeshContainer<IDevice*>(
    mesh_device.shape(), mesh_device.get_devices())) {}

MeshDeviceView::DeviceView MeshDeviceView::get_devices(const MeshCoordinateRange& range) const {
    DeviceView out;
    for (const MeshCoordinate& c : range) out.push_back(get_device(c));
    return out;
}
MeshDeviceView::DeviceView MeshDeviceView::get_devices(const MeshShape& submesh_shape) const {
    return get_devices(MeshCoordinateRange(submesh_shape));
}
MeshDeviceView::DeviceView MeshDeviceView::get_devices() const { return devices_.values(); }
std::size_t MeshDeviceView::num_devices() const { return devices_.values().size(); }
bool MeshDeviceView::empty() const noexcept { return devices_.values().empty(); }
std::size_t MeshDeviceView::size() const noexcept { return devices_.values().size(); }
const MeshShape& MeshDeviceView::shape() const noexcept { return devices_.shape(); }
bool MeshDeviceView::contains(const MeshCoordinate& coord) const noexcept {
    try {
        return coord.dims() == shape().dims() && devices_.coord_range().contains(coord);
    } catch (...) {
        return false;
    }
}
IDevice* MeshDeviceView::get_device(const MeshCoordinate& coord) const {
    if (!contains(coord)) ttemu::Throw("MeshDeviceView: ", coord, " is outside the mesh ", shape());
    return devices_.at(coord);
}
const IDevice* MeshDeviceView::at(const MeshCoordinate& coord) const noexcept {
    return contains(coord) ? devices_.at(coord) : nullptr;
}
bool MeshDeviceView::operator==(const MeshDeviceView& other) const { return devices_ == other.devices_; }
bool MeshDeviceView::contains_device(chip_id_t device_id) const { return device_coordinates_.count(device_id) != 0; }
MeshCoordinate MeshDeviceView::find_device(chip_id_t device_id) const {
    auto it = device_coordinates_.find(device_id);
    if (it == device_coordinates_.end()) ttemu::Throw("MeshDeviceView: device ", device_id, " is not in the mesh");
    return it->second;
}
chip_id_t MeshDeviceView::find_device_id(const MeshCoordinate& coord) const { return get_device(coord)->id(); }
bool MeshDeviceView::is_mesh_2d() const { return shape_2d_.has_value(); }
std::size_t MeshDeviceView::num_rows() const {
    if (!shape_2d_) ttemu::Throw("MeshDeviceView: num_rows() of a mesh that is not 2-D: ", shape());
    return shape_2d_->height();
}
std::size_t MeshDeviceView::num_cols() const {
    if (!shape_2d_) ttemu::Throw("MeshDeviceView: num_cols() of a mesh that is not 2-D: ", shape());
    return shape_2d_->width();
}
MeshDeviceView::DeviceView MeshDeviceView::get_devices_on_row(std::size_t row) const {
    const auto r = static_cast<std::uint32_t>(row), last = static_cast<std::uint32_t>(num_cols() - 1);
    return get_devices(MeshCoordinateRange(MeshCoordinate(r, 0), MeshCoordinate(r, last)));
}
MeshDeviceView::DeviceView MeshDeviceView::get_devices_on_column(std::size_t col) const {
    const auto c = static_cast<std::uint32_t>(col), last = static_cast<std::uint32_t>(num_rows() - 1);
    return get_devices(MeshCoordinateRange(MeshCoordinate(0, c), MeshCoordinate(last, c)));
}
MeshDeviceView::DeviceViews MeshDeviceView::get_row_views() const {
    DeviceViews out;
    for (std::size_t r = 0; r < num_rows(); r++) out.push_back(get_devices_on_row(r));
    return out;
}
MeshDeviceView::DeviceViews MeshDeviceView::get_column_views() const {
    DeviceViews out;
    for (std::size_t c = 0; c < num_cols(); c++) out.push_back(get_devices_on_column(c));
    return out;
}

namespace {
std::vector<MeshCoordinate> Coordinates(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& path) {
    std::vector<MeshCoordinate> out;
    for (const auto& [r, c] : path) out.emplace_back(r, c);
    return out;
}
}  // namespace

std::vector<MeshCoordinate> MeshDeviceView::get_line_coordinates(std::size_t length, const Shape2D& mesh_shape) {
    return Coordinates(ttemu::LineCoordinates(length, mesh_shape.height(), mesh_shape.width()));
}
std::vector<MeshCoordinate> MeshDeviceView::get_ring_coordinates(const Shape2D& ring_shape, const Shape2D& mesh_shape) {
    return Coordinates(
        ttemu::RingCoordinates(ring_shape.height(), ring_shape.width(), mesh_shape.height(), mesh_shape.width()));
}
std::vector<IDevice*> MeshDeviceView::get_ring_devices() const {
    std::vector<IDevice*> out;
    for (const auto& c : get_ring_coordinates(Shape2D(num_rows(), num_cols()), Shape2D(num_rows(), num_cols())))
        out.push_back(get_device(c));
    return out;
}
std::vector<IDevice*> MeshDeviceView::get_line_devices() const {
    std::vector<IDevice*> out;
    for (const auto& c : get_line_coordinates(num_devices(), Shape2D(num_rows(), num_cols()))) out.push_back(get_device(c));
    return out;
}

}  // namespace tt::tt_metal::distributed
