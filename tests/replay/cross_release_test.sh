#!/bin/bash
# Replay across releases: `ltcap replay --tt-metal RELEASE LOG` runs RELEASE's player on a log of another release
# (ltplay --cross-release), which replays it only if every call it holds is one RELEASE has; the first that is not is
# refused before anything runs (exit 2, naming the call) — a v0.56.0 log on v0.67.0 and a v0.67.0 log on v0.56.0
# alike — never a loader error. A player given another release's log without --cross-release names the way to;
# --tt-metal with the log's own release replays it as usual; an unknown release is refused.
# The crossing itself: a log whose header names v0.67.0 but whose calls are all v0.56.0's (a v0.56.0 log relabelled)
# replays on v0.56.0 with every read verified; a v0.67.0 log (PROGRAM_V067: kernels without TensorAccessorArgs)
# replays on v0.68.0-rc1 with every read verified. A kernel using TensorAccessorArgs (TA_PROGRAM_*), whose
# compile-time arguments v0.68.0-rc1 lays out otherwise, crosses both ways with every read verified, its words made
# again by the replaying release from what the log records of their making; a log that does not record them, or
# records words of an object the capture did not see made or of a buffer the log does not make, is refused naming the
# call that makes that kernel; a record naming words the args do not have is a bad log.
# `ltcap diff` across releases: the same program captured on v0.67.0 and on v0.68.0-rc1 compares alike, reads
# included; one read's data changed in the v0.68.0-rc1 log is found; the TensorAccessorArgs program's two runs differ
# where the releases' TensorAccessorArgs do, in the kernel's compile-time arguments.
#   cross_release_test.sh LTCAP LIBLTCAP_V056 PROGRAM_V056 LIBLTCAP_V067 PROGRAM_V067 LTPLAY_V067 LIBTT_METAL_V067
#                         LOG_EDIT LIBLTCAP_V068 PROGRAM_V068 LIBTT_METAL_V068 TA_PROGRAM_V067 TA_PROGRAM_V068
set -uo pipefail
ltcap=$(realpath "$1") shim56=$(realpath "$2") program56=$(realpath "$3") shim67=$(realpath "$4")
program67=$(realpath "$5") ltplay67=$(realpath "$6") lib67=$(dirname "$(realpath "$7")") edit=$(realpath "$8")
shim68=$(realpath "$9") program68=$(realpath "${10}") lib68=$(dirname "$(realpath "${11}")")
ta67=$(realpath "${12}") ta68=$(realpath "${13}")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_LOG=quiet LTCAP_OUTPUT=$work/v056.capnp LD_PRELOAD=$shim56 "$program56" >/dev/null 2>&1 || fail "capture v0.56.0"
LD_LIBRARY_PATH=$lib67 LTCAP_LOG=quiet LTCAP_OUTPUT=$work/v067.capnp LD_PRELOAD=$shim67 "$program67" >/dev/null 2>&1 ||
    fail "capture v0.67.0"

refused() {  # LOG RELEASE: the first call of LOG, named as the one RELEASE lacks
    local log=$1 release=$2 from=$3
    first=$("$ltcap" dump --no-times "$log" | grep -m1 "^#" | sed 's/^#\([0-9]*\) \[t[0-9]*\] \([A-Za-z0-9]*\)(.*/\1 \2/')
    "$ltcap" replay --tt-metal "$release" "$log" >"$work/out" 2>&1
    status=$?
    [ $status -eq 2 ] || fail "$from log on $release: exit $status, expected 2: $(cat "$work/out")"
    grep -q "^ltplay: call #${first% *} ${first#* } is a tt-metal $from call that tt-metal $release does not have: the log cannot replay on $release" "$work/out" ||
        fail "$from log on $release: the first call ($first) is not named: $(cat "$work/out")"
    grep -qE "calls replayed|undefined symbol|error while loading" "$work/out" && fail "$from log on $release: $(cat "$work/out")"
    echo "ok: $(cat "$work/out")"
}
refused "$work/v056.capnp" v0.67.0 v0.56.0
refused "$work/v067.capnp" v0.56.0 v0.67.0
refused "$work/v056.capnp" v0.68.0-rc1 v0.56.0

