#!/bin/bash
# Edits at replay (ltplay --replace-kernel, --replace-write) on a profile's framework model, each checked against a
# real run that made the same change:
#  1. a planted bug — one operand of a compute kernel changed (KERNEL, by the sed expression PLANT) — run for real
#     from a copy of the kernel tree (log P: the model's own check fails), and log A (the model as it is) replayed
#     with that kernel replaced: every read the replay makes equals P's (--outputs against P's extracted reads), the
#     reads the bug reaches are reported CHANGED, and the replay does not fail on them (exit 0);
#  2. new inputs: A replayed with the writes of a run on other inputs (--seed 7, log B; the writes that differ,
#     paired by order) in place of its own: every read equals B's;
#  3. an edit with the recorded bytes changes nothing; one that matches nothing, is ambiguous or of another size is
#     refused (exit 2, naming it) before any call runs.
#   edits_test.sh MODEL_PY MODEL_LIB LIBTT_METAL SHIM LTCAP IO_FILES KERNEL PLANT
set -uo pipefail
model=$(realpath "$1") lib=$(realpath "$2") ttlib=$(realpath "$3") shim=$(realpath "$4") ltcap=$(realpath "$5")
io_files=$(realpath "$6") kernel=$7 plant=$8
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
python=$(command -v python3) || fail "python3 is not installed (scripts/install_deps.sh installs it)"
export LD_LIBRARY_PATH=$(dirname "$ttlib")
root=$PWD  # the workspace root of the runfiles: the model's kernel paths are relative to it

capture() {  # NAME FOLDER [MODEL ARGS...]: the model run in FOLDER under the shim; its exit status in $status
    local name=$1 folder=$2
    shift 2
    (cd "$folder" && TT_METAL_EMU_CACHE_DIR=$work/cache LD_PRELOAD=$shim LTCAP_LOG=quiet \
        LTCAP_OUTPUT=$work/$name.capnp "$python" "$model" "$lib" 2 1 "$@") >"$work/$name.out" 2>&1
    status=$?
    [ -s "$work/$name.capnp" ] || fail "capture $name wrote no log: $(tail -3 "$work/$name.out")"
    "$ltcap" extract "$work/$name.capnp" "$work/$name.x" >/dev/null || fail "ltcap extract $name"
}
capture A "$root"
[ $status -eq 0 ] || fail "the model failed: $(cat "$work/A.out")"
capture B "$root" --seed 7
[ $status -eq 0 ] || fail "the model failed on other inputs: $(cat "$work/B.out")"

# The planted bug, in a copy of the kernel tree the model runs from.
mkdir -p "$work/planted"
cp -rL "$root/tests" "$work/planted/" || fail "cannot copy the kernel tree"
chmod -R u+w "$work/planted"
sed -i "$plant" "$work/planted/$kernel"
cmp -s "$root/$kernel" "$work/planted/$kernel" && fail "the sed expression '$plant' changed nothing in $kernel"
capture P "$work/planted"
[ $status -ne 0 ] && grep -q ": FAIL$" "$work/P.out" || fail "the planted bug went unnoticed by the model: $(cat "$work/P.out")"

# Runs `ltcap replay` on A with OPTIONS; sets $status, keeps its output in $work/out.
replay() {
    (cd "$work" && "$ltcap" replay "$@" "$work/A.capnp") >"$work/out" 2>&1
    status=$?
}
# The reads of the last replay (--outputs DIR) against the reads of log NAME: "same N differ M".
compare() { "$python" "$io_files" compare "$1" "$work/$2.x" 2>>"$work/compare.err"; }
reads=$("$python" -c "import json, sys; print(len({e['seq'] for e in json.load(open(sys.argv[1]))['data']
                                                   if e['direction'] == 'read'}))" "$work/A.x/index.json")
[ "$reads" -ge 4 ] || fail "expected the model's reads in A: $reads"

