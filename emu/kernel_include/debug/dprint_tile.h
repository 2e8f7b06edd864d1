// Printing part of a tile from a circular buffer: DPRINT << TSLICE(cb, tile, SliceRange::hw0_32_8()). The slice is
// sampled when TSLICE is made, from the CB's read pointer (a reader, or the unpacker) or write pointer (a writer, or
// the packer), and printed as tt-metal's print server prints it: one line per sampled row (endl_rows), values in
// logical order (print_untilized) or storage order, at most MAX_BYTES bytes of data (a note says so when the slice
// holds more), errors for unsupported formats, bad pointers and math-thread slices in tt-metal's words.
#pragma once

#include <stdint.h>
#include <string.h>

#include "debug/dprint.h"
#include "hostdevcommon/dprint_common.h"
#include "hostdevcommon/ttemu_bfp.hpp"
#include "ttemu_data_format.h"

typedef bool dprint_tslice_ptr_t;
#define TSLICE_RD_PTR true
#define TSLICE_WR_PTR false
typedef bool dprint_tslice_cb_t;
#define TSLICE_INPUT_CB true
#define TSLICE_OUTPUT_SB false

template <int MAX_BYTES = 32 * 2>
struct TileSlice : TileSliceHostDev<MAX_BYTES> {
    // Face layout of the emulator's tiles: 32x32, four 16x16 faces, each row-major.
    static constexpr uint32_t kTileDim = 32, kFaceDim = 16, kNumFaces = 4;

    static uint32_t data_index(uint32_t h, uint32_t w, bool untilize) {
        if (!untilize) return w + h * kTileDim;
        const uint32_t face = (h / kFaceDim) * (kTileDim / kFaceDim) + w / kFaceDim;
        return face * kFaceDim * kFaceDim + (h % kFaceDim) * kFaceDim + w % kFaceDim;
    }
    static uint32_t exponent_index(uint32_t h, uint32_t w, bool untilize) {
        if (!untilize) return (w + h * kTileDim) / kFaceDim;
        const uint32_t face = (h / kFaceDim) * (kTileDim / kFaceDim) + w / kFaceDim;
        return face * kFaceDim + h % kFaceDim;
    }
    // A block-float mantissa field: Bfp8 one byte per value, Bfp4 a nibble, Bfp2 two bits (low bits first).
    static uint8_t bfp_field(DataFormat f, const uint8_t* mantissas, uint32_t i) {
        switch (f) {
            case DataFormat::Bfp2:
            case DataFormat::Bfp2_b:
                return (mantissas[i / 4] >> ((i % 4) * 2)) & 0x3;
            case DataFormat::Bfp4:
            case DataFormat::Bfp4_b:
                return (mantissas[i / 2] >> ((i % 2) * 4)) & 0xF;
            default:
                return mantissas[i];
        }
    }

#if defined(COMPILE_FOR_NCRISC) || defined(COMPILE_FOR_BRISC)
    TileSlice(uint8_t cb, int tile_idx, const SliceRange& slice_range, dprint_tslice_cb_t cb_type,
#if defined(COMPILE_FOR_NCRISC)
              dprint_tslice_ptr_t ptr_type = TSLICE_WR_PTR,
#else
              dprint_tslice_ptr_t ptr_type = TSLICE_RD_PTR,
#endif
              bool endl_rows = true, bool print_untilized = true) {
        (void)cb_type;  // one format per CB here, input or output alike
        sample(cb, tile_idx, slice_range, ptr_type == TSLICE_RD_PTR, endl_rows, print_untilized);
    }
#else
    TileSlice(uint8_t cb, int tile_idx, const SliceRange& slice_range, bool endl_rows = true,
              bool print_untilized = true) {
        if (ttemu_dprint_trisc == 1) {
            this->return_code = DPrintErrorMath;
            return;
        }
        sample(cb, tile_idx, slice_range, ttemu_dprint_trisc == 0, endl_rows, print_untilized);
    }
#endif

