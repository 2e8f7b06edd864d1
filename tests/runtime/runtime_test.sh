#!/bin/bash
# The embeddable runtime (runtime/ltcap_run.h) on a profile's framework model, captured once on a cold kernel cache:
#  1. the model run under the shim with its usual inputs (log A), and again with other inputs (--seed 7, log B): B's
#     writes that differ from A's (paired by order, tests/runtime/io_files.py: a run may number its calls a little
#     differently) are the new inputs, B's reads the outputs the model computed for them (the model checks each
#     against its host reference: "PASS");
#  2. a small C program (run_log.c) runs A through the runtime with B's inputs bound, in a clean environment with no
#     compiler on PATH and an empty kernel cache: every output equals B's read, some differ from A's (the inputs
#     took), and the process has as many threads after the run as before it (the runtime starts none);
#  3. A with nothing bound verifies against the capture (an edited read makes it a mismatch); with inputs bound,
#     nothing is compared;
#  4. refusals: a wrong-sized binding, an unknown input, a log without its kernel builds (the runtime never
#     compiles), a cut log, another Cap'n Proto bound ahead of the runtime's;
#  5. the library exports only ltcap_run_*, links only what it names (ldd), and Python drives it through ctypes.
#   runtime_test.sh MODEL_PY MODEL_LIB LIBTT_METAL SHIM RUN_LOG LIBLTCAP_RUN LTCAP LOG_EDIT
set -uo pipefail
model=$(realpath "$1") lib=$(realpath "$2") ttlib=$(realpath "$3") shim=$(realpath "$4") run_log=$(realpath "$5")
runtime=$(realpath "$6") ltcap=$(realpath "$7") log_edit=$(realpath "$8")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
python=$(command -v python3) || fail "python3 is not installed (scripts/install_deps.sh installs it)"
export LD_LIBRARY_PATH=$(dirname "$ttlib")
root=$PWD  # the workspace root of the runfiles: the model's kernel paths are relative to it

# 1. Two captures, each on a cold kernel cache.
capture() {  # NAME [MODEL ARGS...]
    local name=$1
    shift
    TT_METAL_EMU_CACHE_DIR=$work/cache-$name LD_PRELOAD=$shim LTCAP_LOG=quiet LTCAP_OUTPUT=$work/$name.capnp \
        "$python" "$model" "$lib" 2 1 "$@" >"$work/$name.out" 2>&1 || fail "capture $name: $(tail -3 "$work/$name.out")"
    grep -q "2 steps, 1 trace replays: PASS" "$work/$name.out" || fail "the model failed: $(cat "$work/$name.out")"
    "$ltcap" extract "$work/$name.capnp" "$work/$name.x" >/dev/null || fail "ltcap extract $name"
}
capture A
capture B --seed 7
"$ltcap" info "$work/A.capnp" >"$work/A.info" || fail "ltcap info"
grep -qE "^replay: +self-contained for emulator " "$work/A.info" || fail "log A is not self-contained: $(cat "$work/A.info")"

# The bindings: each of A's writes whose bytes B's matching write (by order) differs in gets B's bytes.
io_files=$(dirname "$0")/io_files.py
"$python" "$io_files" bindings "$work/A.x" "$work/B.x" >"$work/bindings" || fail "cannot compare the logs' writes"
# Two eager steps and one trace replay: three new inputs x.
[ "$(wc -l <"$work/bindings")" -eq 3 ] || fail "expected 3 inputs that differ between the runs: $(cat "$work/bindings")"

# Compares run_log's outputs in DIR with the reads of log NAME: prints "same N differ M".
compare() { "$python" "$io_files" compare "$1" "$work/$2.x" 2>>"$work/compare.err"; }

# 2. A on B's inputs, where no compiler is found and the kernel cache is empty.
clean() { env -i PATH=/nonexistent HOME="$work" LD_LIBRARY_PATH="$LD_LIBRARY_PATH" TT_METAL_EMU_CACHE_DIR="$(mktemp -d -p "$work")" "$@"; }
mkdir -p "$work/new"
status=0
(cd "$work" && clean "$run_log" "$work/A.capnp" "$work/new" $(cat "$work/bindings")) >"$work/new.log" 2>&1 || status=$?
[ "$status" = 0 ] || fail "the run on new inputs: exit $status: $(cat "$work/new.log")"
n_out=$(grep -c '^output call' "$work/new.log")
[ "$n_out" -ge 4 ] || fail "expected the model's reads as outputs: $(cat "$work/new.log")"
verdict=$(compare "$work/new" B)
[ "$verdict" = "same $n_out differ 0" ] ||
    fail "the outputs on new inputs are not the model's ($verdict; $(tail -1 "$work/compare.err")): $(cat "$work/new.log")"
