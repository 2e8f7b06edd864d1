#!/bin/bash
# ltcap trim --programs on every launch kind: for each program given, its log is captured, `ltcap info` counts its
# launches (calls that run a program or a trace — EnqueueProgram, detail::LaunchProgram, mesh workloads, mesh
# traces — as their description classes them, never by name), and the last launch is trimmed out: the trimmed log
# holds at least that launch, replays on its own in an empty folder and verifies. A launch past the last is refused
# (and any range, on a log without launches).
#   trim_launches_test.sh LTCAP PROGRAM...
set -uo pipefail
ltcap=$(realpath "$1")
shift
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
launches() { "$ltcap" info --json "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["launches"])'; }

for program in "$@"; do
    program=$(realpath "$program")
    name=$(basename "$program")
    log=$work/$name.capnp
    "$ltcap" capture -q -o "$log" -- "$program" >"$work/$name.run" 2>&1 || fail "$name: capture: $(cat "$work/$name.run")"
    n=$(launches "$log") || fail "$name: ltcap info --json"
    if [ "$n" -eq 0 ]; then  # a log of buffer traffic alone: any --programs range is refused
        "$ltcap" trim -q --programs 1- "$log" "$work/$name.none.capnp" >"$work/$name.none" 2>&1 &&
            fail "$name: --programs 1- on a log without launches was not refused"
        grep -q "has 0 program launches" "$work/$name.none" || fail "$name: refusal: $(cat "$work/$name.none")"
        echo "ok: $name: no launches, --programs refused"
        continue
    fi
    out=$work/$name.last.capnp
    "$ltcap" trim -q --programs "$n-$n" "$log" "$out" >"$work/$name.trim" 2>&1 ||
        fail "$name: trim --programs $n-$n: $(cat "$work/$name.trim")"
    [ "$(launches "$out")" -ge 1 ] || fail "$name: the trimmed log holds no launch"
    rm -rf "$work/alone" && mkdir "$work/alone" && cp "$out" "$work/alone/"
    (cd "$work/alone" && "$ltcap" replay -q "$(basename "$out")") >"$work/$name.replay" 2>&1 ||
        fail "$name: the trimmed log does not replay alone: $(cat "$work/$name.replay")"
    "$ltcap" trim -q --programs "$((n + 1))-" "$log" "$work/$name.none.capnp" >"$work/$name.none" 2>&1 &&
        fail "$name: launch $((n + 1)) of $n was not refused"
    grep -q "has $n program launches" "$work/$name.none" || fail "$name: refusal: $(cat "$work/$name.none")"
    echo "ok: $name: $n launches, the last trimmed out and replayed alone"
done
echo "PASS: trim --programs on every launch kind"
