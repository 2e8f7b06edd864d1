// Divides by runtime arg 0.
#include <cstdint>

void kernel_main() {
    volatile uint32_t quotient = 1000u / get_arg_val<uint32_t>(0);
    (void)quotient;
}
