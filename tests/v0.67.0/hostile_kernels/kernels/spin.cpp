// Never returns.
void kernel_main() {
    for (volatile uint32_t i = 0;; i++) {
    }
}
