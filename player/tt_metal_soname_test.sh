#!/bin/bash
# The players load tt-metal by the real library's soname, libtt_metal.so (tt-metal sets no VERSION or SOVERSION),
# so a real build on LD_LIBRARY_PATH or in an installed prefix is what they load — no link made by hand — and each
# emulated library carries that soname too.
#   tt_metal_soname_test.sh PLAYER LIBRARY [PLAYER LIBRARY ...]
set -uo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
[ $(( $# % 2 )) -eq 0 ] && [ $# -gt 0 ] || fail "usage: PLAYER LIBRARY pairs"
while [ $# -gt 0 ]; do
    player=$1 library=$2
    shift 2
    needed=$(readelf -d "$player" | sed -n 's/.*(NEEDED).*\[\(libtt_metal[^]]*\)\].*/\1/p')
    [ "$needed" = libtt_metal.so ] || fail "$(basename "$player") needs '${needed:-no libtt_metal}', not libtt_metal.so"
    soname=$(readelf -d "$library" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
    [ "$soname" = libtt_metal.so ] || fail "$library has soname '$soname', not libtt_metal.so"
    echo "$(basename "$player") needs libtt_metal.so; $library is libtt_metal.so"
done
echo PASS
