// tt-metal's view of a chip's SoC descriptor (metal_SocDescriptor): UMD's descriptor plus the DRAM "views" tt-metal
// allocates over (channel, preferred worker and ethernet endpoints, address offset) and coordinate conversions.
// The emulator keeps its chip in device_model.h and builds no SoC descriptor: the types are declared for code that
// names them, their members are not exported.
#pragma once

#include <umd/device/tt_soc_descriptor.h>
#include <umd/device/types/cluster_descriptor_types.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/tt_backend_api_types.hpp>
#include <vector>

struct metal_SocDescriptor : public tt_SocDescriptor {
public:
    std::vector<std::size_t> dram_view_channels;
    std::vector<CoreCoord> dram_view_worker_cores;
    std::vector<CoreCoord> dram_view_eth_cores;
    std::vector<std::size_t> dram_view_address_offsets;
    std::uint64_t dram_core_size;
    std::uint64_t dram_view_size;
    std::map<CoreCoord, int> logical_eth_core_to_chan_map;

    metal_SocDescriptor(const tt_SocDescriptor& other, const BoardType& board_type);
    metal_SocDescriptor() = default;

    CoreCoord get_preferred_worker_core_for_dram_view(int dram_view) const;
    CoreCoord get_preferred_eth_core_for_dram_view(int dram_view) const;
    CoreCoord get_logical_core_for_dram_view(int dram_view) const;
    std::size_t get_address_offset(int dram_view) const;
    std::size_t get_channel_for_dram_view(int dram_view) const;
    std::size_t get_num_dram_views() const;
    int get_dram_channel_from_logical_core(const CoreCoord& logical_coord) const;
    CoreCoord get_physical_ethernet_core_from_logical(const CoreCoord& logical_coord) const;
    CoreCoord get_logical_ethernet_core_from_physical(const CoreCoord& physical_coord) const;
    CoreCoord get_physical_tensix_core_from_logical(const CoreCoord& logical_coord) const;
    CoreCoord get_physical_dram_core_from_logical(const CoreCoord& logical_coord) const;
    CoreCoord get_physical_core_from_logical_core(const CoreCoord& logical_coord, const CoreType& core_type) const;
    CoreCoord get_dram_grid_size() const;
    tt_cxy_pair convert_to_umd_coordinates(const tt_cxy_pair& physical_cxy) const;
    CoordSystem get_umd_coord_system() const;
};
