// Writes its first runtime arg into the first word of the DRAM buffer whose address is its second arg.
#include "dataflow_api.h"

void kernel_main() {
    const uint32_t value = get_arg_val<uint32_t>(0);
    const uint32_t dst = get_arg_val<uint32_t>(1);
    volatile uint32_t* scratch = reinterpret_cast<volatile uint32_t*>(get_write_ptr(0));
    scratch[0] = value;
    noc_async_write(get_write_ptr(0), get_noc_addr_from_bank_id<true>(0, dst), 4);
    noc_async_write_barrier();
}