# v0.68.0-rc1 declares every call v0.67.0's description lists as v0.67.0 does: a v0.67.0 log replays on it, every read
# verified (its kernels compiled from the log's sources: the builds it carries are v0.67.0's), unless a kernel uses
# what the two kernel APIs mean otherwise.
"$ltcap" replay --tt-metal v0.68.0-rc1 "$work/v067.capnp" >"$work/out" 2>&1 ||
    fail "a v0.67.0 log on v0.68.0-rc1: exit $?: $(cat "$work/out")"
grep -qE "calls replayed, [1-9][0-9]* reads checked, 0 mismatches; .* verified$" "$work/out" ||
    fail "a v0.67.0 log on v0.68.0-rc1: $(cat "$work/out")"
echo "ok: a v0.67.0 log on v0.68.0-rc1: $(tail -1 "$work/out")"

LD_LIBRARY_PATH=$lib67 LTCAP_LOG=quiet LTCAP_OUTPUT=$work/ta067.capnp LD_PRELOAD=$shim67 "$ta67" >/dev/null 2>&1 ||
    fail "capture the TensorAccessorArgs program on v0.67.0"
LD_LIBRARY_PATH=$lib68 LTCAP_LOG=quiet LTCAP_OUTPUT=$work/ta068.capnp LD_PRELOAD=$shim68 "$ta68" >/dev/null 2>&1 ||
    fail "capture the TensorAccessorArgs program on v0.68.0-rc1"
make=$("$ltcap" dump --no-times "$work/ta067.capnp" | grep -m1 "^#[0-9]* .*createKernel(" | sed 's/^#\([0-9]*\).*/\1/')
[ -n "$make" ] || fail "no createKernel call in the TensorAccessorArgs program's log"
# The capture recorded which compile-time words each TensorAccessorArgs appended, for which buffer.
"$ltcap" dump --no-times "$work/ta067.capnp" | grep "^#$make " | grep -qE "args=\[2, 0\] accessors=\[0\+1:buffer#[0-9]+, 1\+1:buffer#[0-9]+\]" ||
    fail "v0.67.0's createKernel does not record its TensorAccessorArgs: $("$ltcap" dump --no-times "$work/ta067.capnp" | grep "^#$make ")"
"$ltcap" dump --no-times "$work/ta068.capnp" | grep "^#$make " | grep -qE "args=\[2, 1024, 0, 1024\] accessors=\[0\+2:buffer#[0-9]+, 2\+2:buffer#[0-9]+\]" ||
    fail "v0.68.0-rc1's createKernel does not record its TensorAccessorArgs: $("$ltcap" dump --no-times "$work/ta068.capnp" | grep "^#$make ")"
