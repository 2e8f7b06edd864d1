// The emulated chip's coordinates as every release's IDevice reports them: logical worker cores to translated NOC
// coordinates, NOC1's mirrored view, DRAM channels and their endpoints, NOC encodings of a core and of a rectangle,
// and where each hardware queue's dispatch core sits. Profile-free: the façades convert their CoreCoord at the edge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core_xy.h"

namespace ttemu {

// What sits at a translated NOC coordinate.
enum class CoreKind : std::uint8_t { kWorker, kDram, kEthernet, kNone };
CoreKind KindAt(CoreXY noc);

// The translated coordinate of logical worker `logical`; throws outside the logical grid.
CoreXY WorkerNoc(CoreXY logical);
// A coordinate as `noc` sees it: workers keep their translated coordinates, other endpoints mirror on NOC1.
CoreXY OnNoc(std::uint8_t noc, CoreXY coord);
// The NOC encodings programs embed in commands: (y << 6) | x, and (y0 << 18) | (x0 << 12) | (y1 << 6) | x1.
std::uint32_t NocUnicastEncoding(std::uint8_t noc, CoreXY coord);
std::uint32_t NocMulticastEncoding(std::uint8_t noc, CoreXY start, CoreXY end);

// DRAM channel `channel`'s NOC0 endpoint (as tt-metal reports a channel's "logical core"); throws past the banks.
CoreXY DramChannelCore(std::uint32_t channel);
// The channel whose endpoint is `core`; throws if none is.
std::uint32_t DramChannelAt(CoreXY core);
// One worker per DRAM bank, in bank order (the readers tt-metal places next to each bank).
std::vector<CoreXY> DramBankWorkers();

// A core range a program names (logical cores of any kind — workers, ethernet, a sub-device's), checked before its
// cores are enumerated: no coordinate of the device's reaches past its physical grid, so a range that does (65 535 or
// 2^30 cores, from a program or a log) is a TT_THROW naming `what`, never an allocation per requested core.
void CheckCoreRange(std::size_t x0, std::size_t y0, std::size_t x1, std::size_t y1, const char* what);

// Where hardware queue `cq`'s dispatch core is (translated): the row below the compute grid.
CoreXY DispatchCore(std::uint8_t cq);

}  // namespace ttemu
