// SystemMesh: the emulated machine's devices as a 2-D mesh (shape from TT_METAL_EMU_NUM_DEVICES, as tt-metal
// derives it from the device count), devices numbered row-major, and tt-metal's rules for placing a requested
// mesh in it: lines snake through the system mesh; other shapes sit at the offset, rotated if only that fits.
#include <algorithm>

#include <tt-metalium/mesh_device_view.hpp>
#include <tt-metalium/shape2d.hpp>
#include <tt-metalium/system_mesh.hpp>

#include "emu/core/errors.h"
#include "emu/core/settings.h"

namespace tt::tt_metal::distributed {

namespace {

MeshShape SystemShapeFor(std::uint32_t devices) {
    // A T3000's 2x4; tt-metal's 8x4 and 8x8 for 32 and 64 devices are beyond TT_METAL_EMU_NUM_DEVICES.
    return devices == 8 ? MeshShape(2, 4) : MeshShape(1, devices);
}

}  // namespace

class SystemMesh::Impl {
public:
    Impl() : shape_(SystemShapeFor(ttemu::GetSettings().num_devices)) {}

    const MeshShape& shape() const { return shape_; }

    chip_id_t device_at(const MeshCoordinate& coord) const {
        if (coord.dims() != shape_.dims())
            ttemu::Throw("SystemMesh: a ", coord.dims(), "-D coordinate in the ", shape_.dims(), "-D system mesh");
        std::size_t id = 0;
        for (std::size_t d = 0; d < coord.dims(); d++) {
            const std::uint32_t extent = shape_[static_cast<std::int32_t>(d)];
            if (coord[d] >= extent) ttemu::Throw("SystemMesh: coordinate ", coord, " is outside ", shape_);
            id = id * extent + coord[d];
        }
        return static_cast<chip_id_t>(id);
    }

    std::vector<chip_id_t> mapped(const MeshDeviceConfig& config) const {
        if (config.mesh_shape.mesh_size() > shape_.mesh_size())
            ttemu::Throw("SystemMesh: the requested mesh ", config.mesh_shape, " is bigger than the system mesh ",
                         shape_);
        const std::size_t dims = shape_.dims();
        const MeshCoordinate offset = config.offset ? *config.offset : MeshCoordinate::zero_coordinate(dims);
        if (offset.dims() != dims)
            ttemu::Throw("SystemMesh: a ", offset.dims(), "-D offset into the ", dims, "-D system mesh");
        std::vector<chip_id_t> ids;
        if (is_line_topology(config.mesh_shape)) {
            for (std::size_t d = 0; d < dims; d++)
                if (offset[d] != 0) ttemu::Throw("SystemMesh: a line mesh cannot take an offset (", offset, ")");
            const Shape2D system(shape_[0], shape_[1]);
            for (const auto& coord : MeshDeviceView::get_line_coordinates(config.mesh_shape.mesh_size(), system))
                ids.push_back(device_at(coord));
            return ids;
        }
        if (config.mesh_shape.dims() != dims)
            ttemu::Throw("SystemMesh: the requested mesh ", config.mesh_shape, " and the system mesh ", shape_,
                         " have different dimensions");
        std::vector<std::uint32_t> extent(config.mesh_shape.cbegin(), config.mesh_shape.cend());
        auto fits = [&] {
            for (std::size_t d = 0; d < dims; d++)
                if (offset[d] + extent[d] > shape_[static_cast<std::int32_t>(d)]) return false;
            return true;
        };
        std::size_t turns = 0;
        for (; !fits() && turns < dims; turns++) std::rotate(extent.begin(), extent.begin() + 1, extent.end());
        if (turns == dims)
            ttemu::Throw("SystemMesh: the requested mesh ", config.mesh_shape, " does not fit the system mesh ",
                         shape_, " at offset ", offset, ", turned or not");
        std::vector<std::uint32_t> last(dims);
        for (std::size_t d = 0; d < dims; d++) last[d] = offset[d] + extent[d] - 1;
        for (const auto& coord : MeshCoordinateRange(offset, MeshCoordinate(last))) ids.push_back(device_at(coord));
        return ids;
    }

private:
    MeshShape shape_;
};

SystemMesh::SystemMesh() : pimpl_(std::make_unique<Impl>()) {}

SystemMesh& SystemMesh::instance() {
    static tt::stl::Indestructible<SystemMesh> system;
    return system.get();
}

const MeshShape& SystemMesh::get_shape() const { return pimpl_->shape(); }
chip_id_t SystemMesh::get_physical_device_id(const MeshCoordinate& coord) const { return pimpl_->device_at(coord); }
std::vector<chip_id_t> SystemMesh::get_mapped_physical_device_ids(const MeshDeviceConfig& config) const {
    return pimpl_->mapped(config);
}
std::vector<chip_id_t> SystemMesh::request_available_devices(const MeshDeviceConfig& config) const {
    return config.physical_device_ids.empty() ? pimpl_->mapped(config) : config.physical_device_ids;
}

}  // namespace tt::tt_metal::distributed
