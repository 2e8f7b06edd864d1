#!/bin/bash
# ltcap bisect on a profile's framework model: the log replayed as captured (A) and with one compute kernel given a
# planted bug (B: one operand changed, --b --replace-kernel) — the first diverging launch found is the first launch
# of a program running that kernel (every launch before it agrees), with the program's kernels and cores, the
# buffer, its first differing page and elements by tile; the same log against itself has no divergence; bad usage
# is refused. The same against the captured run itself (--a-captured), captured with LTCAP_LAUNCH_OUTPUTS=1.
#   bisect_test.sh MODEL_PY MODEL_LIB LIBTT_METAL SHIM LTCAP KERNEL PLANT
set -uo pipefail
model=$(realpath "$1") lib=$(realpath "$2") ttlib=$(realpath "$3") shim=$(realpath "$4") ltcap=$(realpath "$5")
kernel=$6 plant=$7
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
python=$(command -v python3) || fail "python3 is not installed (scripts/install_deps.sh installs it)"
export LD_LIBRARY_PATH=$(dirname "$ttlib")
root=$PWD
TT_METAL_EMU_CACHE_DIR=$work/cache LD_PRELOAD=$shim LTCAP_LOG=quiet LTCAP_OUTPUT=$work/A.capnp \
    "$python" "$model" "$lib" 2 1 >"$work/model.out" 2>&1 || fail "capture: $(cat "$work/model.out")"
sed "$plant" "$root/$kernel" >"$work/planted.cpp"
cmp -s "$root/$kernel" "$work/planted.cpp" && fail "the sed expression '$plant' changed nothing in $kernel"
name=$(basename "$kernel" .cpp)

"$ltcap" bisect -q "$work/A.capnp" >"$work/same" 2>&1
status=$?
[ $status -eq 0 ] && grep -qE "^ltcap bisect: no divergence: [0-9]+ launches, [1-9][0-9]* buffer records compared" "$work/same" ||
    fail "the log against itself: exit $status: $(cat "$work/same")"
echo "ok: $(cat "$work/same")"

"$ltcap" bisect --keep "$work/kept" --b "--replace-kernel=$(basename "$kernel")=$work/planted.cpp" "$work/A.capnp" \
    >"$work/out" 2>&1
status=$?
[ $status -eq 1 ] || fail "the planted bug: exit $status, expected 1: $(cat "$work/out")"
# The first launch of a program running the kernel, as A's own records list the launches.
first=$(grep -n "^launch .* program .*\b$name\b" "$work/kept/A/launches.txt" | head -1 | sed 's/^[0-9]*:launch \([0-9]*\) .*/\1/')
[ -n "$first" ] || fail "no launch of A runs $name: $(grep '^launch' "$work/kept/A/launches.txt")"
[ "$first" -gt 1 ] || fail "the model runs $name in its first launch: the test needs launches before it"
grep -qE "^ltcap bisect: launches 1-$((first - 1)) agree \([0-9]+ buffer records equal\); the first divergence is launch $first of [0-9]+: call #[0-9]+ [a-zA-Z]+, .*\b$name\b.*, kernels on \(" "$work/out" ||
    fail "not launch $first (the first running $name) with its kernels and cores: $(cat "$work/out")"
grep -qE "^ltcap bisect:   buffer#[0-9]+: [0-9]+ of its [0-9]+ pages differ, page [0-9]+ first \(bytes [0-9]+-[0-9]+\)$" "$work/out" ||
    fail "no buffer and page: $(cat "$work/out")"
grep -qE "^ltcap bisect:   [0-9]+ of [0-9]+ [a-z0-9_]+ elements differ" "$work/out" &&
    grep -qE "^ltcap bisect:     \[[0-9]+\] \(tile [0-9]+, row [0-9]+, col [0-9]+\): B [-0-9.e+]+, A [-0-9.e+]+$" "$work/out" ||
    fail "no elements by tile: $(cat "$work/out")"
