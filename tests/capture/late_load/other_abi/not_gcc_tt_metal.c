/* Stands in for a libtt_metal.so built another way (clang/libc++, another version): it is named like tt-metal but
 * defines none of the names the shim interposes. Loading it under the shim must be reported, not ignored. */
int tt_metal_built_with_another_abi(void) { return 0; }
int main(void) { return tt_metal_built_with_another_abi(); }
