// What the debug-print server and kernels' DPRINT agree on (v0.56.0): per-RISC buffer sizes, the type ids of printed
// items, the tile-slice record and which data formats a tile slice can show. The emulator prints straight from the
// kernel (debug/dprint.h), but kernels and host tools name these types and helpers.
//   DPRINT << TSLICE(tt::CBIndex::c_0, 0, SliceRange::hw0_32_8()) << ENDL();
#pragma once

#include <cstddef>
#include <cstdint>

#if !defined(KERNEL_BUILD) && !defined(FW_BUILD)
#include <tt-metalium/tt_backend_api_types.hpp>
typedef tt::DataFormat CommonDataFormat;
#else
#include "ttemu_data_format.h"
typedef DataFormat CommonDataFormat;
#endif

constexpr static std::uint32_t DPRINT_BUFFER_SIZE = 204;  // bytes per RISC
#if defined(COMPILE_FOR_ERISC) || defined(COMPILE_FOR_IDLE_ERISC)
constexpr static std::uint32_t DPRINT_BUFFERS_COUNT = 1;
#else
constexpr static std::uint32_t DPRINT_BUFFERS_COUNT = 5;
#endif

enum DebugPrintHartIndex : unsigned int {
    DPRINT_RISCV_INDEX_NC = 0,
    DPRINT_RISCV_INDEX_TR0 = 1,
    DPRINT_RISCV_INDEX_TR1 = 2,
    DPRINT_RISCV_INDEX_TR2 = 3,
    DPRINT_RISCV_INDEX_BR = 4,
    DPRINT_RISCV_INDEX_ER = 0,
    DPRINT_RISCV_INDEX_ER1 = 1,
};
#define DPRINT_NRISCVS 5
#define DPRINT_NRISCVS_ETH 1

// Type ids of the items a kernel writes into its print buffer, in the server's order.
enum DPrintTypeID : std::uint8_t {
    DPrintCSTR, DPrintENDL, DPrintSETW, DPrintUINT8, DPrintUINT16, DPrintUINT32, DPrintUINT64, DPrintINT8,
    DPrintINT16, DPrintINT32, DPrintINT64, DPrintFLOAT32, DPrintCHAR, DPrintRAISE, DPrintWAIT, DPrintBFLOAT16,
    DPrintSETPRECISION, DPrintFIXED, DPrintDEFAULTFLOAT, DPrintHEX, DPrintOCT, DPrintDEC, DPrintTILESLICE,
    DPrintU32_ARRAY, DPrintTYPED_U32_ARRAY,
    DPrintTypeID_Count,
};
static_assert(DPrintTypeID_Count < 64, "dprint type ids must fit in six bits");

constexpr std::uint32_t DEBUG_PRINT_SERVER_STARTING_MAGIC = 0x98989898;
constexpr std::uint32_t DEBUG_PRINT_SERVER_DISABLED_MAGIC = 0xf8f8f8f8;

#define ATTR_PACK __attribute__((packed))

// One RISC's print buffer: write and read positions, the core it belongs to, then the items.
struct DebugPrintMemLayout {
    struct Aux {
        std::uint32_t wpos;
        std::uint32_t rpos;
        std::uint16_t core_x;
        std::uint16_t core_y;
    } aux ATTR_PACK;
    std::uint8_t data[DPRINT_BUFFER_SIZE - sizeof(Aux)];
    static std::size_t rpos_offs() { return offsetof(DebugPrintMemLayout::Aux, rpos) + offsetof(DebugPrintMemLayout, aux); }
} ATTR_PACK;
static_assert(sizeof(DebugPrintMemLayout) == DPRINT_BUFFER_SIZE);

// Which elements of a 32x32 tile a tile slice shows: rows h0 ≤ h < h1 every hs, columns w0 ≤ w < w1 every ws.
struct SliceRange {
    std::uint8_t h0, h1, hs, w0, w1, ws;
    static inline SliceRange hw0_32_16() { return {0, 32, 16, 0, 32, 16}; }
    static inline SliceRange hw0_32_8() { return {0, 32, 8, 0, 32, 8}; }
    static inline SliceRange hw0_32_4() { return {0, 32, 4, 0, 32, 4}; }
    static inline SliceRange h0_w0_32() { return {0, 1, 1, 0, 32, 1}; }
    static inline SliceRange h0_32_w0() { return {0, 32, 1, 0, 1, 1}; }
    static inline SliceRange h0_32_w1() { return {0, 32, 1, 1, 2, 1}; }
    static inline SliceRange hw041() { return {0, 4, 1, 0, 4, 1}; }
} ATTR_PACK;

// The tile-slice record a kernel sends: where the tile was, what was sampled, and up to MAX_BYTES of data.
template <int MAX_BYTES = 0>
struct TileSliceHostDev {
    std::uint32_t cb_ptr;
    struct SliceRange slice_range;
    std::uint8_t cb_id;
    std::uint8_t data_format;
    std::uint8_t data_count;
    std::uint8_t endl_rows;
    std::uint8_t return_code;
    std::uint8_t pad;
    std::uint8_t data[MAX_BYTES];
} ATTR_PACK;

enum dprint_tileslice_return_code_enum {
    DPrintOK = 2,
    DPrintErrorBadTileIdx = 3,
    DPrintErrorBadPointer = 4,
    DPrintErrorUnsupportedFormat = 5,
    DPrintErrorMath = 6,
    DPrintErrorEthernet = 7,
};

enum TypedU32_ARRAY_Format {
    TypedU32_ARRAY_Format_INVALID,
    TypedU32_ARRAY_Format_Raw,
    TypedU32_ARRAY_Format_Tensix_Config_Register_Data_Format_Type,
    TypedU32_ARRAY_Format_COUNT,
};

// Bytes one printed datum of `format` takes in a tile slice (block-float mantissas round up to one byte).
static inline constexpr std::uint32_t dprint_datum_size(const CommonDataFormat& format) {
    switch (format) {
        case CommonDataFormat::Bfp2: case CommonDataFormat::Bfp2_b: case CommonDataFormat::Bfp4:
        case CommonDataFormat::Bfp4_b: case CommonDataFormat::Bfp8: case CommonDataFormat::Bfp8_b:
        case CommonDataFormat::Int8: case CommonDataFormat::Lf8: case CommonDataFormat::UInt8: return 1;
        case CommonDataFormat::Float16: case CommonDataFormat::Float16_b: case CommonDataFormat::UInt16: return 2;
        case CommonDataFormat::Float32: case CommonDataFormat::UInt32: case CommonDataFormat::Int32: return 4;
        default: return 0;
    }
}

static inline constexpr bool is_bfp(const CommonDataFormat& format) {
    switch (format) {
        case CommonDataFormat::Bfp2: case CommonDataFormat::Bfp2_b: case CommonDataFormat::Bfp4:
        case CommonDataFormat::Bfp4_b: case CommonDataFormat::Bfp8: case CommonDataFormat::Bfp8_b: return true;
        default: return false;
    }
}

// The formats a tile slice can print: the _b block floats, Float16_b, Float32 and the integers.
static inline constexpr bool is_supported_format(const CommonDataFormat& format) {
    switch (format) {
        case CommonDataFormat::Bfp4_b: case CommonDataFormat::Bfp8_b: case CommonDataFormat::Float16_b:
        case CommonDataFormat::Float32: case CommonDataFormat::Int8: case CommonDataFormat::UInt8:
        case CommonDataFormat::UInt16: case CommonDataFormat::UInt32: case CommonDataFormat::Int32: return true;
        default: return false;
    }
}
