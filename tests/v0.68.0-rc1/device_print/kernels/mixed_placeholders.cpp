// A format mixing an indexed and an automatic placeholder: refused when the kernel compiles.
#include "api/debug/device_print.h"

void kernel_main() { DEVICE_PRINT("{} and {0}\n", 1u); }
