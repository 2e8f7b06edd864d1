#!/bin/bash
# Logs that parse cleanly but whose values would have the replay misuse memory or skip checks, each made by editing
# a real capture (tests/replay/log_edit.cc):
#   1. reads own their memory until the device is done: nonblocking_io replayed with --calls stopping right after
#      each non-blocking read, cut (as kill -9 leaves it) right after each, and with each read's blocking flag
#      flipped — under AddressSanitizer, several runs each: no report; a cut log exits 2 saying so, the others
#      replay with every read they reach checked;
#   2. a read whose pieces name one shard twice (mesh_sharded's all-shards read) is refused by --check and by the
#      replay, exit 2 naming the call — never "verified" with a shard left unchecked;
#   3. core ranges no device has (65 535 or 2^30 cores) in CreateKernel, SetRuntimeArgs and CreateSemaphore are
#      refused by --check and the replay, exit 2 naming the call, before tt-metal enumerates them;
#   4. kernel files: two kernels giving one TT_METAL_HOME file different contents, and a kernel path climbing out of
#      its folder in a later kernel, are refused by --check before anything runs, as the replay refuses them; a
#      file name holding escape sequences (C0, or C1 controls as UTF-8) is printed escaped by ltplay and ltdump,
#      never raw to the terminal.
#   edited_values_test.sh LIBLTCAP LTPLAY LTPLAY_ASAN LTDUMP LOG_EDIT NONBLOCKING_IO MESH_SHARDED ELTWISE_BINARY
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") ltplay_asan=$(realpath "$3") ltdump=$(realpath "$4")
edit=$(realpath "$5") nonblocking=$6 sharded=$7 eltwise=$8
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
fail() { echo "FAIL: $*" >&2; exit 1; }
capture() { LTCAP_LOG=quiet LTCAP_COMPRESS=0 LTCAP_OUTPUT=$work/$1.capnp LD_PRELOAD=$shim "$2" >/dev/null 2>&1 || fail "capturing $1"; }
# The calls to FUNCTION in LOG whose line matches PATTERN, by seq.
seqs_of() { "$ltdump" --no-times "$1" | grep -E "^#[0-9]+ .*$2\(.*$3" | sed 's/^#\([0-9]*\) .*/\1/'; }
# Runs ltplay under the sanitizers on LOG with OPTIONS; sets $status, keeps stderr in $work/err.
play_asan() {
    local log=$1
    shift
    (cd "$work" && timeout 120 "$ltplay_asan" "$@" "$log") >"$work/out" 2>"$work/err"
    status=$?
    grep -qE "^(==[0-9]+==ERROR|SUMMARY: (Address|UndefinedBehavior)Sanitizer)|runtime error:" "$work/err" &&
        fail "$(basename "$log") $*: sanitizer report: $(grep -A12 ERROR "$work/err" | head -30)"
    return 0
}

