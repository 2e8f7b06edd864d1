#include "geometry.h"

#include "chip.h"
#include "device_model.h"
#include "errors.h"

namespace ttemu {

CoreKind KindAt(CoreXY noc) {
    if (Chip::WorkerFromNoc(noc.x, noc.y)) return CoreKind::kWorker;
    for (const auto& d : kDramBankNoc0)
        if (d.x == noc.x && d.y == noc.y) return CoreKind::kDram;
    if (EthCoreIndex(noc.x, noc.y) >= 0) return CoreKind::kEthernet;
    return CoreKind::kNone;
}

CoreXY WorkerNoc(CoreXY logical) {
    if (logical.x >= kLogicalGridX || logical.y >= kLogicalGridY)
        Throw("logical core ", logical.str(), " is outside the worker grid (", kLogicalGridX, ", ", kLogicalGridY, ")");
    return {logical.x + kTranslatedWorkerBase, logical.y + kTranslatedWorkerBase};
}

CoreXY OnNoc(std::uint8_t noc, CoreXY coord) {
    if (Chip::WorkerFromNoc(coord.x, coord.y) || noc == 0) return coord;
    return {kPhysicalGridX - 1 - coord.x, kPhysicalGridY - 1 - coord.y};
}

std::uint32_t NocUnicastEncoding(std::uint8_t noc, CoreXY coord) {
    const CoreXY c = OnNoc(noc, coord);
    return (c.y << 6) | c.x;
}

std::uint32_t NocMulticastEncoding(std::uint8_t noc, CoreXY start, CoreXY end) {
    const CoreXY s = OnNoc(noc, start), e = OnNoc(noc, end);
    return (s.y << 18) | (s.x << 12) | (e.y << 6) | e.x;
}

CoreXY DramChannelCore(std::uint32_t channel) {
    if (channel >= kNumDramBanks) Throw("DRAM channel ", channel, " does not exist (", kNumDramBanks, " banks)");
    return {kDramBankNoc0[channel].x, kDramBankNoc0[channel].y};
}

std::uint32_t DramChannelAt(CoreXY core) {
    for (std::uint32_t b = 0; b < kNumDramBanks; b++)
        if (kDramBankNoc0[b].x == core.x && kDramBankNoc0[b].y == core.y) return b;
    Throw("core ", core.str(), " is not a DRAM endpoint");
}

std::vector<CoreXY> DramBankWorkers() {
    std::vector<CoreXY> out;
    for (std::uint32_t b = 0; b < kNumDramBanks; b++) out.push_back({b % kComputeGridX, b / kComputeGridX});
    return out;
}

CoreXY DispatchCore(std::uint8_t cq) { return {kTranslatedWorkerBase + cq, kTranslatedWorkerBase + kComputeGridY}; }

void CheckCoreRange(std::size_t x0, std::size_t y0, std::size_t x1, std::size_t y1, const char* what) {
    if (x0 > x1 || y0 > y1)
        Throw(what, ": the core range (", x0, ", ", y0, ") - (", x1, ", ", y1, ") ends before it starts");
    if (x1 >= kPhysicalGridX || y1 >= kPhysicalGridY)
        Throw(what, ": the core range (", x0, ", ", y0, ") - (", x1, ", ", y1, ") lies outside the device's ",
              kPhysicalGridX, "x", kPhysicalGridY, " core grid");
}

}  // namespace ttemu
