// UMD's SoC descriptor header, as far as tt-metal's public headers use it: the kinds of cores on a chip (CoreType,
// from tt_core_coordinates.h), coordinates, architectures, and a SoC descriptor's principal members
// (tt_SocDescriptor: architecture, grid sizes, core lists). UMD fills one from a YAML file; the emulator keeps its
// chip in device_model.h and fills none.
#pragma once

#include <cstdint>
#include <vector>

#include <umd/device/tt_core_coordinates.h>
#include <umd/device/tt_xy_pair.h>
#include <umd/device/types/arch.h>

class tt_SocDescriptor {
public:
    tt::ARCH arch = tt::ARCH::Invalid;
    tt_xy_pair grid_size;
    tt_xy_pair worker_grid_size;
    std::vector<tt_xy_pair> workers;
    std::vector<std::vector<tt_xy_pair>> dram_cores;  // per channel, its NOC endpoints
    std::vector<tt_xy_pair> ethernet_cores;
    std::vector<tt_xy_pair> pcie_cores;
    std::vector<tt_xy_pair> arc_cores;
    int overlay_version = 0;
    int unpacker_version = 0;
    int dst_size_alignment = 0;
    int packer_version = 0;
    int worker_l1_size = 0;
    int eth_l1_size = 0;
    bool noc_translation_id_enabled = false;
    std::uint64_t dram_bank_size = 0;

    int get_num_dram_channels() const { return static_cast<int>(dram_cores.size()); }
};
