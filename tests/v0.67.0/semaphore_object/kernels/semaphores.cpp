// v0.67.0's experimental::Semaphore on a row of three cores. Core 0 (the leader, runtime arg 2 = 1) sets its copy
// to 5 and multicasts it to the row (set_multicast, itself left out), adds 3 to the others' copies (inc_multicast),
// then waits for each follower's up() over the NOC (wait_min 7) and takes 2 off (down). Each follower waits for 8,
// then adds 1 to the leader's copy. Every core then writes its copy's value to page (runtime arg 3) of the DRAM
// buffer at runtime arg 0, through circular buffer 0. Runtime arg 1: the leader's NOC x | y << 16; args 4-7: the
// row's NOC rectangle (x0, y0, x1, y1).
#include <cstdint>

#include "experimental/noc_semaphore.h"

void kernel_main() {
    const uint32_t out_addr = get_arg_val<uint32_t>(0);
    const uint32_t leader_xy = get_arg_val<uint32_t>(1);
    const bool leader = get_arg_val<uint32_t>(2) != 0;
    const uint32_t page = get_arg_val<uint32_t>(3);
    const uint32_t x0 = get_arg_val<uint32_t>(4), y0 = get_arg_val<uint32_t>(5);
    const uint32_t x1 = get_arg_val<uint32_t>(6), y1 = get_arg_val<uint32_t>(7);
    experimental::Noc noc;
    experimental::Semaphore<> sem(0);
    if (leader) {
        sem.set(5);
        sem.set_multicast(noc, x0, y0, x1, y1, 2);
        sem.inc_multicast(noc, x0, y0, x1, y1, 3, 2);
        sem.wait_min(7);
        sem.down(2);
    } else {
        sem.wait(8);
        sem.up(noc, leader_xy & 0xffff, leader_xy >> 16, 1);
    }
    cb_reserve_back(0, 1);
    *reinterpret_cast<volatile uint32_t*>(get_write_ptr(0)) =
        *reinterpret_cast<volatile uint32_t*>(get_semaphore(0));
    constexpr auto out_args = TensorAccessorArgs<0>();
    const auto out = TensorAccessor(out_args, out_addr, 32);
    noc_async_write_page(page, out, get_write_ptr(0));
    noc_async_write_barrier();
}