# So those words cross, made again by the replaying release's TensorAccessorArgs: both ways, every read verified.
crosses() {  # LOG RELEASE
    "$ltcap" replay --tt-metal "$2" "$1" >"$work/out" 2>&1 || fail "$(basename "$1") on $2: exit $?: $(cat "$work/out")"
    grep -qE "calls replayed, [1-9][0-9]* reads checked, 0 mismatches; .* verified$" "$work/out" ||
        fail "$(basename "$1") on $2: $(cat "$work/out")"
    echo "ok: $(basename "$1") on $2: $(tail -1 "$work/out")"
}
crosses "$work/ta067.capnp" v0.68.0-rc1
crosses "$work/ta068.capnp" v0.67.0
# A log that does not record them (format 17 and before, here the record taken out) is refused naming the call, in
# either direction; so is one whose words came from an object the capture did not see made.
blocked() {  # LOG RELEASE FROM WHY
    "$ltcap" replay --tt-metal "$2" "$1" >"$work/out" 2>&1
    status=$?
    [ $status -eq 2 ] && grep -qE "^ltplay: call #$make createKernel: kernel [a-z_]+\.cpp uses TensorAccessorArgs, which differs between tt-metal v0.67.0 and v0.68.0-rc1 \(its compile-time arguments .*\); $4: the log cannot replay on $2" "$work/out" ||
        fail "a $3 TensorAccessorArgs kernel on $2: exit $status: $(cat "$work/out")"
    grep -q "calls replayed" "$work/out" && fail "the refused log ran: $(cat "$work/out")"
    echo "ok: $(cat "$work/out")"
}
"$edit" "$work/ta067.capnp" "$work/ta067_none.capnp" --accessor "$make" none 0 || fail "log_edit --accessor none"
blocked "$work/ta067_none.capnp" v0.68.0-rc1 v0.67.0 "its source reads 2 and the log records the making of 0 \(a log of format 18 or later records them\)"
"$edit" "$work/ta068.capnp" "$work/ta068_none.capnp" --accessor "$make" none 0 || fail "log_edit --accessor none"
blocked "$work/ta068_none.capnp" v0.67.0 v0.68.0-rc1 "its source reads 2 and the log records the making of 0 .*"
"$edit" "$work/ta067.capnp" "$work/ta067_copy.capnp" --accessor "$make" known 0 || fail "log_edit --accessor known"
blocked "$work/ta067_copy.capnp" v0.68.0-rc1 v0.67.0 "the words at compile-time argument 0 come from a TensorAccessorArgs the capture did not see made \(a copy\?\)"
# Within a release the record is not used: the recorded words replay as they are.
"$ltcap" replay "$work/ta067_copy.capnp" >"$work/out" 2>&1 || fail "ta067_copy.capnp on v0.67.0: $(cat "$work/out")"
# A record naming another buffer than the one whose words they are (here the L1 buffer for the DRAM one's): the config
# word the replaying release makes for it differs from the recorded one, and the replay stops there, naming the call.
second=$("$ltcap" dump --no-times "$work/ta067.capnp" | grep "^#$make " | sed -n 's/.*accessors=\[0+1:buffer#[0-9]*, 1+1:buffer#\([0-9]*\)\].*/\1/p')
[ -n "$second" ] || fail "no second TensorAccessorArgs buffer in call #$make"
"$edit" "$work/ta067.capnp" "$work/ta067_other.capnp" --accessor "$make" buffer "$second" || fail "log_edit --accessor buffer"
"$ltcap" replay --tt-metal v0.68.0-rc1 "$work/ta067_other.capnp" >"$work/out" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "call #$make createKernel.*the TensorAccessorArgs words at compile-time argument 0 (config word 2) are not those of buffer#$second (config word 0): the record does not match them" "$work/out" ||
    fail "a record naming the other buffer: exit $status: $(cat "$work/out")"
echo "ok: $(tail -1 "$work/out")"
# A record past the args is a bad log; one naming a buffer the log does not make cannot cross (a window log may lack
# freed buffers): both exit 2 naming the call, --check included.
"$edit" "$work/ta067.capnp" "$work/ta067_far.capnp" --accessor "$make" count 7 || fail "log_edit --accessor count"
"$edit" "$work/ta067.capnp" "$work/ta067_gone.capnp" --accessor "$make" buffer 999 || fail "log_edit --accessor buffer"
for bad in far gone; do
    "$ltcap" replay --tt-metal v0.68.0-rc1 --check "$work/ta067_$bad.capnp" >"$work/out" 2>&1
    status=$?
    [ $status -eq 2 ] && grep -q "call #$make" "$work/out" || fail "ta067_$bad.capnp --check: exit $status: $(cat "$work/out")"
    echo "ok: $(tail -1 "$work/out")"
done
"$ltcap" diff "$work/ta067.capnp" "$work/ta068.capnp" >"$work/out" 2>&1
[ $? -eq 1 ] && grep -q "#$make" "$work/out" ||
    fail "the TensorAccessorArgs program's runs on v0.67.0 and v0.68.0-rc1 do not differ at #$make: $(cat "$work/out")"
