// One device-profiler event (a zone start or end, or a sum) as tt-metal's profiler hands it to Tracy: where it ran
// (chip, core, RISC), when, and which source zone. Events order by time, then place.
#pragma once

#include <cstdint>
#include <string>
#include <tuple>

namespace tracy {

inline std::string riscName[] = {"BRISC", "NCRISC", "TRISC_0", "TRISC_1", "TRISC_2", "ERISC"};

enum TTDeviceEventPhase { begin, end, sum };

struct TTDeviceEvent {
    // A Tracy thread id packs RISC, core x, core y, chip and run number, low bits first.
    static constexpr std::uint64_t RISC_BIT_COUNT = 3;
    static constexpr std::uint64_t CORE_X_BIT_COUNT = 4;
    static constexpr std::uint64_t CORE_Y_BIT_COUNT = 4;
    static constexpr std::uint64_t CHIP_BIT_COUNT = 8;
    static constexpr std::uint64_t RUN_NUM_BIT_COUNT = 16;
    static constexpr std::uint64_t CORE_X_BIT_SHIFT = RISC_BIT_COUNT;
    static constexpr std::uint64_t CORE_Y_BIT_SHIFT = CORE_X_BIT_SHIFT + CORE_X_BIT_COUNT;
    static constexpr std::uint64_t CHIP_BIT_SHIFT = CORE_Y_BIT_SHIFT + CORE_Y_BIT_COUNT;
    static constexpr std::uint64_t RUN_NUM_BIT_SHIFT = CHIP_BIT_SHIFT + CHIP_BIT_COUNT;
    static constexpr std::uint64_t INVALID_NUM = 1ULL << 63;

    std::uint64_t run_num = INVALID_NUM;
    std::uint64_t chip_id = INVALID_NUM;
    std::uint64_t core_x = INVALID_NUM;
    std::uint64_t core_y = INVALID_NUM;
    std::uint64_t risc = INVALID_NUM;
    std::uint64_t marker = INVALID_NUM;
    std::uint64_t timestamp = INVALID_NUM;
    std::uint64_t line = INVALID_NUM;
    std::string file;
    std::string zone_name;
    TTDeviceEventPhase zone_phase = begin;

    TTDeviceEvent() = default;
    TTDeviceEvent(std::uint64_t run_num, std::uint64_t chip_id, std::uint64_t core_x, std::uint64_t core_y,
                  std::uint64_t risc, std::uint64_t marker, std::uint64_t timestamp, std::uint64_t line,
                  std::string file, std::string zone_name, TTDeviceEventPhase zone_phase)
        : run_num(run_num), chip_id(chip_id), core_x(core_x), core_y(core_y), risc(risc), marker(marker),
          timestamp(timestamp), line(line), file(std::move(file)), zone_name(std::move(zone_name)),
          zone_phase(zone_phase) {}
    explicit TTDeviceEvent(std::uint64_t thread_id)
        : run_num(std::uint64_t(-1)),
          chip_id((thread_id >> CHIP_BIT_SHIFT) & ((1 << CHIP_BIT_COUNT) - 1)),
          core_x((thread_id >> CORE_X_BIT_SHIFT) & ((1 << CORE_X_BIT_COUNT) - 1)),
          core_y((thread_id >> CORE_Y_BIT_SHIFT) & ((1 << CORE_Y_BIT_COUNT) - 1)),
          risc(thread_id & ((1 << RISC_BIT_COUNT) - 1)),
          marker(std::uint64_t(-1)) {}

    friend bool operator<(const TTDeviceEvent& a, const TTDeviceEvent& b) {
        return std::tie(a.timestamp, a.chip_id, a.core_x, a.core_y, a.risc, a.marker) <
               std::tie(b.timestamp, b.chip_id, b.core_x, b.core_y, b.risc, b.marker);
    }
    std::uint64_t get_thread_id() const {
        return risc | core_x << CORE_X_BIT_SHIFT | core_y << CORE_Y_BIT_SHIFT | chip_id << CHIP_BIT_SHIFT;
    }
};

}  // namespace tracy
