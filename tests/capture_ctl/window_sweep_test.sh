#!/bin/bash
# Every single-threaded example program, with a window opening at several points (counted in calls, open to the
# end): each window's log must replay and verify. Catches snapshots that miss some kind of state.
#   window_sweep_test.sh LIBLTCAP LTPLAY PROGRAM...
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2")
shift 2
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
windows=0
for program in "$@"; do
    name=$(basename "$program")
    for start in 3 6 12 20 30 45; do
        rm -f "$work"/w.*.capnp
        LTCAP_LOG=quiet LTCAP_BOUNDARY=call LTCAP_RANGES=$start- LTCAP_OUTPUT=$work/w.w%w.capnp LD_PRELOAD=$shim \
            "$program" >"$work/out" 2>&1 || fail "$name, window from call $start: the program failed"
        [ -f "$work/w.w1.capnp" ] || continue  # the program makes fewer calls
        (cd "$work" && "$ltplay" -q "$work/w.w1.capnp") >"$work/replay" 2>&1 ||
            fail "$name, window from call $start: ltplay exit $?: $(head -c 400 "$work/replay")"
        windows=$((windows + 1))
    done
done
[ $windows -ge "${MIN_WINDOWS:-30}" ] || fail "only $windows windows were replayed"
echo "PASS: $windows windows replayed and verified"
