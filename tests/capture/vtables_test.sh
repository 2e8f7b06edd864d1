#!/bin/bash
# A mesh release's stand-in headers against the vtable layout kept from tt-metal's own headers of that release: the
# same slots in the same order, and not the other release's layout (so the comparison tells releases apart).
#   vtables_test.sh RELEASE KEPT OTHER_KEPT VTABLE_LAYOUT_SH
set -uo pipefail
release=$1 kept=$2 other=$3 script=$4
fail() { echo "FAIL: $*" >&2; exit 1; }
root=${TEST_SRCDIR:?}/${TEST_WORKSPACE:?}
now=$(mktemp)
trap 'rm -f "$now"' EXIT
bash "$script" --stand-in "$root" "$release" "$now" || fail "vtable_layout.sh failed on the $release stand-in"
diff -u "$kept" "$now" >&2 || fail "the $release stand-in's MeshDevice vtable differs from tt-metal $release's (above)"
cmp -s "$other" "$now" && fail "the $release layout equals the other release's: the comparison tells nothing"
echo "PASS: the $release stand-in lays out MeshDevice's $(grep -c . "$now") vtable slots as tt-metal $release's headers do"
