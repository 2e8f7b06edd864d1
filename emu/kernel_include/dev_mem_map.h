// Wormhole's L1 memory map as tt-metal v0.56.0 defines it for kernels (dev_mem_map.h): L1 size, the mailbox and the
// zero-filled region firmware keeps. Of these addresses the emulator serves MEM_ZEROS: NOC reads of
// [MEM_ZEROS_BASE, MEM_ZEROS_BASE + MEM_ZEROS_SIZE) on any worker core return zeros, as kernels padding with
// `noc_async_read(get_noc_addr(MEM_ZEROS_BASE), dst, size)` expect. The rest of the firmware region is not
// addressable by kernels in the emulator (docs/emulator.md).
#pragma once

#define MEM_L1_BASE 0x0
#define MEM_L1_SIZE (1464 * 1024)
#define MEM_ETH_BASE 0x0
#define MEM_ETH_SIZE (256 * 1024 - 32)
#define MEM_LOCAL_BASE 0xFFB00000
#define MEM_BRISC_LOCAL_SIZE (4 * 1024)
#define MEM_NCRISC_LOCAL_SIZE (4 * 1024)
#define MEM_TRISC_LOCAL_SIZE (2 * 1024)
#define MEM_ZEROS_SIZE 512
#define MEM_BOOT_CODE_BASE 0
#define MEM_NOC_ATOMIC_RET_VAL_ADDR 4
#define MEM_L1_BARRIER 12
#define MEM_MAILBOX_BASE 16
#define MEM_MAILBOX_SIZE 12640
#define MEM_MAILBOX_END (MEM_MAILBOX_BASE + MEM_MAILBOX_SIZE)
#define MEM_ZEROS_BASE ((MEM_MAILBOX_END + 31) & ~31)
