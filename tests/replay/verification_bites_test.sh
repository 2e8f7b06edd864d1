#!/bin/bash
# Verification must catch a log that differs from what the program did: one runtime arg, one kernel source,
# one write payload. Each edited log replays with exit 1 and names the first read that differs, in the elements the
# log says the data holds.
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") ltdump=$(realpath "$3") edit=$(realpath "$4") loopback=$5 eltwise=$6
bfp8=$7
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
capture() { LTCAP_LOG=quiet LTCAP_OUTPUT=$work/$1.capnp LD_PRELOAD=$shim "$2" >/dev/null 2>&1 || fail "capturing $1"; }
seq_of() { "$ltdump" --no-times "$1" | grep -m1 " $2(" | sed 's/^#\([0-9]*\) .*/\1/'; }
expect_mismatch() {  # LOG CALLSEQ WHAT [LTPLAY OPTION]
    (cd "$work" && "$ltplay" -q ${4:-} "$1") >"$work/out" 2>&1
    local status=$?
    [ $status -eq 1 ] || fail "$3: ltplay exit $status, expected 1: $(cat "$work/out")"
    grep -q "MISMATCH in call #$2 " "$work/out" || fail "$3: the report does not name call #$2: $(cat "$work/out")"
    echo "ok: $3 -> $(head -1 "$work/out")"
}

capture loopback "$loopback"
capture eltwise "$eltwise"
(cd "$work" && "$ltplay" -q loopback.capnp) || fail "the unedited loopback log does not replay cleanly"

read_seq=$(seq_of "$work/loopback.capnp" enqueueReadBuffer)
args_seq=$(seq_of "$work/loopback.capnp" setRuntimeArgs)
# Runtime arg 5 of the loopback kernel is the byte count: copy half of it.
"$edit" "$work/loopback.capnp" "$work/arg.capnp" --runtime-arg "$args_seq" 3 5 51200 || fail "edit runtime arg"
expect_mismatch arg.capnp "$read_seq" "runtime arg edited"

"$edit" "$work/loopback.capnp" "$work/src.capnp" --kernel-source 1 "noc_async_write(l1_buffer_addr, dst_noc, size)" \
    "noc_async_write(l1_buffer_addr, dst_noc, size / 2)" || fail "edit kernel source"
# The log's build of the kernel no longer matches its source: the replay refuses it, naming the kernel, unless it
# is told to compile.
(cd "$work" && "$ltplay" -q src.capnp) >"$work/out" 2>&1
status=$?
[ $status -eq 2 ] || fail "kernel source edited, no --recompile: ltplay exit $status, expected 2: $(cat "$work/out")"
grep -q "the log carries no usable build of a kernel it runs.*loopback_dram_copy" "$work/out" ||
    fail "kernel source edited, no --recompile: the error does not name the kernel: $(cat "$work/out")"
echo "ok: kernel source edited, no --recompile -> $(head -1 "$work/out")"
expect_mismatch src.capnp "$read_seq" "kernel source edited" --recompile

write_seq=$(seq_of "$work/eltwise.capnp" enqueueWriteBuffer)
sum_read=$(seq_of "$work/eltwise.capnp" enqueueReadBuffer)
"$edit" "$work/eltwise.capnp" "$work/payload.capnp" --write-payload "$write_seq" 4000 || fail "edit payload"
expect_mismatch payload.capnp "$sum_read" "write payload edited"

# What a mismatch report says. The program reads into a raw pointer; the log says what the buffer holds — the data
# format of the circular buffers of the program that last named it (Float16_b) — so the report is in bfloat16
# elements with their tile positions, and says why, with no flag. --dtype bytes compares bytes.
grep -qE "MISMATCH in call #$sum_read .*: 1 of 65536 bfloat16 elements differ; largest difference [0-9.]+ at \[2000\], mean [0-9.e+-]+ \[as Float16_b, circular buffer 16 of program#[0-9]+\]$" "$work/out" ||
    fail "the report is not in bfloat16 elements: $(cat "$work/out")"
grep -qE "^ltplay:   \[2000\] \(tile 1, row 29, col 16\): replay -?[0-9.]+, capture -?[0-9.]+$" "$work/out" ||
    fail "the report does not list the element with its tile position: $(cat "$work/out")"
(cd "$work" && "$ltplay" -q --dtype bytes payload.capnp) >"$work/bytes" 2>&1
grep -qE "MISMATCH in call #$sum_read .*: [1-9][0-9]* of 131072 bytes differ$" "$work/bytes" ||
    fail "--dtype bytes does not count differing bytes: $(cat "$work/bytes")"
(cd "$work" && "$ltplay" payload.capnp) >"$work/summary" 2>&1
grep -q "^ltplay: reads compared as: 2 bfloat16$" "$work/summary" || fail "the summary: $(tail -2 "$work/summary")"
# A tolerance wider than the edit's effect passes the reads, and says so — applied to the inferred type, without
# --dtype; one narrower does not.
(cd "$work" && "$ltplay" --atol 100 payload.capnp) >"$work/tol" 2>&1 || fail "--atol 100: exit $?: $(cat "$work/tol")"
grep -q "2 of the reads matched only within the tolerance" "$work/tol" || fail "--atol: $(tail -1 "$work/tol")"
(cd "$work" && "$ltplay" -q --atol 0.01 payload.capnp) >/dev/null 2>&1
[ $? -eq 1 ] || fail "--atol 0.01 let the edited payload pass"
# Both sides of each mismatching read as files, and the JSON report.
(cd "$work" && "$ltplay" -q --dump-mismatches "$work/mm" --json "$work/report.json" payload.capnp) >/dev/null 2>&1
[ $? -eq 1 ] || fail "--dump-mismatches/--json changed the exit status"
for side in replay capture; do
    [ "$(stat -c %s "$work/mm/call$sum_read.$side.bin")" -eq 131072 ] || fail "--dump-mismatches: no whole $side read"
