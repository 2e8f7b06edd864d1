#!/bin/bash
# The shim's exported names against the names tt-metal's own headers declare for the functions it interposes (a list
# produced from the real headers by scripts/abi_names_v067.sh and kept as test data): any name missing (a function
# the shim would not interpose on a real tt-metal) or extra (one no real tt-metal has) fails, one per line.
#   abi_names_test.sh SHIM NAMES_FILE
set -uo pipefail
shim=$1 names=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
exported=$(nm -D --defined-only "$shim" | awk '$2 ~ /^[A-Z]$/ {print $3}' | grep '^_Z' | sort)
expected=$(grep -v '^#' "$names" | sort)
[ "$(echo "$expected" | grep -c .)" -gt 40 ] || fail "$names holds too few names"
missing=$(comm -13 <(echo "$exported") <(echo "$expected"))
extra=$(comm -23 <(echo "$exported") <(echo "$expected"))
[ -z "$missing" ] || fail "tt-metal's headers declare these, the shim does not define them:"$'\n'"$(echo "$missing" | c++filt)"
[ -z "$extra" ] || fail "the shim exports these, tt-metal's headers declare no such function:"$'\n'"$(echo "$extra" | c++filt)"
echo "PASS: the shim's $(echo "$exported" | grep -c .) names are exactly those tt-metal's headers declare"
