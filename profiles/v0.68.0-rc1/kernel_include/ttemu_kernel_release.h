// The questions the shared kernel API (emu/kernel_include, and the api/ headers of profiles/v0.67.0/kernel_include
// that later releases build on) asks of the release whose kernels it compiles, answered for tt-metal v0.68.0-rc1. Each
// release's kernel headers hold their own copy of this file at the include root (a later release's over an earlier
// one's); a kernel header asks a TTEMU_KERNEL_* question, never a release name.
#pragma once

#define TTEMU_KERNEL_RELEASE "v0.68.0-rc1"
// get_semaphore() returns a uintptr_t (else a uint32_t).
#define TTEMU_KERNEL_SEMAPHORE_UINTPTR 1
// noc_inline_mcast_dw_write(): one word written to every core of a multicast rectangle.
#define TTEMU_KERNEL_INLINE_MCAST_DW_WRITE 1
// TensorAccessorArgs: the word after the config word is the buffer's aligned page size; TensorAccessor's page size
// defaults to it and get_aligned_page_size() returns it.
#define TTEMU_KERNEL_ALIGNED_PAGE_SIZE_ARG 1
// experimental::CoreLocalMem::scoped_lock(num_elements) (a guard held while the region is in use).
#define TTEMU_KERNEL_SCOPED_LOCK_SIZE 1