    void sample(uint8_t cb, int tile_idx, const SliceRange& range, bool read_ptr, bool endl_rows, bool untilize) {
        this->slice_range = range;
        this->cb_id = cb;
        this->endl_rows = endl_rows;
        this->data_count = 0;
        this->return_code = DPrintOK;
        this->data_format = uint8_t(ttemu_api->cb_data_format(cb));
        this->cb_ptr = read_ptr ? ttemu_api->cb_read_ptr(cb) : ttemu_api->cb_write_ptr(cb);
        const auto format = static_cast<DataFormat>(this->data_format);
        if (!is_supported_format(format)) {
            this->return_code = DPrintErrorUnsupportedFormat;
            return;
        }
        const uint32_t tile_size = ttemu_api->cb_tile_size(cb);
        this->cb_ptr += uint32_t(tile_idx) * tile_size;
        if (this->cb_ptr + tile_size > MEM_L1_SIZE) {
            this->return_code = DPrintErrorBadPointer;
            return;
        }
        const uint8_t* tile = reinterpret_cast<const uint8_t*>(uintptr_t(this->cb_ptr));
        const uint32_t datum = dprint_datum_size(format);
        const bool bfp = is_bfp(format);
        uint32_t used = 0;
        for (uint32_t h = range.h0; h < range.h1; h += range.hs) {
            for (uint32_t w = range.w0; w < range.w1; w += range.ws) {
                const uint32_t need = bfp ? 2 : datum;
                if (used + need > uint32_t(MAX_BYTES)) return;  // full: the rest of the slice is not kept
                if (bfp) {
                    this->data[used++] = tile[exponent_index(h, w, untilize)];
                    this->data[used++] = bfp_field(format, tile + kNumFaces * kFaceDim, data_index(h, w, untilize));
                } else {
                    memcpy(this->data + used, tile + data_index(h, w, untilize) * datum, datum);
                    used += datum;
                }
                this->data_count++;
            }
        }
    }

    void print(TtemuDebugPrinter& out) const {
        char buf[128];
        const auto format = static_cast<DataFormat>(this->data_format);
        switch (this->return_code) {
            case DPrintOK:
                break;
            case DPrintErrorBadPointer:
                snprintf(buf, sizeof buf, "Tried printing %u: BAD TILE POINTER (ptr=%u, count=%u)\n", this->cb_id,
                         this->cb_ptr, this->data_count);
                out.Emit(buf, strlen(buf));
                return;
            case DPrintErrorUnsupportedFormat:
                snprintf(buf, sizeof buf, "Tried printing %u: Unsupported data format (%s)\n", this->cb_id,
                         ttemu_format_name(format));
                out.Emit(buf, strlen(buf));
                return;
            case DPrintErrorMath:
                out << "Warning: MATH core does not support TileSlice printing, omitting print...\n";
                return;
            default:
                return;
        }
        const SliceRange& r = this->slice_range;
        uint32_t i = 0;
        for (uint32_t h = r.h0; h < r.h1; h += r.hs) {
            for (uint32_t w = r.w0; w < r.w1; w += r.ws) {
                if (i >= this->data_count) {
                    snprintf(buf, sizeof buf, "<TileSlice data truncated due to exceeding max count (%u)>\n",
                             this->data_count);
                    out.Emit(buf, strlen(buf));
                    return;
                }
                print_value(out, format, i);
                if (w + r.ws < r.w1) out << " ";
                i++;
            }
            if (this->endl_rows) out << "\n";
        }
    }

private:
    void print_value(TtemuDebugPrinter& out, DataFormat format, uint32_t i) const {
        switch (format) {
            case DataFormat::Float16_b: {
                uint16_t v;
                memcpy(&v, this->data + 2 * i, 2);
                out << BF16(v);
                break;
            }
            case DataFormat::Float32: {
                float v;
                memcpy(&v, this->data + 4 * i, 4);
                out << v;
                break;
            }
            case DataFormat::Bfp4_b:
            case DataFormat::Bfp8_b: {
                const uint32_t bits = format == DataFormat::Bfp8_b ? 7 : 3;
                float v;
                const uint32_t u = ttemu_bfp::FromStored(this->data[2 * i + 1], this->data[2 * i], false, bits);
                memcpy(&v, &u, 4);
                out << v;
                break;
            }
            case DataFormat::Int8:
                out << int(int8_t(this->data[i]));
                break;
            case DataFormat::UInt8:
                out << unsigned(this->data[i]);
                break;
            case DataFormat::UInt16: {
                uint16_t v;
                memcpy(&v, this->data + 2 * i, 2);
                out << unsigned(v);
                break;
            }
            case DataFormat::Int32: {
                int32_t v;
                memcpy(&v, this->data + 4 * i, 4);
                out << int(v);
                break;
            }
            case DataFormat::UInt32: {
                uint32_t v;
                memcpy(&v, this->data + 4 * i, 4);
                out << unsigned(v);
                break;
            }
            default:
                break;
        }
    }
};

using TSLICE = TileSlice<64>;
