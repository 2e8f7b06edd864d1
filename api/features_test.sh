#!/bin/bash
# Shared code asks what the build's profile has, never which release it is: no source outside profiles/ tests a
# release macro (LTCAP_TT_METAL_V0…); every LTCAP_HAS_* one asks is defined — to 0 or 1 — by every profile's
# ltcap_profile.h (an undefined one would read as 0 and silently drop code); and each file that asks includes
# ltcap_profile.h itself, so the answer never depends on what happened to be included before.
#   features_test.sh PROFILE_HEADER... -- SOURCE...
set -uo pipefail
headers=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do headers+=("$1"); shift; done
shift
fail=0
problem() { echo "FAIL: $*" >&2; fail=1; }
[ ${#headers[@]} -ge 2 ] || problem "expected every profile's ltcap_profile.h, got ${#headers[@]}"
[ $# -gt 50 ] || problem "expected the shared sources, got $#"
for f in "$@"; do
    grep -nE '^\s*#\s*(if|ifdef|ifndef|elif).*LTCAP_TT_METAL_V0' "$f" | sed "s|^|$f:|" | while read -r l; do
        echo "FAIL: a release tested in shared code: $l" >&2
        echo x
    done | grep -q x && fail=1
done
asked=$(grep -ohE 'LTCAP_HAS_[A-Z0-9_]+' "$@" | sort -u)
[ -n "$asked" ] || problem "no LTCAP_HAS_* asked anywhere: the test reads the wrong files"
for h in "${headers[@]}"; do
    for feature in $asked; do
        grep -qE "^#define $feature [01]( |$)" "$h" || problem "$h does not answer $feature (0 or 1)"
    done
done
for f in $(grep -lE '#\s*if.*LTCAP_HAS_' "$@"); do
    grep -q '#include "ltcap_profile.h"' "$f" || problem "$f asks LTCAP_HAS_* without including ltcap_profile.h"
done
[ $fail = 0 ] || exit 1
echo "PASS: $(echo "$asked" | wc -l) features asked by $(grep -lE '#\s*if.*LTCAP_HAS_' "$@" | wc -l) shared files, answered by ${#headers[@]} profiles; no release tested"