echo "ok: ltcap diff finds the releases' TensorAccessorArgs apart: $(grep -m1 "#$make" "$work/out")"

# The same program captured on v0.68.0-rc1: ltcap diff compares both runs, reads included (the bisect use case).
LD_LIBRARY_PATH=$lib68 LTCAP_LOG=quiet LTCAP_OUTPUT=$work/v068.capnp LD_PRELOAD=$shim68 "$program68" >/dev/null 2>&1 ||
    fail "capture v0.68.0-rc1"
"$ltcap" diff "$work/v067.capnp" "$work/v068.capnp" >"$work/out" 2>&1 || fail "v0.67.0 and v0.68.0-rc1 differ: $(cat "$work/out")"
grep -q "^A follows tt-metal v0.67.0, B v0.68.0-rc1$" "$work/out" || fail "the releases are not named: $(cat "$work/out")"
grep -qE "are alike: [0-9]+ calls, [1-9][0-9]* reads compared" "$work/out" || fail "no read compared: $(cat "$work/out")"
read=$("$ltcap" dump --no-times "$work/v068.capnp" | grep -m1 "^#[0-9]* .*Read" | sed 's/^#\([0-9]*\).*/\1/')
[ -n "$read" ] || fail "no read call in the v0.68.0-rc1 log"
"$edit" "$work/v068.capnp" "$work/v068_read.capnp" --read-payload "$read" 8 || fail "log_edit --read-payload"
"$ltcap" diff "$work/v067.capnp" "$work/v068_read.capnp" >"$work/out" 2>&1
[ $? -eq 1 ] && grep -qE "^  A #[0-9]+ / B #$read " "$work/out" || fail "a changed read across releases: $(cat "$work/out")"
echo "ok: ltcap diff across releases: $(grep -m1 '^  A #' "$work/out")"

# Without --cross-release, a player names the way to.
LD_LIBRARY_PATH=$lib67 "$ltplay67" "$work/v056.capnp" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -q "or here with --cross-release (\`ltcap replay --tt-metal v0.67.0\`)" "$work/out" ||
    fail "ltplay_v067 on a v0.56.0 log: $(cat "$work/out")"
# The log's own release: a replay as any other.
"$ltcap" replay --tt-metal v0.56.0 "$work/v056.capnp" >"$work/out" 2>&1 || fail "--tt-metal v0.56.0 on its own log: $(cat "$work/out")"
grep -q ", 0 mismatches; " "$work/out" || fail "--tt-metal v0.56.0: $(cat "$work/out")"
"$ltcap" replay --tt-metal=v0.67.0 "$work/v067.capnp" >"$work/out" 2>&1 || fail "--tt-metal=v0.67.0: $(cat "$work/out")"
"$ltcap" replay --tt-metal v9.9 "$work/v056.capnp" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -q "ltcap speaks tt-metal v0.56.0, v0.67.0, v0.68.0-rc1" "$work/out" || fail "an unknown release: $(cat "$work/out")"
"$edit" "$work/v056.capnp" "$work/relabelled.capnp" --release v0.67.0 || fail "log_edit --release"
"$ltcap" replay --tt-metal v0.56.0 "$work/relabelled.capnp" >"$work/out" 2>&1 ||
    fail "a log of v0.56.0's calls labelled v0.67.0 does not cross to v0.56.0: $(cat "$work/out")"
grep -qE "calls replayed, 2 reads checked, 0 mismatches; .* verified$" "$work/out" || fail "crossing: $(cat "$work/out")"
"$ltcap" replay "$work/relabelled.capnp" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -q "call #1 createDevice is a tt-metal v0.67.0 call that tt-metal v0.67.0 does not have" "$work/out" &&
    fail "the relabelled log is not taken for a v0.67.0 log by default: $(cat "$work/out")"
echo "ok: a log whose calls this release has crosses: $(tail -1 "$work/out")"
echo PASS
