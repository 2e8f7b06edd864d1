// tt-metal v0.67.0's experimental semaphore object (experimental/noc_semaphore.h): one of the program's
// semaphores, by id, on this core, raised, lowered, waited on and set locally or over a Noc (unicast to one core,
// multicast to a rectangle of cores).
//   experimental::Semaphore<> sem(0);  sem.up(noc, x, y, 1);  sem.wait(3);  sem.set_multicast(noc, x0, y0, x1, y1, n);
#pragma once

#include <stdint.h>

#include "experimental/noc.h"

namespace experimental {

template <ProgrammableCoreType core_type = ProgrammableCoreType::TENSIX>
class Semaphore {
public:
    explicit Semaphore(uint32_t semaphore_id) : local_l1_addr_(get_semaphore<core_type>(semaphore_id)) {}

    // Adds `value` to this core's copy.
    void up(uint32_t value) { *word() += value; }
    // Adds `value` to the copy on core (noc_x, noc_y), through `noc`.
    void up(const Noc& noc, uint32_t noc_x, uint32_t noc_y, uint32_t value, uint8_t vc = NOC_UNICAST_WRITE_VC) {
        noc_semaphore_inc(get_noc_addr(noc_x, noc_y, local_l1_addr_), value, noc.get_noc_id(), vc);
    }
    // Waits until this core's copy is at least `value`, then takes `value` off it.
    void down(uint32_t value) {
        noc_semaphore_wait_min(word(), value);
        *word() -= value;
    }
    // Waits until this core's copy is `value` (wait) or at least `value` (wait_min).
    void wait(uint32_t value) { noc_semaphore_wait(word(), value); }
    void wait_min(uint32_t value) { noc_semaphore_wait_min(word(), value); }
    // Sets this core's copy.
    void set(uint32_t value) { noc_semaphore_set(word(), value); }
    // Sets the copy on every core of the rectangle to this core's value (this core included with INCLUDE_SRC).
    template <Noc::McastMode mcast_mode = Noc::McastMode::EXCLUDE_SRC>
    void set_multicast(const Noc& noc, uint32_t noc_x_start, uint32_t noc_y_start, uint32_t noc_x_end,
                       uint32_t noc_y_end, uint32_t num_dests, bool linked = false) {
        const uint64_t mcast = get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end, local_l1_addr_,
                                                      noc.get_noc_id());
        if constexpr (mcast_mode == Noc::McastMode::INCLUDE_SRC)
            noc_semaphore_set_multicast_loopback_src(local_l1_addr_, mcast, num_dests, linked, true, noc.get_noc_id());
        else
            noc_semaphore_set_multicast(local_l1_addr_, mcast, num_dests, linked, true, noc.get_noc_id());
    }
    // Adds `value` to the copy on every other core of the rectangle.
    void inc_multicast(const Noc& noc, uint32_t noc_x_start, uint32_t noc_y_start, uint32_t noc_x_end,
                       uint32_t noc_y_end, uint32_t value, uint32_t num_dests) {
        noc_semaphore_inc_multicast(get_noc_multicast_addr(noc_x_start, noc_y_start, noc_x_end, noc_y_end,
                                                           local_l1_addr_, noc.get_noc_id()),
                                    value, num_dests, noc.get_noc_id());
    }

private:
    volatile uint32_t* word() const { return reinterpret_cast<volatile uint32_t*>(local_l1_addr_); }
    uint32_t local_l1_addr_;
};

}  // namespace experimental