done
cmp -s "$work/mm/call$sum_read.replay.bin" "$work/mm/call$sum_read.capture.bin" && fail "--dump-mismatches wrote equal reads"
python3 - "$work/report.json" <<'PY' || fail "--json report: $(cat "$work/report.json")"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["exit"] == 1 and r["mismatches"] == 2 and r["reads_checked"] == 2, r
assert r["verified"] is True and r["bytes_verified"] == 2 * 131072, r
assert len(r["iterations"]) == 1 and r["iterations"][0]["mismatches"] == 2, r
PY
# --calls: only the reads in the range are checked; --stop-at ends the replay before the first read.
(cd "$work" && "$ltplay" --calls "$sum_read" payload.capnp) >"$work/one" 2>&1
grep -q "1 reads checked, 1 mismatches; replayed up to call #$sum_read, checked the reads of calls #$sum_read on" "$work/one" ||
    fail "--calls $sum_read: $(tail -1 "$work/one")"
(cd "$work" && "$ltplay" --stop-at $((sum_read - 1)) payload.capnp) >"$work/stop" 2>&1 || fail "--stop-at: exit $?: $(cat "$work/stop")"
grep -q "^ltplay: $((sum_read - 1)) calls replayed, 0 reads checked, 0 mismatches;.*; nothing verified: none of the log's reads was replayed in the calls checked (--calls)$" "$work/stop" ||
    fail "--stop-at: $(tail -1 "$work/stop")"
(cd "$work" && "$ltplay" -q --require-verified --stop-at $((sum_read - 1)) payload.capnp) >"$work/stop" 2>&1
status=$?
[ $status -eq 5 ] || fail "--require-verified with nothing verified: exit $status: $(cat "$work/stop")"
grep -q "nothing verified" "$work/stop" || fail "--require-verified: no line says why: $(cat "$work/stop")"
(cd "$work" && "$ltplay" --no-verify loopback.capnp) >"$work/nv" 2>&1 || fail "--no-verify: exit $?: $(cat "$work/nv")"
grep -q "0 reads checked, 0 mismatches; nothing verified (--no-verify)$" "$work/nv" || fail "--no-verify: $(tail -1 "$work/nv")"
(cd "$work" && "$ltplay" --require-verified loopback.capnp) >"$work/v" 2>&1 || fail "--require-verified on a log with reads: exit $?"
grep -qE "[1-9][0-9]* reads checked, 0 mismatches; [0-9.]+ (bytes?|KiB|MiB) verified$" "$work/v" || fail "verified: $(tail -1 "$work/v")"
# A tolerance no read can take (loopback reads uint32 words) is refused, not ignored; with --dtype it applies.
(cd "$work" && "$ltplay" --atol 0.1 loopback.capnp) >"$work/tol" 2>&1
status=$?
[ $status -eq 2 ] || fail "--atol on a log without float reads: exit $status: $(cat "$work/tol")"
grep -q "^ltplay: --atol/--rtol apply to float reads only, and none of this log's reads is one" "$work/tol" ||
    fail "--atol on a log without float reads: $(cat "$work/tol")"
! grep -q "calls replayed" "$work/tol" || fail "--atol refused after replaying: $(cat "$work/tol")"
(cd "$work" && "$ltplay" --atol 0.1 --dtype float32 loopback.capnp) >"$work/tol" 2>&1 || fail "--atol --dtype float32: exit $?: $(cat "$work/tol")"
echo "ok: --atol without a float read is refused; with --dtype float32 it applies"
# Block floats: bfp8_matmul reads its Bfp8_b result into std::vector<uint32_t> (tt-metal's packed form); the log
# says the words hold Bfp8_b tiles (the output CB's format), so a changed datum is reported as one, unpacked.
capture bfp8 "$bfp8"
bfp8_read=$(seq_of "$work/bfp8.capnp" enqueueReadBuffer)
# Byte 64 + 300 of the first tile: datum 300 (face 1, row 2, col 12 of the tile: col 28), its sign flipped.
"$edit" "$work/bfp8.capnp" "$work/bfp8_edit.capnp" --read-payload "$bfp8_read" 364 || fail "edit the Bfp8_b read"
(cd "$work" && "$ltplay" -q bfp8_edit.capnp) >"$work/bfp8.out" 2>&1
[ $? -eq 1 ] || fail "the edited Bfp8_b read: $(cat "$work/bfp8.out")"
grep -qE "MISMATCH in call #$bfp8_read .*: 1 of 9216 bfp8_b elements differ; largest difference [0-9.e+-]+ at \[300\].* \[as Bfp8_b, circular buffer 16 of program#[0-9]+\]$" "$work/bfp8.out" ||
    fail "the Bfp8_b read is not reported in datums: $(cat "$work/bfp8.out")"
grep -qE "^ltplay:   \[300\] \(tile 0, row 2, col 28\): replay -?[0-9.e+-]+, capture -?[0-9.e+-]+$" "$work/bfp8.out" ||
    fail "the datum's tile position: $(cat "$work/bfp8.out")"
echo "ok: a Bfp8_b datum changed: $(head -1 "$work/bfp8.out")"
echo "PASS: every edit is caught, and reported element by element"
