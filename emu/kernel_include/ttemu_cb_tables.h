// The circular-buffer tables tt-metal's kernel build generates (unpack_src_format, unpack_tile_size, ...): the
// emulator writes them into each kernel's wrapper from the program's circular buffers (TTEMU_CB_TABLES). Outside a
// kernel build (header checks) every index has tt-metal's defaults: no format, a Bfp8_b-sized 32x32 tile.
#pragma once

#include <stdint.h>

#ifndef TTEMU_CB_TABLES
#define TTEMU_CB_TABLE_OF(v) \
    { v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v }
constexpr uint8_t unpack_src_format[32] = TTEMU_CB_TABLE_OF(255);
constexpr uint8_t unpack_dst_format[32] = TTEMU_CB_TABLE_OF(255);
constexpr uint8_t pack_src_format[32] = TTEMU_CB_TABLE_OF(255);
constexpr uint8_t pack_dst_format[32] = TTEMU_CB_TABLE_OF(255);
constexpr uint16_t unpack_tile_size[32] = TTEMU_CB_TABLE_OF(1088);
constexpr uint16_t pack_tile_size[32] = TTEMU_CB_TABLE_OF(1088);
constexpr uint8_t unpack_tile_r_dim[32] = TTEMU_CB_TABLE_OF(32);
constexpr uint8_t pack_tile_r_dim[32] = TTEMU_CB_TABLE_OF(32);
constexpr uint8_t unpack_tile_c_dim[32] = TTEMU_CB_TABLE_OF(32);
constexpr uint8_t pack_tile_c_dim[32] = TTEMU_CB_TABLE_OF(32);
constexpr uint8_t unpack_tile_num_faces[32] = TTEMU_CB_TABLE_OF(4);
constexpr uint8_t pack_tile_num_faces[32] = TTEMU_CB_TABLE_OF(4);
constexpr uint8_t unpack_tile_face_r_dim[32] = TTEMU_CB_TABLE_OF(16);
constexpr uint8_t pack_tile_face_r_dim[32] = TTEMU_CB_TABLE_OF(16);
#undef TTEMU_CB_TABLE_OF
#endif
