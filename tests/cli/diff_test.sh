#!/bin/bash
# ltcap diff on real logs: two runs of one program are alike; one runtime arg changed in a copy is named with its
# call; a changed read is reported in the elements its buffer holds; calls dropped from a copy are only in A; --json
# says the same; the same through a small window with entries written late; a bad log is exit 2 in one line.
#   diff_test.sh LTCAP LOG_EDIT ELTWISE_BINARY
set -uo pipefail
ltcap=$(realpath "$1") edit=$(realpath "$2") program=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
for run in a b; do  # from the runfiles root: the program names its kernels relative to it
    "$ltcap" capture -q -o "$work/$run.capnp" --no-compress -- "$program" >"$work/$run.out" 2>&1 ||
        fail "capture $run: $(cat "$work/$run.out")"
done
cd "$work" || fail "no work folder"
"$ltcap" dump --no-times a.capnp >a.dump || fail "ltcap dump"
seq_of() { grep -m1 " $1(" a.dump | sed 's/^#\([0-9]*\) .*/\1/'; }

# Two runs of the same program (other host pointers, other times, the same calls and data) are alike; so is a log
# with itself.
"$ltcap" diff a.capnp b.capnp >same.txt 2>&1 || fail "two runs differ (exit $?): $(cat same.txt)"
grep -qE "^a.capnp \(A\) and b.capnp \(B\) are alike: [0-9]+ calls, 2 reads compared \(262144 bytes\)$" same.txt ||
    fail "alike: $(cat same.txt)"
"$ltcap" diff a.capnp a.capnp >/dev/null 2>&1 || fail "a log differs from itself"
echo "ok: $(cat same.txt)"

# One runtime arg changed: the call is named, with both values, as the first divergence.
args=$(seq_of setRuntimeArgs)
"$edit" a.capnp arg.capnp --runtime-arg "$args" 3 2 63 || fail "log_edit --runtime-arg"
"$ltcap" diff a.capnp arg.capnp >arg.txt 2>&1
status=$?
[ $status -eq 1 ] || fail "a changed runtime arg: exit $status: $(cat arg.txt)"
grep -q "^first divergence: A #$args / B #$args setRuntimeArgs: argument runtime_args: A .*64.*, B .*63" arg.txt ||
    fail "the changed call is not named: $(cat arg.txt)"
grep -qE "^calls: ([0-9]+) in A, \1 in B; [0-9]+ alike, 1 changed, 0 only in A, 0 only in B$" arg.txt ||
    fail "the counts: $(cat arg.txt)"
grep -q "^  A #$args / B #$args setRuntimeArgs: argument runtime_args (words)" arg.txt || fail "the list: $(cat arg.txt)"
echo "ok: a changed runtime arg: $(grep '^first' arg.txt)"

# The cores of a call changed: named as cores, with both sides.
"$edit" a.capnp cores.capnp --core-range "$args" core_spec 1 1 || fail "log_edit --core-range"
"$ltcap" diff a.capnp cores.capnp >cores.txt 2>&1
[ $? -eq 1 ] && grep -q "^  A #$args / B #$args setRuntimeArgs: argument core_spec (cores): A (0,0), B (0,0)-(1,1)$" cores.txt ||
    fail "changed cores: $(cat cores.txt)"


# A kernel source changed in a copy: the call that names it, and the unified diff of the changed file.
planted=$(printf 'void kernel_main() {\n    // a planted line')
for id in 1 2 3 4 5 6; do
    "$edit" a.capnp src.capnp --kernel-source "$id" "void kernel_main() {" "$planted" >/dev/null 2>&1 && break
done
[ -f src.capnp ] || fail "no kernel source of the log has kernel_main"
"$ltcap" diff a.capnp src.capnp >src.txt 2>&1
[ $? -eq 1 ] || fail "a changed kernel source: $(cat src.txt)"
grep -qE "^  A #[0-9]+ / B #[0-9]+ createKernel: argument [a-z_]+ \(kernel source\): A [^ ]+\.cpp \([0-9]+ bytes\), B " src.txt ||
    fail "the changed source is not named: $(cat src.txt)"
