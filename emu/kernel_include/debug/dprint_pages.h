// Printing pages of L1 and rows of tiles with DPRINT, as tt-metal's helpers do: data-movement kernels print pages
// of bfloat16, float32 or bytes (tt::data_movement::common), compute kernels the rows of a CB tile
// (tt::compute::common).
#pragma once

#include <stdint.h>

#include "debug/dprint.h"

#if defined(COMPILE_FOR_NCRISC) || defined(COMPILE_FOR_BRISC)
namespace tt::data_movement::common {

// Pages start..start+npages of elts_per_page bfloat16 values from l1_addr, one line each: "page: v v v ...".
inline void print_bf16_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages, uint32_t start = 0) {
    volatile tt_l1_ptr uint16_t* p = reinterpret_cast<volatile tt_l1_ptr uint16_t*>(l1_addr) + start * elts_per_page;
    for (uint32_t page = 0; page < npages; ++page) {
        DPRINT << start + page << ": ";
        for (uint32_t j = 0; j < elts_per_page; ++j, ++p) DPRINT << BF16(*p) << " ";
        DPRINT << ENDL();
    }
}

// The same for float32 values (their bits, printed as floats).
inline void print_f32_pages(uint32_t l1_addr, uint32_t elts_per_page, uint32_t npages, uint32_t start = 0) {
    volatile tt_l1_ptr uint32_t* p = reinterpret_cast<volatile tt_l1_ptr uint32_t*>(l1_addr) + start * elts_per_page;
    for (uint32_t page = 0; page < npages; ++page) {
        DPRINT << start + page << ": ";
        for (uint32_t j = 0; j < elts_per_page; ++j, ++p) {
            const uint32_t bits = *p;
            float f;
            memcpy(&f, &bits, 4);
            DPRINT << F32(f) << " ";
        }
        DPRINT << ENDL();
    }
}

// The same for bytes, in hex.
inline void print_u8_pages(uint32_t l1_addr, uint32_t bytes_per_page, uint32_t npages, uint32_t start = 0) {
    volatile tt_l1_ptr uint8_t* p = reinterpret_cast<volatile tt_l1_ptr uint8_t*>(l1_addr) + start * bytes_per_page;
    for (uint32_t page = 0; page < npages; ++page) {
        DPRINT << start + page << ": ";
        for (uint32_t j = 0; j < bytes_per_page; ++j, ++p) DPRINT << SETW(2) << HEX() << "0x" << uint32_t(*p) << " ";
        DPRINT << DEC() << ENDL();
    }
}

}  // namespace tt::data_movement::common
#endif

#if defined(COMPILE_FOR_TRISC)
namespace tt::compute::common {

// Rows 0..rows-1 of tile tile_id at the front of cb_id, one tile slice per row.
inline void print_tile_rows(uint32_t cb_id, uint32_t rows = 32, uint32_t tile_id = 0, bool untilize = false) {
    for (uint16_t r = 0; r < rows; ++r)
        DPRINT << uint32_t(r) << " :: "
               << TileSlice(cb_id, tile_id, SliceRange{uint8_t(r), uint8_t(r + 1), 1, 0, 32, 1}, true, untilize);
}

// The whole tile between "======" and "++++++" lines.
inline void print_full_tile(uint32_t cb_id, uint32_t tile_id = 0, bool untilize = false) {
    DPRINT << "======" << ENDL();
    for (uint16_t r = 0; r < 32; ++r)
        DPRINT << uint32_t(r) << " : "
               << TileSlice(cb_id, tile_id, SliceRange{uint8_t(r), uint8_t(r + 1), 1, 0, 32, 1}, true, untilize)
               << ENDL();
    DPRINT << "++++++" << ENDL();
}

}  // namespace tt::compute::common
#endif