verdict=$(compare "$work/new" A)
case $verdict in "same "*" differ 0") fail "the outputs are A's: the new inputs did not take ($verdict)" ;; esac
line=$(grep '^threads:' "$work/new.log")
[[ $line =~ ^threads:\ ([0-9]+)\ before\ open,\ ([0-9]+)\ after\ open,\ ([0-9]+)\ after\ the\ run$ ]] ||
    fail "no thread count: $(cat "$work/new.log")"
[ "${BASH_REMATCH[1]}" = 1 ] && [ "${BASH_REMATCH[2]}" = 1 ] && [ "${BASH_REMATCH[3]}" = 1 ] ||
    fail "the process is single-threaded, and stays so around open and run: $line"
echo "ok: the log ran on new inputs: $n_out outputs, each the model's own for them; $line"

# 3. With nothing bound, the run checks itself against the capture; a changed read is a mismatch.
mkdir -p "$work/same"
(cd "$work" && clean "$run_log" "$work/A.capnp" "$work/same") >"$work/same.log" 2>&1 ||
    fail "the run on the recorded inputs: exit $?: $(cat "$work/same.log")"
[ "$(compare "$work/same" A)" = "same $n_out differ 0" ] || fail "the outputs on the recorded inputs are not A's"
first_input=$(grep -m1 '^input call' "$work/new.log" | awk '{print $3}')
first_output=$(grep -m1 '^output call' "$work/new.log" | awk '{print $3}')
"$log_edit" "$work/A.capnp" "$work/edited.capnp" --read-payload "$first_output" 0 >/dev/null || fail "log_edit --read-payload"
status=0
(cd "$work" && clean "$run_log" "$work/edited.capnp" "$work/same") >"$work/edited.log" 2>&1 || status=$?
[ "$status" = 1 ] && grep -q "MISMATCH in call #$first_output" "$work/edited.log" ||
    fail "an edited read: expected status 1 naming call #$first_output: $status $(cat "$work/edited.log")"
status=0
(cd "$work" && clean "$run_log" "$work/edited.capnp" "$work/same" $(cat "$work/bindings")) >"$work/bound.log" 2>&1 ||
    status=$?
[ "$status" = 0 ] || fail "a run with inputs bound compares nothing, so cannot mismatch: exit $status"
echo "ok: unbound, the run verifies against the capture (an edited read is a mismatch)"

# 4. Refusals.
head -c 12 /dev/zero >"$work/short.bin"
status=0
(cd "$work" && clean "$run_log" "$work/A.capnp" "$work/same" "$first_input=$work/short.bin") >"$work/short.log" 2>&1 ||
    status=$?
[ "$status" = 8 ] && grep -q "takes [0-9]* bytes, not 12" "$work/short.log" ||
    fail "a wrong-sized input: expected status 8: $status $(cat "$work/short.log")"
status=0
(cd "$work" && clean "$run_log" "$work/A.capnp" "$work/same" "999999=$work/short.bin") >"$work/unknown.log" 2>&1 ||
    status=$?
[ "$status" = 8 ] && grep -q "call #999999 is not an input" "$work/unknown.log" || fail "an unknown input: $status"
"$log_edit" "$work/A.capnp" "$work/nobuilds.capnp" --drop-binaries >/dev/null || fail "log_edit --drop-binaries"
status=0
(cd "$work" && clean "$run_log" "$work/nobuilds.capnp" "$work/same") >"$work/nobuilds.log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -qi "build" "$work/nobuilds.log" ||
    fail "a log without its builds must be refused, never compiled: $status $(cat "$work/nobuilds.log")"