sed -n 's/^    //p' src.txt >src.lines
grep -qE '^@@ -[0-9]+,[0-9]+ \+[0-9]+,[0-9]+ @@$' src.lines && grep -qx -- '+    // a planted line' src.lines &&
    grep -qx -- ' void kernel_main() {' src.lines || fail "no unified diff of the source: $(cat src.txt)"
# Each changed call (the log creates the kernel twice) shows the planted line added and nothing else changed.
[ "$(grep -c '^+[^+]' src.lines)" = "$(grep -c '^  A #[0-9]* / B #[0-9]* createKernel: ' src.txt)" ] && ! grep -q '^-[^-]' src.lines ||
    fail "the diff shows more than the planted line: $(cat src.txt)"
"$ltcap" diff --json a.capnp src.capnp >src.json 2>&1
python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["changed"][0]; assert c["kind"]=="kernel source" and "+    // a planted line" in c["diff"], c' \
    src.json || fail "--json has no diff of the source: $(head -c 400 src.json)"
echo "ok: a changed kernel source: $(grep -m1 '^    @@' src.txt)"

# A read whose data differs: in bfloat16 elements (the format of the CBs of the program that named the buffer).
read=$(seq_of enqueueReadBuffer)
"$edit" a.capnp read.capnp --read-payload "$read" 4000 || fail "log_edit --read-payload"
"$ltcap" diff a.capnp read.capnp >read.txt 2>&1
[ $? -eq 1 ] || fail "changed read data: $(cat read.txt)"
grep -qE "^reads: 2 compared \(262144 bytes\), 1 alike, 1 differ$" read.txt || fail "read counts: $(cat read.txt)"
grep -qE "^  A #$read / B #$read enqueueReadBuffer as bfloat16 \(Float16_b, circular buffer 16 of program#[0-9]+\): 1 of 65536 bfloat16 elements differ" read.txt ||
    fail "the read is not compared as bfloat16: $(cat read.txt)"
grep -qE "^    \[2000\] \(tile 1, row 29, col 16\): B -?[0-9.]+, A -?[0-9.]+$" read.txt || fail "the element: $(cat read.txt)"
"$ltcap" diff --atol 1000 a.capnp read.capnp >/dev/null 2>&1 || fail "--atol 1000 does not make the reads alike"
echo "ok: a changed read: $(grep '^  A' read.txt)"

# Calls only one log has.
write=$(seq_of enqueueWriteBuffer)
"$edit" a.capnp fewer.capnp --drop-calls enqueueWriteBuffer || fail "log_edit --drop-calls"
"$ltcap" diff a.capnp fewer.capnp >fewer.txt 2>&1
[ $? -eq 1 ] || fail "dropped calls: $(cat fewer.txt)"
grep -qE "^calls: ([0-9]+) in A, [0-9]+ in B; [0-9]+ alike, 0 changed, 3 only in A, 0 only in B$" fewer.txt ||
    fail "dropped calls: $(cat fewer.txt)"
grep -q "^  #$write enqueueWriteBuffer(" fewer.txt || fail "the dropped call is not listed: $(cat fewer.txt)"

# --json agrees.
"$ltcap" diff --json a.capnp arg.capnp >arg.json
python3 - arg.json "$args" <<'PY' || fail "--json: $(cat arg.json)"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["same"] is False and d["calls"]["changed"] == 1, d
c = d["changed"][0]
assert c["seq_a"] == int(sys.argv[2]) and c["function"] == "setRuntimeArgs" and c["kind"] == "words", c
assert d["reads"]["compared"] == 2 and d["reads"]["alike"] == 2, d
PY

# Inputs set aside: a write's data changed (and, in a second copy, a read's too). Without --ignore-writes the write
# is the first divergence; with it the logs are alike but for the write, counted, and the first divergence of the
# second copy is its read.
write=$(seq_of enqueueWriteBuffer)
"$edit" a.capnp w.capnp --write-payload "$write" 100 || fail "log_edit --write-payload"
"$edit" w.capnp wr.capnp --read-payload "$read" 4000 || fail "log_edit --read-payload"
"$ltcap" diff a.capnp w.capnp >w.txt 2>&1
[ $? -eq 1 ] && grep -qE "^first divergence: A #$write / B #$write enqueueWriteBuffer: argument src: " w.txt ||
    fail "a changed write is not the first divergence: $(cat w.txt)"
