// The fabric's Ethernet data mover (EDM) types a host program sees: the topology it routes over, a worker's NOC
// coordinates as the EDM stores them, and the record an EDM channel keeps of the worker that uses it (read over the
// NOC, so each field is padded to 16 bytes).
#pragma once

#include <cstdint>
#include <iostream>

namespace tt::tt_fabric {

enum class Topology { NeighborExchange = 0, Linear = 1, Ring = 2, Mesh = 3, Torus = 4 };

constexpr bool is_2D_topology(Topology topology) { return topology == Topology::Mesh || topology == Topology::Torus; }
constexpr bool is_ring_or_torus(Topology topology) { return topology == Topology::Ring || topology == Topology::Torus; }

std::ostream& operator<<(std::ostream& os, const Topology& topology);

// A worker core's NOC coordinates, packed y above x in one word.
struct WorkerXY {
    uint16_t x;
    uint16_t y;
    constexpr WorkerXY() : x(0), y(0) {}
    constexpr WorkerXY(uint16_t x, uint16_t y) : x(x), y(y) {}
    constexpr uint32_t to_uint32() const { return (y << 16) | x; }
    static constexpr WorkerXY from_uint32(uint32_t v) { return WorkerXY(v & 0xFFFF, (v >> 16) & 0xFFFF); }
    constexpr bool operator==(const WorkerXY& rhs) const { return x == rhs.x && y == rhs.y; }
    constexpr bool operator!=(const WorkerXY& rhs) const { return !(*this == rhs); }
};

struct coord_t {
    coord_t(uint32_t x, uint32_t y) : x(x), y(y) {}
    uint32_t x;
    uint32_t y;
};

enum SendStatus : uint8_t {
    SENT_PAYLOAD_ONLY,      // the payload went; the sync did not
    SENT_PAYLOAD_AND_SYNC,  // both went
    NOT_SENT,               // nothing went
    ERROR,
};

struct EDMChannelWorkerLocationInfo {
    uint32_t worker_semaphore_address{};
    uint32_t align_pad_0{};
    uint32_t align_pad_1{};
    uint32_t align_pad_2{};

    uint32_t worker_teardown_semaphore_address{};
    uint32_t align_pad_3{};
    uint32_t align_pad_4{};
    uint32_t align_pad_5{};

    WorkerXY worker_xy{0, 0};
    uint32_t align_pad_6{};
    uint32_t align_pad_7{};
    uint32_t align_pad_8{};

    uint32_t edm_read_counter = 0;
    uint32_t align_pad_9{};
    uint32_t align_pad_10{};
    uint32_t align_pad_11{};
};
static_assert(sizeof(EDMChannelWorkerLocationInfo) <= 64);

}  // namespace tt::tt_fabric