size=$(stat -c %s "$work/A.capnp")
head -c $((size / 2)) "$work/A.capnp" >"$work/cut.capnp"
status=0
(cd "$work" && clean "$run_log" "$work/cut.capnp" "$work/same") >"$work/cut.log" 2>&1 || status=$?
[ "$status" = 2 ] && grep -q "incomplete" "$work/cut.log" || fail "a cut log: $status $(cat "$work/cut.log")"
# A library ahead of the runtime's libcapnp that exports Cap'n Proto itself (as a real libtt_metal.so v0.67.0 does)
# would take the log reader's calls: the runtime refuses to open a log then, naming it.
printf 'void _ZNK5capnp10EnumSchema13getEnumerantsEv(void) {}\n' >"$work/other_capnp.c"
cc -shared -fPIC -o "$work/libother_capnp.so" "$work/other_capnp.c" || fail "cannot build the stand-in library"
status=0
(cd "$work" && LD_PRELOAD="$work/libother_capnp.so" "$run_log" "$work/A.capnp" "$work/same") >"$work/foreign.log" 2>&1 ||
    status=$?
[ "$status" = 3 ] && grep -q "libother_capnp.so exports Cap'n Proto itself" "$work/foreign.log" ||
    fail "another Cap'n Proto ahead of the runtime's: $status $(cat "$work/foreign.log")"
# A read piece recorded 1 TiB into its call's read: never allocated (outputs grow only by what the replay read; the
# address space is held under 256 GiB, so allocating it would fail the run);
# the run is a mismatch (or the log refused), not an out-of-memory death.
"$log_edit" "$work/A.capnp" "$work/far.capnp" --read-offset "$first_output" 0 1099511627776 >/dev/null ||
    fail "log_edit --read-offset"
status=0
(cd "$work" && ulimit -v 268435456 && clean "$run_log" "$work/far.capnp" "$work/same") >"$work/far.log" 2>&1 || status=$?
# (run_log itself then sizes its buffer by the listed bytes, and may fail to: the run's own status is what counts.)
grep -qE "^run: status 1: MISMATCH in call #$first_output " "$work/far.log" ||
    fail "a read piece 1 TiB in: status $status: $(grep -v '^[io][nu]' "$work/far.log" | tail -3)"
echo "ok: refused a wrong-sized input, an unknown input, a log without builds, a cut log, another Cap'n Proto, a far piece"

# 5. What the library is: its exports, its links, and a Python host.
exports=$(nm -D --defined-only "$runtime" | awk '$2 == "T" {print $3}' | grep -v '^ltcap_run_' | grep -v '^_init$\|^_fini$')
[ -z "$exports" ] || fail "the runtime exports more than ltcap_run_*: $(echo $exports | head -c 300)"
links=$(ldd "$runtime" | awk '{print $1}' | sed 's/\.so.*//' | sort -u | tr '\n' ' ')
for l in $links; do
    case $l in
    linux-vdso | /lib*/ld-linux* | libtt_metal | libstdc++ | libm | libgcc_s | libc | libcapnp-0.9.2 | libkj-0.9.2) ;;
    *) fail "the runtime links $l (only libtt_metal.so, the C/C++ runtime and Cap'n Proto): $links" ;;
    esac
done
echo "ok: links $links"
(cd "$work" && clean /usr/bin/python3 - "$runtime" "$work/A.capnp" "$first_input") >"$work/ctypes.log" 2>&1 <<'EOF' ||
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
lib.ltcap_run_open.restype = ctypes.c_void_p
lib.ltcap_run_error.restype = ctypes.c_char_p
for f in ("ltcap_run_status", "ltcap_run_execute", "ltcap_run_error", "ltcap_run_input_count", "ltcap_run_close"):
    getattr(lib, f).argtypes = [ctypes.c_void_p]
lib.ltcap_run_input_count.restype = ctypes.c_size_t
run = lib.ltcap_run_open(sys.argv[2].encode())
assert lib.ltcap_run_status(run) == 0, lib.ltcap_run_error(run)
print("inputs", lib.ltcap_run_input_count(run))
status = lib.ltcap_run_execute(run)
print("status", status, lib.ltcap_run_error(run).decode())
lib.ltcap_run_close(run)
sys.exit(status)
EOF
    fail "the runtime from Python (ctypes): $(cat "$work/ctypes.log")"
grep -q "^status 0" "$work/ctypes.log" || fail "ctypes: $(cat "$work/ctypes.log")"
echo "ok: Python ran the log through ctypes"
echo PASS