"$ltcap" diff --ignore-writes a.capnp w.capnp >w.txt 2>&1 || fail "--ignore-writes: a changed write still differs: $(cat w.txt)"
grep -qE "are alike: [0-9]+ calls, 2 reads compared \(262144 bytes\); 1 writes whose data differ set aside \(--ignore-writes\)$" w.txt ||
    fail "--ignore-writes does not count the write: $(cat w.txt)"
"$ltcap" diff --ignore-writes a.capnp wr.capnp >wr.txt 2>&1
[ $? -eq 1 ] && grep -qE "^first divergence: A #$read / B #$read enqueueReadBuffer: the data read differ: " wr.txt &&
    grep -q "; 1 writes whose data differ set aside (--ignore-writes)$" wr.txt ||
    fail "--ignore-writes: the read is not the first divergence: $(cat wr.txt)"
"$ltcap" diff --ignore-writes --json a.capnp wr.capnp >wr.json  # exit 1: they differ
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["writes_set_aside"]==1 and d["calls"]["changed"]==0, d' \
    wr.json || fail "--ignore-writes --json: $(head -c 300 wr.json)"
"$ltcap" diff --ignore-writes a.capnp arg.capnp >/dev/null 2>&1
[ $? -eq 1 ] || fail "--ignore-writes sets aside a changed runtime arg"
echo "ok: --ignore-writes: $(grep '^first' wr.txt | cut -c1-100)"

# Logs of any length are read a window of calls at a time. With a 16-call window (return and read data entries more
# than 2 calls after their call are found by a first pass) a copy whose every such entry is written 5 calls late is
# alike, reads compared; a changed arg and dropped calls are found as with one window holding everything.
"$edit" a.capnp late.capnp --delay-ends 5 || fail "log_edit --delay-ends"
"$ltcap" diff --window 16 a.capnp late.capnp >late.txt 2>&1 || fail "--window 16, entries late: $(cat late.txt)"
grep -qE "^a.capnp \(A\) and late.capnp \(B\) are alike: [0-9]+ calls, 2 reads compared \(262144 bytes\)$" late.txt ||
    fail "--window 16, entries late: $(cat late.txt)"
"$ltcap" diff --window 16 late.capnp arg.capnp >late-arg.txt 2>&1
grep -qE "^calls: ([0-9]+) in A, \1 in B; [0-9]+ alike, 1 changed, 0 only in A, 0 only in B$" late-arg.txt &&
    grep -q "^first divergence: A #$args / B #$args setRuntimeArgs: argument runtime_args: " late-arg.txt ||
    fail "--window 16: the changed arg: $(cat late-arg.txt)"
"$ltcap" diff --window 16 late.capnp fewer.capnp >late-fewer.txt 2>&1
grep -qE "^calls: ([0-9]+) in A, [0-9]+ in B; [0-9]+ alike, 0 changed, 3 only in A, 0 only in B$" late-fewer.txt ||
    fail "--window 16: the dropped calls: $(cat late-fewer.txt)"
"$ltcap" diff --window 8 a.capnp a.capnp >/dev/null 2>&1
[ $? -eq 2 ] || fail "--window 8 accepted"
echo "ok: a 16-call window: $(cat late.txt)"

# Bad input: exit 2, one line; a missing operand is a usage error.
"$ltcap" diff a.capnp "$work/none.capnp" >bad.txt 2>&1
status=$?
[ $status -eq 2 ] && [ "$(wc -l <bad.txt)" -eq 1 ] || fail "a missing log: exit $status: $(cat bad.txt)"
head -c 1000 a.capnp >cut.capnp
"$ltcap" diff a.capnp a.capnp cut.capnp >/dev/null 2>&1
[ $? -eq 2 ] || fail "three operands accepted"
"$ltcap" diff --limit x a.capnp a.capnp >/dev/null 2>&1
[ $? -eq 2 ] || fail "--limit x accepted"
"$ltcap" diff --help >help.txt || fail "--help"
grep -q "^usage: ltcap diff" help.txt || fail "--help: $(head -1 help.txt)"
echo "PASS: ltcap diff"
