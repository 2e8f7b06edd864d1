// Writes a word at a host address given in runtime args 0 (low) and 1 (high).
#include <cstdint>

void kernel_main() {
    const uint64_t address = uint64_t(get_arg_val<uint32_t>(0)) | uint64_t(get_arg_val<uint32_t>(1)) << 32;
    *reinterpret_cast<volatile uint32_t*>(address) = 0xdeadu;
}
