// Wormhole NOC addressing (noc_parameters.h): a 64-bit NOC address is the 36-bit local address, then the
// destination's x and y (6 bits each) — for a multicast, the rectangle's end x, end y, start x, start y.
//   uint64_t addr = NOC_XY_ADDR(NOC_X(x), NOC_Y(y), l1_addr);
#pragma once

#include <stdint.h>

#define NOC_ADDR_LOCAL_BITS 36
#define NOC_ADDR_NODE_ID_BITS 6
#define NOC_PAYLOAD_WIDTH 256
#define NOC_WORD_BYTES (NOC_PAYLOAD_WIDTH / 8)
#define NOC_MAX_BURST_WORDS 256
#define NOC_MAX_BURST_SIZE (NOC_MAX_BURST_WORDS * NOC_WORD_BYTES)
#define NOC_WORD_OFFSET_MASK (NOC_WORD_BYTES - 1)
// The virtual channels writes use (the emulated NOC has no channels; kernels pass these through).
#define NOC_UNICAST_WRITE_VC 1
#define NOC_MULTICAST_WRITE_VC 4
#define MEM_DATA_WIDTH 128
#define MEM_WORD_BYTES (MEM_DATA_WIDTH / 8)
#define MEM_WORD_OFFSET_MASK (MEM_WORD_BYTES - 1)

#define NOC_NODE_ID_MASK ((((uint64_t)0x1) << NOC_ADDR_NODE_ID_BITS) - 1)
#define NOC_LOCAL_ADDR_MASK ((((uint64_t)0x1) << NOC_ADDR_LOCAL_BITS) - 1)
#define NOC_LOCAL_ADDR_OFFSET(addr) ((addr) & NOC_LOCAL_ADDR_MASK)
#define NOC_LOCAL_ADDR(addr) NOC_LOCAL_ADDR_OFFSET(addr)
#define NOC_UNICAST_ADDR_X(addr) (((addr) >> NOC_ADDR_LOCAL_BITS) & NOC_NODE_ID_MASK)
#define NOC_UNICAST_ADDR_Y(addr) (((addr) >> (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) & NOC_NODE_ID_MASK)
#define NOC_MCAST_ADDR_END_X(addr) (((addr) >> NOC_ADDR_LOCAL_BITS) & NOC_NODE_ID_MASK)
#define NOC_MCAST_ADDR_END_Y(addr) (((addr) >> (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) & NOC_NODE_ID_MASK)
#define NOC_MCAST_ADDR_START_X(addr) (((addr) >> (NOC_ADDR_LOCAL_BITS + 2 * NOC_ADDR_NODE_ID_BITS)) & NOC_NODE_ID_MASK)
#define NOC_MCAST_ADDR_START_Y(addr) (((addr) >> (NOC_ADDR_LOCAL_BITS + 3 * NOC_ADDR_NODE_ID_BITS)) & NOC_NODE_ID_MASK)

