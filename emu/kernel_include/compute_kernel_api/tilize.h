// Tilizing: `block` tiles' worth of row-major data at the front of a CB (32 rows of block × 32 values) become
// `block` tiles packed in turn into the output CB. The kernel waits, pops, reserves and pushes around it.
#pragma once

#include "compute_kernel_api/common.h"

namespace ckernel {

ALWI uint32_t ttemu_elem_size(DataFormat fmt) {
    switch (fmt) {
        case DataFormat::Float16_b: case DataFormat::Float16: case DataFormat::UInt16: return 2;
        case DataFormat::Float32: case DataFormat::Tf32: case DataFormat::Int32: case DataFormat::UInt32: return 4;
        default: ttemu_api->fail("tilize/untilize: this CB data format is not supported by the emulator");
    }
    return 0;
}

// Host address of byte `offset` of the data starting at `start` in `cb`'s ring (page by page, wrapping).
ALWI uint8_t* ttemu_cb_byte(int32_t cb, uint32_t start, uint32_t offset) {
    const uint32_t page = ttemu_api->cb_page_size(cb);
    return ttemu_cb_tile(cb, start, offset / page) + offset % page;
}

// Initialisation calls configure the hardware; they have no effect on data.
ALWI void tilize_init(uint32_t, uint32_t, uint32_t) {}
ALWI void tilize_init_short(uint32_t, uint32_t, uint32_t) {}
ALWI void tilize_init_unpack(uint32_t, uint32_t) {}
ALWI void tilize_init_short_with_dt(uint32_t, uint32_t, uint32_t, uint32_t) {}
ALWI void tilize_uninit(uint32_t, uint32_t) {}
ALWI void tilize_uninit_with_dt(uint32_t, uint32_t, uint32_t) {}

// Tile t of the row-major block (32 rows, block tiles wide) at the front of icb, in tile layout; true if integers.
TTEMU_LOOP_FN bool ttemu_tilize_tile(uint32_t icb, uint32_t t, uint32_t block, uint32_t* tile) {
    const auto fmt = static_cast<DataFormat>(ttemu_api->cb_data_format(int32_t(icb)));
    const uint32_t esize = ttemu_elem_size(fmt), width = block * 32;
    const uint32_t start = ttemu_api->cb_read_ptr(int32_t(icb));
    bool is_int = false;
    for (uint32_t r = 0; r < 32; r++)
        for (uint32_t c = 0; c < 32; c++) {
            const uint8_t* p = ttemu_cb_byte(int32_t(icb), start, (r * width + t * 32 + c) * esize);
            tile[ttemu_face_index(r, c)] = ttemu_load(fmt, p, 0, &is_int);
        }
    return is_int;
}

TTEMU_LOOP_FN void tilize_block(uint32_t icb, uint32_t block, uint32_t ocb) {
    uint32_t tile[kTileElems];
    auto& slot = ttemu_state().pack_slot[ocb & 31];
    for (uint32_t t = 0; t < block; t++) {
        const bool is_int = ttemu_tilize_tile(icb, t, block, tile);
        ttemu_pack_from(tile, is_int, int32_t(ocb), slot++);
    }
}

}  // namespace ckernel
