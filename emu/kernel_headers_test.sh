#!/bin/bash
# Each kernel-side header compiles on its own (after what the firmware wrapper provides, ttemu_firmware.h), as a
# kernel that includes only that header would; and the family headers together declare every operation once.
#   kernel_headers_test.sh --include DIR [--include DIR]... HEADER...
#     DIR: a folder of headers kernels share with host code (the profile's include/, holding hostdevcommon/, and the
#     one every profile shares)
set -uo pipefail
[ "${1:-}" = --include ] || { echo "usage: kernel_headers_test.sh --include DIR [--include DIR]... HEADER..." >&2; exit 2; }
shared=()
while [ "${1:-}" = --include ]; do
    shared+=(-I"$2")
    shift 2
done
dir=$(dirname "$1")  # any header's path: the folder is kernel_include/
while [ "$(basename "$dir")" != kernel_include ] && [ "$dir" != / ]; do dir=$(dirname "$dir"); done
[ -d "$dir" ] || { echo "FAIL: no kernel_include folder above $1" >&2; exit 1; }
work=${TEST_TMPDIR:-$(mktemp -d)}
# What the generated wrapper (emu/core/kernel_build.cc) defines before any header.
wrapper=(-DARCH_WORMHOLE=1 -DKERNEL_BUILD=1 -DNUM_DRAM_BANKS=12 -DIS_NOT_POW2_NUM_DRAM_BANKS=1 -DNUM_L1_BANKS=64
    -DLOG_BASE_2_OF_NUM_L1_BANKS=6 -include ttemu_firmware.h)
failed=0 count=0
for h in "$@"; do
    rel=${h#"$dir"/}
    count=$((count + 1))
    printf '#include "%s"\n' "$rel" >"$work/one.cpp"
    if ! g++ -std=c++17 -Werror -Wall -Wno-unused-function -Wno-unused-variable -fsyntax-only -I"$dir" "${shared[@]}" \
        "${wrapper[@]}" "$work/one.cpp" >"$work/out.txt" 2>&1; then
        echo "FAIL: $rel does not compile on its own:" >&2
        head -20 "$work/out.txt" >&2
        failed=1
    fi
done
# The whole API, both kinds of kernel, in one translation unit: nothing is defined twice.
printf '#include "ttemu_compute.h"\n#include "dataflow_api.h"\n' >"$work/all.cpp"
g++ -std=c++17 -fsyntax-only -I"$dir" "${shared[@]}" "${wrapper[@]}" "$work/all.cpp" >"$work/all.txt" 2>&1 ||
    { echo "FAIL: the whole compute API does not compile: $(head -5 "$work/all.txt")" >&2; failed=1; }
[ "$failed" = 0 ] || exit 1
echo "PASS: $count kernel headers compile on their own"