echo "ok: $(grep -m1 'first divergence' "$work/out")"
echo "ok: $(grep -m1 'pages differ' "$work/out")"
echo "ok: $(grep -m1 '(tile' "$work/out")"

# Against the captured run itself: the model captured with each launch's outputs (LTCAP_LAUNCH_OUTPUTS=1); a plain
# replay agrees with it launch by launch, and the replay with the planted bug diverges from it at the same launch,
# with its core and tiles.
TT_METAL_EMU_CACHE_DIR=$work/cache LD_PRELOAD=$shim LTCAP_LOG=quiet LTCAP_OUTPUT=$work/G.capnp LTCAP_LAUNCH_OUTPUTS=1 \
    "$python" "$model" "$lib" 2 1 >"$work/model.out" 2>&1 || fail "capture with launch outputs: $(cat "$work/model.out")"
launches=$(grep -c '^launch ' "$work/kept/A/launches.txt")
"$ltcap" info "$work/G.capnp" | grep -qE "^launches: +[0-9]+ with their outputs recorded" ||
    fail "ltcap info does not count the launch outputs: $("$ltcap" info "$work/G.capnp" | grep -i launch)"
"$ltcap" bisect -q --a-captured "$work/G.capnp" >"$work/captured-same" 2>&1
status=$?
[ $status -eq 0 ] && grep -qE "^ltcap bisect: no divergence: $launches launches, [1-9][0-9]* buffer records compared" \
    "$work/captured-same" || fail "a replay against its capture: exit $status: $(cat "$work/captured-same")"
echo "ok: against the capture: $(cat "$work/captured-same")"
"$ltcap" bisect --a-captured --b "--replace-kernel=$(basename "$kernel")=$work/planted.cpp" "$work/G.capnp" \
    >"$work/captured-out" 2>&1
status=$?
[ $status -eq 1 ] || fail "the planted bug against the capture: exit $status, expected 1: $(cat "$work/captured-out")"
grep -qE "^ltcap bisect: launches 1-$((first - 1)) agree \([0-9]+ buffer records equal\); the first divergence is launch $first of [0-9]+: call #[0-9]+ [a-zA-Z]+, .*\b$name\b.*, kernels on \(" \
    "$work/captured-out" && grep -qE "^ltcap bisect:     \[[0-9]+\] \(tile [0-9]+, row [0-9]+, col [0-9]+\): B [-0-9.e+]+, A [-0-9.e+]+$" \
    "$work/captured-out" || fail "not launch $first with its cores and tiles, against the capture: $(cat "$work/captured-out")"
echo "ok: against the capture: $(grep -m1 'first divergence' "$work/captured-out")"
"$ltcap" bisect --a-captured "$work/A.capnp" >"$work/bad" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "holds no launch outputs: capture with LTCAP_LAUNCH_OUTPUTS=1" "$work/bad" ||
    fail "--a-captured on a log without launch outputs: exit $status: $(cat "$work/bad")"
"$ltcap" bisect --a-captured --a --recompile "$work/G.capnp" >"$work/bad" 2>&1
[ $? -eq 2 ] || fail "--a-captured with --a options: $(cat "$work/bad")"

for bad in "--a-lib /nonexistent" "--dtype nonsense" "--frobnicate" ""; do
    "$ltcap" bisect $bad ${bad:+"$work/A.capnp"} >"$work/bad" 2>&1
    status=$?
    [ $status -eq 2 ] || fail "ltcap bisect $bad: exit $status, expected 2: $(cat "$work/bad")"
done
"$ltcap" bisect --b --replace-kernel=nope.cpp="$work/planted.cpp" "$work/A.capnp" >"$work/bad" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "no kernel source of the log is at that path" "$work/bad" ||
    fail "an edit that cannot apply on B: exit $status: $(cat "$work/bad")"
echo "ok: bad usage refused (exit 2)"
echo PASS
