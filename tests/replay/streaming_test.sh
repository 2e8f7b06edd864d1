#!/bin/bash
# A compressed log is replayed as it is read, frame by frame: no temporary copy (strace sees none made), the same
# verdict as the plain log, a log recompressed by another tool (one frame, or frames cut anywhere: then through a
# temporary file) still replays, and a damaged frame ends the replay where it is (the calls before it ran), unless
# --check-first, which executes nothing of a damaged log. The cursor checks a call's next entries before it runs, but
# no more than a few MiB of payload: a log of large writes starts at once (shown on a log with a bad call after a
# few writes, whose first calls run before the cursor meets it).
#   streaming_test.sh LIBLTCAP LTPLAY PROGRAM BIG_WRITES LOG_EDIT
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") program=$(realpath "$3") big_writes=$(realpath "$4")
log_edit=$(realpath "$5")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
# A batch every millisecond and a cold kernel cache: a log of several frames. (The program finds its kernels from
# here; the replays run in the work folder.)
TT_METAL_EMU_CACHE_DIR=$work/cold LTCAP_LOG=quiet LTCAP_FLUSH_MS=1 LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$shim \
    "$program" >/dev/null 2>&1 || fail "capture"
cd "$work" || fail "no work folder"
frames=$(zstd -l log.capnp | awk 'NR == 2 {print $1}')
[ "${frames:-0}" -ge 3 ] || fail "the log has ${frames:-no} frames; this test needs 3 or more"
zstd -q -dc log.capnp >plain.capnp || fail "zstd -d"

summary() { sed -n 's/^ltplay: \([0-9]* calls replayed.*\)/\1/p' "$1"; }
"$ltplay" plain.capnp >plain.out 2>&1 || fail "the plain log: $(cat plain.out)"
grep -q "0 mismatches" plain.out && grep -Eq "[1-9][0-9]* reads checked" plain.out || fail "no read checked: $(cat plain.out)"

# No temporary file: strace lists every file the replay opens or makes (O_TMPFILE, or the named fallback).
temp_files() { grep -cE 'O_TMPFILE|ltcap-log-' "$1"; }
strace -f -qq -e trace=open,openat -o stream.trace "$ltplay" --json report.json log.capnp >stream.out 2>&1 ||
    fail "streamed: $(cat stream.out)"
[ "$(summary stream.out)" = "$(summary plain.out)" ] || fail "streamed and plain differ: $(summary stream.out) / $(summary plain.out)"
[ "$(temp_files stream.trace)" -eq 0 ] || fail "the streamed replay made a temporary file: $(grep -E 'O_TMPFILE|ltcap-log-' stream.trace)"
first=$(sed -n 's/.*"first_call_seconds":\([0-9.e+-]*\).*/\1/p' report.json)
awk -v f="${first:-x}" 'BEGIN { exit !(f > 0 && f < 60) }' || fail "first_call_seconds is '${first}': $(cat report.json)"
echo "ok: streamed without a temporary file, same verdict ($(summary stream.out)); first call after ${first} s"

# Another tool's framing: one frame (zstd -19: read as it is, the whole stream being one frame under 64 MiB), and
# frames cut every 4001 bytes, which messages cross: replayed through a temporary file (so the check above can fail).
zstd -q -19 -c plain.capnp >one-frame.capnp || fail "zstd -19"
split -b 4001 --filter='zstd -q -c' plain.capnp >crossing.capnp || fail "split"
for case in one-frame:0 crossing:1; do
    log=${case%:*} temps=${case#*:}
    strace -f -qq -e trace=open,openat -o $log.trace "$ltplay" $log.capnp >$log.out 2>&1 || fail "$log: $(cat $log.out)"
    [ "$(summary $log.out)" = "$(summary plain.out)" ] || fail "$log: $(summary $log.out)"
    [ "$(temp_files $log.trace)" -eq "$temps" ] || fail "$log: $(temp_files $log.trace) temporary files, expected $temps"
    echo "ok: $log replays ($temps temporary files)"
done

# A damaged last frame: the replay runs up to it and stops there, exit 2, saying so. The log is one of eight 8 MiB
# writes, its batches cut only when 1 MiB fills (LTCAP_FLUSH_MS=0): its frames fall at the same places every run,
# so the same calls come before its last frame (a log cut by the clock may hold every call in its last frame).
LTCAP_LOG=quiet LTCAP_FLUSH_MS=0 LTCAP_OUTPUT=$work/big.capnp LD_PRELOAD=$shim "$big_writes" 8 8 >/dev/null 2>&1 ||
    fail "capturing big_writes"
size=$(stat -c %s big.capnp)
cp big.capnp damaged.capnp
printf '\xa5' | dd of=damaged.capnp bs=1 seek=$((size - 10)) conv=notrunc status=none
cmp -s big.capnp damaged.capnp && printf '\x5a' | dd of=damaged.capnp bs=1 seek=$((size - 10)) conv=notrunc status=none
"$ltplay" -v damaged.capnp >damaged.out 2>&1
status=$?
[ $status -eq 2 ] || fail "damaged: exit $status: $(cat damaged.out)"
grep -q "damaged compressed frame" damaged.out || fail "damaged: $(cat damaged.out)"
ran=$(sed -n 's/.*the replay stops there: the \([0-9]*\) calls before it were replayed.*/\1/p' damaged.out)
[ "${ran:-0}" -gt 0 ] || fail "damaged: the calls before the damage did not run: $(tail -3 damaged.out)"
[ "$(grep -c '^ltplay: #[0-9]' damaged.out)" -eq "$ran" ] || fail "damaged: -v listed another number of calls than $ran"
echo "ok: damaged -> $(grep -m1 'damaged compressed frame' damaged.out)"
"$ltplay" -v --check-first damaged.capnp >first.out 2>&1
status=$?
[ $status -eq 2 ] && grep -q "damaged compressed frame" first.out || fail "--check-first: exit $status: $(cat first.out)"
! grep -q '^ltplay: #[0-9]' first.out || fail "--check-first executed calls of a damaged log: $(cat first.out)"
echo "ok: --check-first executes nothing of it"
"$ltplay" --check-first log.capnp >good.out 2>&1 && [ "$(summary good.out)" = "$(summary plain.out)" ] ||
    fail "--check-first on a good log: $(cat good.out)"

# The same log (two 4 MiB chunks for each write, under the cursor's 64-entry lead), its ninth call made to
# name a buffer the log never made: the calls before it run before the cursor reaches it (a lead of 64 entries met
# it before the first call).
"$log_edit" big.capnp big-bad.capnp --object-id 9 1 999999 || fail "log_edit"
"$ltplay" -v big-bad.capnp >big.out 2>&1
status=$?
ran=$(grep -c '^ltplay: #[0-9]' big.out)
[ $status -eq 2 ] && [ "$ran" -ge 5 ] && grep -q "call #9 .*buffer#999999" big.out ||
    fail "a log of 8 MiB writes, its call #9 bad: exit $status, $ran calls ran first: $(tail -3 big.out)"
echo "ok: $ran calls of a log of 8 MiB writes ran before the cursor met its bad call: $(tail -1 big.out)"
echo "PASS: compressed logs replay as they are read"
