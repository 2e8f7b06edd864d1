#!/bin/bash
# Each of this profile's kernel API headers (api/…) compiles on its own, after what the firmware wrapper provides
# (ttemu_firmware.h), against the kernel include tree the library embeds: every file given is laid out by its path
# after "include/", later files over earlier ones, as BUILD.bazel's embed_kernel_headers lays them out.
#   kernel_headers_test.sh FILE...   (headers under kernel_include/api/ are the ones checked)
set -uo pipefail
work=${TEST_TMPDIR:-$(mktemp -d)}
tree=$work/include
rm -rf "$tree"
checked=()
for f in "$@"; do
    rel=${f#*include/}
    mkdir -p "$tree/$(dirname "$rel")"
    cp "$f" "$tree/$rel"
    case $rel in api/*.h) checked+=("$rel") ;; esac
done
wrapper=(-DARCH_WORMHOLE=1 -DKERNEL_BUILD=1 -DNUM_DRAM_BANKS=12 -DIS_NOT_POW2_NUM_DRAM_BANKS=1 -DNUM_L1_BANKS=64
    -DLOG_BASE_2_OF_NUM_L1_BANKS=6 -include ttemu_firmware.h)
failed=0
for rel in "${checked[@]}"; do
    printf '#include "%s"\n' "$rel" >"$work/one.cpp"
    if ! g++ -std=c++17 -Werror -Wall -Wno-unused-function -Wno-unused-variable -fsyntax-only -I"$tree" \
        "${wrapper[@]}" "$work/one.cpp" >"$work/out.txt" 2>&1; then
        echo "FAIL: $rel does not compile on its own:" >&2
        head -20 "$work/out.txt" >&2
        failed=1
    fi
done
[ "${#checked[@]}" -gt 0 ] || { echo "FAIL: no api/ headers given" >&2; exit 1; }
[ "$failed" = 0 ] || exit 1
echo "PASS: ${#checked[@]} kernel API headers compile on their own"