#define NOC_XY_ADDR(x, y, addr)                                                                                      \
    ((((uint64_t)(y)) << (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) | (((uint64_t)(x)) << NOC_ADDR_LOCAL_BITS) | \
     ((uint64_t)(addr)))
#define NOC_MULTICAST_ADDR(x_start, y_start, x_end, y_end, addr)                    \
    ((((uint64_t)(x_start)) << (NOC_ADDR_LOCAL_BITS + 2 * NOC_ADDR_NODE_ID_BITS)) | \
     (((uint64_t)(y_start)) << (NOC_ADDR_LOCAL_BITS + 3 * NOC_ADDR_NODE_ID_BITS)) | \
     (((uint64_t)(x_end)) << NOC_ADDR_LOCAL_BITS) |                                 \
     (((uint64_t)(y_end)) << (NOC_ADDR_LOCAL_BITS + NOC_ADDR_NODE_ID_BITS)) | ((uint64_t)(addr)))
#define NOC_COORD_REG_OFFSET 4
#define NOC_XY_ENCODING(x, y) \
    ((((uint32_t)(y)) << ((NOC_ADDR_LOCAL_BITS % 32) + NOC_ADDR_NODE_ID_BITS)) | (((uint32_t)(x)) << (NOC_ADDR_LOCAL_BITS % 32)))
#define NOC_MULTICAST_ENCODING(x_start, y_start, x_end, y_end)                                 \
    ((((uint32_t)(x_start)) << ((NOC_ADDR_LOCAL_BITS % 32) + 2 * NOC_ADDR_NODE_ID_BITS)) |     \
     (((uint32_t)(y_start)) << ((NOC_ADDR_LOCAL_BITS % 32) + 3 * NOC_ADDR_NODE_ID_BITS)) |     \
     (((uint32_t)(x_end)) << (NOC_ADDR_LOCAL_BITS % 32)) |                                     \
     (((uint32_t)(y_end)) << ((NOC_ADDR_LOCAL_BITS % 32) + NOC_ADDR_NODE_ID_BITS)))
#define NOC_XY_ADDR2(xy, addr) ((((uint64_t)(xy)) << NOC_ADDR_LOCAL_BITS) | ((uint64_t)(addr)))

// The grid's NOC size. Wormhole kernels address workers by translated coordinates, the same on both NOCs, so
// NOC_X / NOC_Y pass coordinates through; the _PHYS_COORD forms mirror them for NOC 1.
constexpr uint8_t noc_size_x = 10;
constexpr uint8_t noc_size_y = 12;
#define NOC_0_X(noc_index, noc_size_x, x) x
#define NOC_0_Y(noc_index, noc_size_y, y) y
#define NOC_0_X_PHYS_COORD(noc_index, noc_size_x, x) (noc_index == 0 ? (x) : (noc_size_x - 1 - (x)))
#define NOC_0_Y_PHYS_COORD(noc_index, noc_size_y, y) (noc_index == 0 ? (y) : (noc_size_y - 1 - (y)))
#define NOC_X(x) NOC_0_X(noc_index, noc_size_x, (x))
#define NOC_Y(y) NOC_0_Y(noc_index, noc_size_y, (y))
#define DYNAMIC_NOC_X(noc, x) NOC_0_X(noc, noc_size_x, (x))
#define DYNAMIC_NOC_Y(noc, y) NOC_0_Y(noc, noc_size_y, (y))
#define NOC_X_PHYS_COORD(x) NOC_0_X_PHYS_COORD(noc_index, noc_size_x, x)
#define NOC_Y_PHYS_COORD(y) NOC_0_Y_PHYS_COORD(noc_index, noc_size_y, y)

// Wormhole's NOC alignment rules, in bytes; each *_ALIGNMENT is the stricter of its read and write rule.
#define NOC_L1_READ_ALIGNMENT_BYTES 16
#define NOC_L1_WRITE_ALIGNMENT_BYTES 16
#define NOC_PCIE_READ_ALIGNMENT_BYTES 32
#define NOC_PCIE_WRITE_ALIGNMENT_BYTES 16
#define NOC_DRAM_READ_ALIGNMENT_BYTES 32
#define NOC_DRAM_WRITE_ALIGNMENT_BYTES 16
#define TTEMU_STRICTER(a, b) (static_cast<uint32_t>((a) >= (b) ? (a) : (b)))
#define L1_ALIGNMENT TTEMU_STRICTER(NOC_L1_READ_ALIGNMENT_BYTES, NOC_L1_WRITE_ALIGNMENT_BYTES)
#define PCIE_ALIGNMENT TTEMU_STRICTER(NOC_PCIE_READ_ALIGNMENT_BYTES, NOC_PCIE_WRITE_ALIGNMENT_BYTES)
#define DRAM_ALIGNMENT TTEMU_STRICTER(NOC_DRAM_READ_ALIGNMENT_BYTES, NOC_DRAM_WRITE_ALIGNMENT_BYTES)
