#!/bin/bash
# The emulated libtt_metal.so of v0.67.0 defines every name a program built against tt-metal v0.67.0's own headers
# (with fmt 11.1.4 and nlohmann_json 3.11.3, as v0.67.0 pins them) imports for formatting and JSON, and for the
# experimental tensor API: the names
# scripts/abi_names_v067.sh --library read from those headers (real_library_imports.txt).
#   library_exports_test.sh LIBRARY NAMES
set -uo pipefail
library=$1 names=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -s "$names" ] || fail "$names is empty"
defined=$(nm -D --defined-only "$library" | awk '$2 ~ /^[TW]$/ {print $3}' | sort -u)
missing=$(comm -23 <(sort -u "$names") <(echo "$defined"))
[ -z "$missing" ] || fail "$(basename "$library") does not define $(echo "$missing" | wc -l) of the names: $(echo "$missing" | c++filt | head -5)"
echo "PASS: all $(sort -u "$names" | wc -l) names defined (fmt 11 formatters, nlohmann 3.11.3 JSON helpers, the experimental tensor API)"
