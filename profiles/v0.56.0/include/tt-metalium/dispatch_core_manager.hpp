// Which cores run the fast-dispatch kernels (prefetcher, dispatcher, mux/demux, tunnelers) of each device's
// command queues (tt::tt_metal::dispatch_core_manager). The emulator's command queues are host threads and place
// nothing on the device: the class is declared for code that names it, not exported.
#pragma once

#include <umd/device/tt_core_coordinates.h>

#include <cstdint>
#include <list>
#include <optional>
#include <string>
#include <tt-metalium/core_coord.hpp>
#include <tt-metalium/core_descriptor.hpp>
#include <tt-metalium/dispatch_core_common.hpp>
#include <unordered_map>
#include <vector>

namespace tt::tt_metal {

// The cores one command queue's dispatch path uses on one device.
struct dispatch_core_placement_t {
    std::optional<tt_cxy_pair> prefetcher = std::nullopt;
    std::optional<tt_cxy_pair> completion_queue_writer = std::nullopt;
    std::optional<tt_cxy_pair> dispatcher = std::nullopt;
    std::optional<tt_cxy_pair> mux = std::nullopt;
    std::optional<tt_cxy_pair> demux = std::nullopt;
    std::optional<tt_cxy_pair> tunneler = std::nullopt;
    std::optional<tt_cxy_pair> prefetcher_d = std::nullopt;
    std::optional<tt_cxy_pair> dispatcher_d = std::nullopt;
    std::optional<tt_cxy_pair> dispatcher_s = std::nullopt;
    std::optional<tt_cxy_pair> mux_d = std::nullopt;
    std::optional<tt_cxy_pair> demux_d = std::nullopt;
    std::optional<tt_cxy_pair> tunneler_d = std::nullopt;
};

class dispatch_core_manager {
public:
    dispatch_core_manager& operator=(const dispatch_core_manager&) = delete;
    dispatch_core_manager& operator=(dispatch_core_manager&& other) noexcept = delete;
    dispatch_core_manager(const dispatch_core_manager&) = delete;
    dispatch_core_manager(dispatch_core_manager&& other) noexcept = delete;

    static constexpr std::uint8_t MAX_NUM_HW_CQS = 2;
    static void initialize(const DispatchCoreConfig& dispatch_core_config, std::uint8_t num_hw_cqs) noexcept;
    static dispatch_core_manager& instance();

    const tt_cxy_pair& prefetcher_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_prefetcher_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& prefetcher_d_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_prefetcher_d_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& mux_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_mux_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& mux_d_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& demux_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_demux_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& demux_d_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& tunneler_core(chip_id_t upstream_device_id, chip_id_t device_id, std::uint16_t channel,
                                     std::uint8_t cq_id);
    const tt_cxy_pair& us_tunneler_core_local(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& completion_queue_writer_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_completion_queue_writer_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& dispatcher_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_dispatcher_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_dispatcher_s_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    bool is_dispatcher_d_core_allocated(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& dispatcher_d_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    const tt_cxy_pair& dispatcher_s_core(chip_id_t device_id, std::uint16_t channel, std::uint8_t cq_id);
    CoreType get_dispatch_core_type(chip_id_t device_id);
    DispatchCoreConfig get_dispatch_core_config(chip_id_t device_id);
    void add_dispatch_core_to_device(chip_id_t device_id, const CoreCoord& core);
    std::vector<CoreCoord> get_all_logical_dispatch_cores(chip_id_t device_id);

private:
    dispatch_core_manager(const DispatchCoreConfig& dispatch_core_config, std::uint8_t num_hw_cqs);

    std::unordered_map<chip_id_t,
                       std::unordered_map<std::uint16_t, std::unordered_map<std::uint8_t, dispatch_core_placement_t>>>
        dispatch_core_assignments;
    std::unordered_map<chip_id_t, std::list<CoreCoord>> available_dispatch_cores_by_device;
    std::unordered_map<chip_id_t, DispatchCoreConfig> dispatch_core_config_by_device;
    std::uint8_t num_hw_cqs;
    static dispatch_core_manager* _inst;
};

}  // namespace tt::tt_metal