# ---- 1. Reads in flight
capture nb "$nonblocking"
mapfile -t reads < <(seqs_of "$work/nb.capnp" "enqueueRead(Sub)?Buffer" "blocking=false")
[ ${#reads[@]} -ge 3 ] || fail "nonblocking_io makes ${#reads[@]} non-blocking reads, expected at least 3"
mapfile -t all_reads < <(seqs_of "$work/nb.capnp" "enqueueRead(Sub)?Buffer" "")
play_asan "$work/nb.capnp" -q
[ $status -eq 0 ] || fail "the unedited log: exit $status: $(cat "$work/err")"
for seq in "${reads[@]}"; do
    for run in 1 2 3; do
        play_asan "$work/nb.capnp" --calls "-$seq"
        [ $status -eq 0 ] || fail "--calls -$seq (run $run): exit $status: $(cat "$work/err")"
    done
    "$edit" "$work/nb.capnp" "$work/cut.capnp" --cut-after "$seq" || fail "log_edit --cut-after $seq"
    for run in 1 2 3; do
        play_asan "$work/cut.capnp"
        [ $status -eq 2 ] || fail "cut after #$seq (run $run): exit $status, expected 2: $(cat "$work/err")"
        grep -q "is incomplete .*only the calls before the cut were replayed" "$work/err" ||
            fail "cut after #$seq: the replay does not say the log was cut: $(cat "$work/err")"
    done
    echo "ok: non-blocking read #$seq: --calls -$seq and a cut after it, 3 runs each under ASan"
done
play_asan "$work/nb.capnp"
want=$(sed -n 's/.* \([0-9]*\) reads checked.*/\1/p' "$work/err")
for seq in "${all_reads[@]}"; do
    was=$("$ltdump" --no-times "$work/nb.capnp" | grep "^#$seq " | grep -q "blocking=true" && echo 1 || echo 0)
    "$edit" "$work/nb.capnp" "$work/flipped.capnp" --bool "$seq" blocking $((1 - was)) || fail "log_edit --bool"
    play_asan "$work/flipped.capnp"
    [ $status -eq 0 ] || fail "read #$seq's blocking flag flipped: exit $status: $(cat "$work/err")"
    grep -q " $want reads checked, 0 mismatches" "$work/err" ||
        fail "read #$seq's blocking flag flipped: not every read checked: $(cat "$work/err")"
done
echo "ok: every read's blocking flag flipped in turn: $want reads checked each time"

# ---- 2. A piece listed twice
capture sharded "$sharded"
shards=$(seqs_of "$work/sharded.capnp" meshCqEnqueueReadShards "" | while read -r seq; do
    [ "$("$ltdump" --data "$work/sharded.capnp" | grep -c "^  read data for #$seq:")" -gt 1 ] && echo "$seq"
done | head -1)
[ -n "$shards" ] || fail "mesh_sharded has no read in several pieces"
"$edit" "$work/sharded.capnp" "$work/twice.capnp" --read-offset "$shards" 1 0 || fail "log_edit --read-offset"
for check in --check ""; do
    (cd "$work" && "$ltplay" $check twice.capnp) >"$work/out" 2>"$work/err"
    status=$?
    [ $status -eq 2 ] || fail "a piece listed twice ($check): exit $status, expected 2: $(cat "$work/err")"
    grep -q "the read data of call #$shards at offset 0 (.* bytes) covers bytes an earlier piece of the read covered" \
        "$work/err" || fail "a piece listed twice ($check): $(cat "$work/err")"
    ! grep -q "calls replayed" "$work/err" || fail "a piece listed twice ($check): part of the log was replayed"
done
echo "ok: a read's piece listed twice: $(cat "$work/err")"

# ---- 3. Core ranges
capture eltwise "$eltwise"
for function in createKernel setRuntimeArgs createSemaphore; do
    seq=$(seqs_of "$work/eltwise.capnp" "$function" "" | head -1)
    [ -n "$seq" ] || continue
    name=$("$ltdump" --no-times "$work/eltwise.capnp" | grep "^#$seq " | grep -oE "(core_spec|core_range|core_ranges|cores)=" |
        head -1 | tr -d =)
    [ -n "$name" ] || fail "call #$seq $function names no cores"
    for end in "65534 65534" "1073741824 1073741824"; do
        "$edit" "$work/eltwise.capnp" "$work/cores.capnp" --core-range "$seq" "$name" $end || fail "log_edit --core-range"
        for check in --check ""; do
            (cd "$work" && timeout 60 "$ltplay" $check cores.capnp) >"$work/out" 2>"$work/err"
            status=$?
            [ $status -eq 2 ] || fail "$function with cores to ($end) ($check): exit $status, expected 2: $(cat "$work/err")"
            grep -q "call #$seq .*reaches past any device's cores" "$work/err" ||
                fail "$function with cores to ($end) ($check): $(cat "$work/err")"
        done
    done
    echo "ok: $function #$seq with 65 535 and 2^30 cores: $(cat "$work/err")"
    tested=$((${tested:-0} + 1))
done
[ "${tested:-0}" -ge 2 ] || fail "eltwise_binary has too few calls naming cores"

# ---- 4. Kernel files
mapfile -t sources < <("$ltdump" --data "$work/eltwise.capnp" | sed -n 's/^  source#\([0-9]*\): .*/\1/p')
[ ${#sources[@]} -ge 2 ] || fail "eltwise_binary has ${#sources[@]} kernel sources, expected 2 or more"
first=${sources[0]} later=${sources[-1]}
"$edit" "$work/eltwise.capnp" "$work/one.capnp" --home-path "$first" kernels/same.cpp || fail "log_edit"
"$edit" "$work/one.capnp" "$work/clash.capnp" --home-path "$later" kernels/./same.cpp || fail "log_edit"
"$edit" "$work/eltwise.capnp" "$work/climbs.capnp" --source-path "$later" ../../../../../../../x.cpp ||
    fail "log_edit"
for kase in "clash|kernel source #$later and an earlier one hold different contents for \\\$TT_METAL_HOME/kernels/same.cpp" \
    "climbs|kernel source #$later names a file outside its folder: ../../../../../../../x.cpp"; do
    name=${kase%%|*} pattern=${kase#*|}
    for check in --check ""; do
        (cd "$work" && "$ltplay" $check "$name.capnp") >"$work/out" 2>"$work/err"
        status=$?
        [ $status -eq 2 ] || fail "$name ($check): exit $status, expected 2: $(cat "$work/err")"
        grep -q "$pattern" "$work/err" || fail "$name ($check): the line does not say '$pattern': $(cat "$work/err")"
        ! grep -q "calls replayed" "$work/err" || fail "$name ($check): part of the log was replayed"
    done
    echo "ok: $name: $(cat "$work/err")"
done
# Text from the log reaches the terminal escaped: a home file named with an escape sequence, in a clash.
"$edit" "$work/eltwise.capnp" "$work/one.capnp" --home-path "$first" $'kernels/\e[2J\e]0;x\a.cpp' || fail "log_edit"
"$edit" "$work/one.capnp" "$work/escape.capnp" --home-path "$later" $'kernels/\e[2J\e]0;x\a.cpp' || fail "log_edit"
(cd "$work" && "$ltplay" escape.capnp) >"$work/out" 2>"$work/err"
status=$?
[ $status -eq 2 ] || fail "escape: exit $status, expected 2: $(cat "$work/err")"
! grep -q $'\e' "$work/err" || fail "escape: a raw escape byte reached the terminal: $(cat -v "$work/err")"
grep -qF 'kernels/\x1b[2J\x1b]0;x\x07.cpp' "$work/err" || fail "escape: the name is not shown escaped: $(cat -v "$work/err")"
echo "ok: log text escaped: $(cat "$work/err")"
# The C1 controls as UTF-8 (U+009B CSI, U+009D OSC) too, through ltplay and ltdump: shown as \u escapes.
c1=$'kernels/\xc2\x9b2J\xc2\x9d0;x\a.cpp'
"$edit" "$work/eltwise.capnp" "$work/one_c1.capnp" --home-path "$first" "$c1" || fail "log_edit"
"$edit" "$work/one_c1.capnp" "$work/c1.capnp" --home-path "$later" "$c1" || fail "log_edit"
(cd "$work" && "$ltplay" c1.capnp) >"$work/out" 2>"$work/err"
status=$?
[ $status -eq 2 ] || fail "c1: exit $status, expected 2: $(cat "$work/err")"
"$ltdump" --data "$work/c1.capnp" >"$work/c1.dump" 2>&1
for f in "$work/err" "$work/c1.dump"; do
    ! LC_ALL=C grep -q $'\xc2[\x80-\x9f]' "$f" || fail "c1: a raw C1 control reached the terminal ($f): $(cat -v "$f" | head -5)"
    grep -qF 'kernels/\u009b2J\u009d0;x\x07.cpp' "$f" || fail "c1: the name is not shown escaped ($f): $(cat -v "$f" | grep kernels/ | head -3)"
done
echo "ok: C1 controls escaped: $(cat "$work/err")"
echo "PASS: edited values are refused before they run, or replayed without touching freed memory"
