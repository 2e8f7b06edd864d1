#!/bin/bash
# Capturing ltplay while it replays a log yields a log with the same calls as the original (ltdump --no-times
# call lines; times, pids and paths are not part of them). The lines are compared in seq order: ltdump prints a
# call when its end is read, and whether a void call ends inside its entry or in a later Return entry depends on
# when the writer thread took the batch.
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") ltdump=$(realpath "$3") program=$4
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/original.capnp LD_PRELOAD=$shim "$program" >/dev/null 2>&1 || fail "capture"
(cd "$work" && LTCAP_LOG=quiet LTCAP_OUTPUT=$work/replayed.capnp LD_PRELOAD=$shim "$ltplay" -q original.capnp) || fail "replay under capture"
"$ltdump" --no-times "$work/original.capnp" | grep '^#' | sort -s -k1.2,1n >"$work/a.txt"
"$ltdump" --no-times "$work/replayed.capnp" | grep '^#' | sort -s -k1.2,1n >"$work/b.txt"
diff -u "$work/a.txt" "$work/b.txt" >&2 || fail "the replay's calls differ from the original's"
echo "PASS: $(wc -l <"$work/a.txt") calls, identical"