# 1. The kernel replaced: the replay computes what the planted run computed.
replay --replace-kernel "$(basename "$kernel")=$work/planted/$kernel" --outputs "$work/k.out"
[ $status -eq 0 ] || fail "the replay with the kernel replaced: exit $status: $(cat "$work/out")"
grep -q "^ltplay: edited: kernel $(basename "$kernel") .*from $work/planted/$kernel" "$work/out" ||
    fail "the replay does not say what was edited: $(head -3 "$work/out")"
changed=$(grep -c "^ltplay: CHANGED in call #" "$work/out")
[ "$changed" -gt 0 ] || fail "no read changed with the planted bug: $(tail -3 "$work/out")"
grep -q "reads checked: $changed changed by the edits, " "$work/out" || fail "the summary does not count the changes: $(tail -1 "$work/out")"
grep -q "MISMATCH" "$work/out" && fail "an edited replay reports mismatches: $(grep -m1 MISMATCH "$work/out")"
verdict=$(compare "$work/k.out" P)
[ "$verdict" = "same $reads differ 0" ] ||
    fail "the reads with the kernel replaced are not the planted run's ($verdict; $(tail -1 "$work/compare.err"))"
verdict=$(compare "$work/k.out" A)
[ "$verdict" = "same $((reads - changed)) differ $changed" ] || fail "against A: $verdict, expected $changed changed"
echo "ok: $(basename "$kernel") replaced by the planted bug: every read is the planted run's ($verdict against A)"

# 2. The inputs replaced: the replay computes what the run on those inputs computed.
"$python" "$io_files" bindings "$work/A.x" "$work/B.x" >"$work/bindings" || fail "cannot compare the logs' writes"
[ -s "$work/bindings" ] || fail "the runs on other inputs made the same writes"
edits=()
while read -r binding; do edits+=(--replace-write "$binding"); done <"$work/bindings"
replay "${edits[@]}" --outputs "$work/w.out"
[ $status -eq 0 ] || fail "the replay with the inputs replaced: exit $status: $(cat "$work/out")"
verdict=$(compare "$work/w.out" B)
[ "$verdict" = "same $reads differ 0" ] ||
    fail "the reads on the new inputs are not the run's on them ($verdict; $(tail -1 "$work/compare.err"))"
echo "ok: $(wc -l <"$work/bindings") writes replaced by another run's: every read is that run's ($verdict)"

# 3. An edit with what the log recorded changes nothing; one that cannot apply is refused before anything runs.
first=$(head -1 "$work/bindings" | cut -d= -f1)
same=$("$python" -c "
import json, sys
for e in json.load(open(sys.argv[1]))['data']:
    if e['seq'] == int(sys.argv[2]) and e['direction'] == 'write': print(sys.argv[3] + '/' + e['file']); break
" "$work/A.x/index.json" "$first" "$work/A.x")
replay --replace-write "$first=$same" --replace-kernel "$(basename "$kernel")=$root/$kernel" --outputs "$work/s.out"
[ $status -eq 0 ] && grep -q "reads checked: 0 changed by the edits, $reads as captured" "$work/out" ||
    fail "edits with the recorded content: exit $status: $(tail -2 "$work/out")"
refused() {  # WHAT PATTERN OPTIONS...
    local what=$1 pattern=$2
    shift 2
    replay "$@"
    [ $status -eq 2 ] || fail "$what: exit $status, expected 2: $(cat "$work/out")"
    grep -q "$pattern" "$work/out" || fail "$what: not said: $(cat "$work/out")"
    grep -q "calls replayed" "$work/out" && fail "$what: the replay ran before refusing: $(cat "$work/out")"
    echo "ok: $what -> $(grep -m1 "$pattern" "$work/out")"
}
head -c 5 "$same" >"$work/short.bin"
refused "a write of another size" "an edit keeps the recorded size" --replace-write "$first=$work/short.bin"
refused "a kernel the log does not have" "no kernel source of the log is at that path" --replace-kernel nope.cpp="$same"
refused "a call that writes nothing" "not one: it is no write" --replace-write "1=$same"
refused "a call the log does not have" "the log has no call #99999999" --replace-write "99999999=$same"
echo "PASS"
