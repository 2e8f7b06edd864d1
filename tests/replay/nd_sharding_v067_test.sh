#!/bin/bash
# N-D sharded mesh buffers (v0.67.0's BufferDistributionSpec) as hostile input: tests/v0.67.0/tensor_accessor is
# captured (its N-D sharded buffers recorded with their specs), then its first N-D spec is edited — a shard with an
# empty dimension, a tensor of 2^32 pages or more — and `ltplay_v067 --check` refuses each (exit 2, one line naming
# the call and the argument) before tt-metal is given a spec; the unedited log checks out.
#   nd_sharding_v067_test.sh TENSOR_ACCESSOR LIBLTCAP_V067 LTPLAY_V067 LTDUMP LOG_EDIT
set -uo pipefail
program=$(realpath "$1") shim=$(realpath "$2") player=$(realpath "$3") ltdump=$(realpath "$4") log_edit=$(realpath "$5")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LD_PRELOAD=$shim LTCAP_OUTPUT=$work/log.capnp "$program" >"$work/program.out" 2>&1 || fail "the program failed: $(tail -3 "$work/program.out")"
"$ltdump" --no-times "$work/log.capnp" >"$work/dump" || fail "ltdump exit $?"
s=$(sed -n 's/^#\([0-9]*\) \[t[0-9]*\] meshBufferCreate(.* nd=3x5\/2x2 pages on 3 cores.*/\1/p' "$work/dump" | head -1)
[ -n "$s" ] || fail "no N-D sharded mesh buffer recorded with its spec: $(grep meshBufferCreate "$work/dump" | head -3)"
"$player" --check "$work/log.capnp" >/dev/null 2>&1 || fail "the unedited log does not check out"
refused() {  # NAME MESSAGE
    status=0
    out=$("$player" --check "$work/$1.capnp" 2>&1) || status=$?
    [ "$status" -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] &&
        echo "$out" | grep -qE "call #$s meshBufferCreate: argument device_local_layout: .*$2" ||
        fail "$1: exit $status: $out"
    echo "ok: $1: $out"
}
"$log_edit" "$work/log.capnp" "$work/empty.capnp" --distribution "$s" 1 shard 1 0 || fail "log_edit"
refused empty "whose shards have an empty dimension"
"$log_edit" "$work/log.capnp" "$work/huge.capnp" --distribution "$s" 1 tensor 0 4294967295 || fail "log_edit"
refused huge "tensor shape has 2\^32 pages or more"
echo "PASS: N-D distribution specs recorded and checked before the replay uses them"
