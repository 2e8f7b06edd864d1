#!/bin/bash
# A log captured on a cold kernel cache carries every kernel build (format 14's kernelBinary entries) and replays
# where no compiler is found and the kernel cache is empty; `ltcap info` says it is self-contained and for which
# target. Each way a log's builds can be wrong is refused: a build missing or not matching its kernel is an error
# naming the kernel (exit 2) unless --recompile is given, which then needs a compiler; a folder or file placed outside
# the private cache is refused before anything runs. A log whose builds another build of the emulated tt-metal made
# (OLD_LOG: a golden log, captured before the embedded kernel headers last changed) replays with its kernels compiled
# from its sources, saying so; with no compiler it fails (exit 3) saying why — it is not a bad log. Builds that come
# later in the log than the launch that needs them (other threads' calls between: PIPELINE's log with them moved) are
# found and the launch made again. With no folder for temporary files the builds are not installed, saying so.
#   kernel_builds_test.sh LIBLTCAP LTPLAY LTCAP LTDUMP LOG_EDIT PROGRAM OLD_LOG PIPELINE
set -uo pipefail
shim=$(realpath "$1") ltplay=$(realpath "$2") ltcap=$(realpath "$3") ltdump=$(realpath "$4") edit=$(realpath "$5")
program=$6 old=$(realpath "$7") pipeline=$8
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$work/capture-cache" "$work/replay-cache" "$work/elsewhere"
TT_METAL_EMU_CACHE_DIR=$work/capture-cache LTCAP_LOG=quiet LTCAP_OUTPUT=$work/log.capnp LD_PRELOAD=$shim \
    "$program" >/dev/null 2>&1 || fail "capture"
builds=$(find "$work/capture-cache" -name .SUCCESS | wc -l)
[ "$builds" -gt 0 ] || fail "the capture built no kernel"

# What the log says about itself: every build the capture made, and the target they were made for.
"$ltcap" info "$work/log.capnp" >"$work/info" || fail "ltcap info: $(cat "$work/info")"
grep -qE "^builds: +$builds kernel builds, .* built for emulator v0\.56\.0 wormhole_b0 abi[0-9]+$" "$work/info" ||
    fail "ltcap info does not list the $builds builds: $(grep builds "$work/info")"
"$ltcap" info --json "$work/log.capnp" | grep -q "\"kernel_builds\":{\"count\":$builds," ||
    fail "ltcap info --json does not count the builds"
grep -qE "^replay: +self-contained for emulator v0\.56\.0 wormhole_b0 abi[0-9]+: the builds are installed, no compiler runs$" \
    "$work/info" || fail "ltcap info does not say the log is self-contained: $(grep -A1 '^builds:' "$work/info")"
"$edit" "$work/log.capnp" "$work/nobuilds.capnp" --drop-binaries || fail "log_edit --drop-binaries"
"$ltcap" info "$work/nobuilds.capnp" >"$work/nobuilds.info" || fail "ltcap info on a log without builds"
grep -qE "^replay: +needs a kernel compiler \(the log carries no builds\)$" "$work/nobuilds.info" ||
    fail "a log without builds is said self-contained: $(grep '^replay:' "$work/nobuilds.info")"
"$ltcap" info --json "$work/nobuilds.capnp" >"$work/nobuilds.json" || fail "ltcap info --json"
grep -q '"self_contained":false' "$work/nobuilds.json" || fail "JSON: self_contained"
echo "ok: $(grep '^builds:' "$work/info"); $(grep '^replay:' "$work/info")"

# Runs ltplay on LOG from an empty folder, with no PATH (no compiler) and an empty kernel cache.
replay() {  # LOG [LTPLAY OPTIONS]...
    local log=$1
    shift
    (cd "$work/elsewhere" && PATH=/nonexistent TT_METAL_EMU_CACHE_DIR=$work/replay-cache "$ltplay" "$@" "$log") \
        >"$work/out" 2>&1
}
replay "$work/log.capnp"
status=$?
[ $status -eq 0 ] || fail "self-contained replay: exit $status: $(cat "$work/out")"
grep -q "^ltplay: kernels: $builds builds installed from the log, none compiled" "$work/out" ||
    fail "the replay did not install the $builds builds: $(cat "$work/out")"
grep -q ", 0 mismatches" "$work/out" || fail "no verification summary: $(cat "$work/out")"
[ -z "$(ls -A "$work/replay-cache")" ] || fail "the replay wrote to the host's kernel cache"
[ -z "$(ls -d "${TMPDIR:-/tmp}"/ltplay-kernels-* 2>/dev/null)" ] || [ -n "${TEST_TMPDIR:-}" ] ||
    fail "the private kernel cache was left behind"
echo "ok: replays with no compiler and an empty cache: $(grep '^ltplay: kernels' "$work/out")"

# The builds of a launch, written after a hundred more calls (far past what the replay reads ahead of a call), as a
# capture writes them when other threads' calls come between a launch and its return: the replay reads on to them.
mkdir -p "$work/late-cache"
TT_METAL_EMU_CACHE_DIR=$work/late-cache LTCAP_LOG=quiet LTCAP_OUTPUT=$work/pipeline.capnp LD_PRELOAD=$shim \
    "$pipeline" --iterations 30 >/dev/null 2>&1 || fail "capture of the pipeline"
late_builds=$(find "$work/late-cache" -name .SUCCESS | wc -l)
"$edit" "$work/pipeline.capnp" "$work/late.capnp" --delay-binaries 100 || fail "log_edit --delay-binaries"
# (from a file: awk stops reading at the first build, and a dump still writing into its pipe would die of SIGPIPE)
"$ltdump" --data "$work/late.capnp" >"$work/late.dump" || fail "ltdump of the delayed log"
awk '/binary#/ {exit} /^#[0-9]+ / {n++} END {exit n < 100}' "$work/late.dump" ||
    fail "log_edit --delay-binaries left a build before the hundredth call"
replay "$work/late.capnp" -v -v
status=$?
[ $status -eq 0 ] || fail "builds a hundred calls after their launch: exit $status: $(grep -v '^ltplay: #' "$work/out")"
grep -q "^ltplay: kernels: $late_builds builds installed from the log, none compiled" "$work/out" ||
    fail "builds a hundred calls late were not installed: $(grep kernels: "$work/out")"
grep -q "^ltplay: call #[0-9]* is made again: a build it needed came later in the log" "$work/out" ||
    fail "no launch was made again: the builds were not late"
echo "ok: builds a hundred calls after their launch -> $(grep -c 'made again' "$work/out") launches made again"

# A private cache its replay could not remove (killed: its lock went with it) is removed by the next replay that makes
# one, once nobody holds its lock and it is a day old; one a live process holds, a young one and any other folder
# are left alone.
sweep=$work/sweep-tmp
mkdir -p "$sweep/ltplay-kernels-killed/abi6/x" "$sweep/ltplay-kernels-held" "$sweep/ltplay-kernels-young" \
    "$sweep/other-folder"
touch -d '2 days ago' "$sweep/ltplay-kernels-killed" "$sweep/ltplay-kernels-held" "$sweep/other-folder"
touch -d '2 hours ago' "$sweep/ltplay-kernels-young"
flock "$sweep/ltplay-kernels-held" sleep 300 &
holder=$!
for ((i = 0; i < 600; i++)); do flock -n "$sweep/ltplay-kernels-held" true || break; sleep 0.1; done
flock -n "$sweep/ltplay-kernels-held" true && fail "flock(1) did not take the lock"
(cd "$work/elsewhere" && TMPDIR=$sweep PATH=/nonexistent TT_METAL_EMU_CACHE_DIR=$work/sweep-cache "$ltplay" -q \
    "$work/log.capnp") >"$work/out" 2>&1 || fail "replay beside abandoned caches: exit $?: $(cat "$work/out")"
kill $holder 2>/dev/null
wait $holder 2>/dev/null
[ ! -e "$sweep/ltplay-kernels-killed" ] || fail "an abandoned private kernel cache was left in place"
for kept in ltplay-kernels-held ltplay-kernels-young other-folder; do
    [ -d "$sweep/$kept" ] || fail "the replay removed $kept"
done
[ "$(ls "$sweep" | wc -l)" -eq 3 ] || fail "the replay left its own cache: $(ls "$sweep")"
echo "ok: an abandoned private cache is removed by the next replay; a held one, a young one and others are kept"

# With no folder for temporary files ($TMPDIR names none) the builds are not installed, and the replay says so: the
# calls before the first kernel replay; a kernel to run then needs its source written out, which fails naming $TMPDIR
# (exit 3: the log is fine). Nothing is made where $TMPDIR points.
(cd "$work/elsewhere" && TMPDIR=$work/no-tmp/x PATH=/nonexistent "$ltplay" --calls 1-2 "$work/log.capnp") >"$work/out" 2>&1 ||
    fail "calls before any kernel, no \$TMPDIR: exit $?: $(cat "$work/out")"
grep -q "^ltplay: kernels: the log's builds are not installed: no folder for a private kernel cache (\$TMPDIR $work/no-tmp/x: " \
    "$work/out" || fail "no \$TMPDIR: the replay does not say why the builds are not installed: $(cat "$work/out")"
(cd "$work/elsewhere" && TMPDIR=$work/no-tmp/x PATH=/nonexistent "$ltplay" "$work/log.capnp") >"$work/out" 2>&1
status=$?
[ $status -eq 3 ] || fail "a kernel to run with no \$TMPDIR: exit $status, expected 3: $(cat "$work/out")"
grep -q "^ltplay: replay failed: .*no folder for the log's kernel sources (\$TMPDIR $work/no-tmp/x: " "$work/out" ||
    fail "a kernel to run with no \$TMPDIR: $(cat "$work/out")"
[ ! -e "$work/no-tmp" ] || fail "the replay made \$TMPDIR's folder"
echo "ok: no \$TMPDIR: builds not installed, said; calls before the first kernel replay; the first kernel -> exit 3"

# --check checks the builds as the replay would install them, and writes nothing: no private kernel cache.
mkdir -p "$work/check-tmp"
(cd "$work/elsewhere" && TMPDIR=$work/check-tmp PATH=/nonexistent "$ltplay" --check "$work/log.capnp") >"$work/out" 2>&1 ||
    fail "--check: exit $?: $(cat "$work/out")"
[ -z "$(ls -A "$work/check-tmp")" ] || fail "--check made $(ls "$work/check-tmp")"
echo "ok: --check installs nothing"

# --recompile compiles from the log's sources, which needs the compiler the replay does not find.
replay "$work/log.capnp" --recompile
status=$?
[ $status -eq 3 ] || fail "--recompile without a compiler: exit $status, expected 3: $(cat "$work/out")"
grep -q "cannot run the kernel compiler" "$work/out" || fail "--recompile without a compiler: $(cat "$work/out")"
echo "ok: --recompile without a compiler -> $(grep -m1 ltplay: "$work/out")"
(cd "$work/elsewhere" && TT_METAL_EMU_CACHE_DIR=$work/replay-cache "$ltplay" -q --recompile "$work/log.capnp") \
    >"$work/out" 2>&1 || fail "--recompile with a compiler: $(cat "$work/out")"
rm -rf "$work/replay-cache" && mkdir "$work/replay-cache"

# Refused, exit 2 with one line naming what is wrong: EDIT... makes the log, PATTERN is what the line must say.
refused() {  # NAME PATTERN EDIT...
    local name=$1 pattern=$2
    shift 2
    "$edit" "$work/log.capnp" "$work/bad.capnp" "$@" || fail "$name: log_edit $*"
    replay "$work/bad.capnp"
    local status=$?
    [ $status -eq 2 ] || fail "$name: exit $status, expected 2: $(cat "$work/out")"
    [ "$(grep -c '^ltplay:' "$work/out")" -eq 1 ] || fail "$name: not one line: $(cat "$work/out")"
    grep -qE "$pattern" "$work/out" || fail "$name: the line does not say /$pattern/: $(cat "$work/out")"
    echo "ok: $name -> $(cat "$work/out")"
}
"$ltdump" --data "$work/log.capnp" >"$work/dump" || fail "ltdump"
kernel=$(sed -n 's/^  binary#\([0-9]*\): .*/\1/p' "$work/dump" | head -1)
folder=$(sed -n "s/^  binary#$kernel: kernel [^,]*, build \([^ ]*\) .*/\1/p" "$work/dump")
[ -n "$kernel" ] && [ -n "$folder" ] || fail "ltdump lists no kernel binary: $(grep binary "$work/dump")"
refused "no builds" "call #[0-9]+ [a-zA-Z]+: the log carries no usable build of a kernel it runs \((TT_THROW: )?Failed to generate binaries for [a-z_]+" \
    --drop-binaries
refused "a build in another folder" "the log carries no usable build of a kernel it runs \((TT_THROW: )?Failed to generate binaries for [a-z_]+" \
    --binary-folder "$kernel" "${folder%/*}/0"
for bad in ../../etc abi1/../../x /tmp/x ""; do
    refused "a build folder '$bad'" "kernel binary #$kernel: its folder" --binary-folder "$kernel" "$bad"
done
for bad in x/y "abi999/${folder#*/}"; do
    refused "a build folder '$bad'" "kernel binary #$kernel: its folder $bad is not abi[0-9]+/" \
        --binary-folder "$kernel" "$bad"
    # --check refuses it too, though it installs nothing.
    replay "$work/bad.capnp" --check
    status=$?
    [ $status -eq 2 ] && grep -qE "kernel binary #$kernel: its folder $bad is not abi[0-9]+/" "$work/out" ||
        fail "--check of a build folder '$bad': exit $status: $(cat "$work/out")"
done
# Two builds in one folder (OLD_LOG has several): refused by the replay and by --check.
"$ltdump" --data "$old" >"$work/old.dump" || fail "ltdump OLD_LOG"
first=$(sed -n 's/^  binary#\([0-9]*\): .*/\1/p' "$work/old.dump" | sed -n 1p)
other=$(sed -n 's/^  binary#\([0-9]*\): .*/\1/p' "$work/old.dump" | sed -n 2p)
taken=$(sed -n "s/^  binary#$first: kernel [^,]*, build \([^ ]*\) .*/\1/p" "$work/old.dump")
[ -n "$other" ] && [ -n "$taken" ] || fail "ltdump lists fewer than two kernel binaries in OLD_LOG"
"$edit" "$old" "$work/bad.capnp" --binary-folder "$other" "$taken" || fail "log_edit --binary-folder"
for check in "" --check; do
    replay "$work/bad.capnp" $check
    status=$?
    [ $status -eq 2 ] && grep -q "kernel binary #$other: the log holds build $taken twice" "$work/out" ||
        fail "two builds in one folder ${check:-replayed}: exit $status: $(cat "$work/out")"
done
echo "ok: two builds in one folder -> $(cat "$work/out")"
refused "a build file '../x'" "kernel binary #$kernel: a file's path" --binary-file "$kernel" ../x
# Its first file no longer where the build has it: the build is not up to date, and nothing compiles it.
refused "a build file moved" "the log carries no usable build of a kernel it runs" --binary-file "$kernel" moved

# Another emulator build's builds: compiled from the log's sources, or, with no compiler, a failed replay naming why.
mkdir -p "$work/old"
(cd "$work/old" && TT_METAL_EMU_CACHE_DIR=$work/old-cache "$ltplay" "$old") >"$work/out" 2>&1 ||
    fail "a log of another emulator build: exit $?: $(tail -3 "$work/out")"
grep -qE "^ltplay: kernels: [1-9][0-9]* of the log's [1-9][0-9]* builds were made by another build of the emulated tt-metal \(abi[0-9]+ include-[0-9a-f]+; this one: abi[0-9]+ include-[0-9a-f]+\), so its kernels were compiled from the log's sources$" \
    "$work/out" || fail "the other emulator's builds are not named: $(grep kernels: "$work/out")"
grep -q " 0 mismatches; " "$work/out" || fail "a log of another emulator build: $(tail -1 "$work/out")"
(cd "$work/old" && PATH=/nonexistent TT_METAL_EMU_CACHE_DIR=$work/old-cache2 "$ltplay" "$old") >"$work/out" 2>&1
status=$?
[ $status -eq 3 ] && grep -q "the log's kernel builds were made by another build of the emulated tt-metal (abi[0-9]* include-[0-9a-f]*; this one: abi[0-9]* include-[0-9a-f]*), and compiling its kernels from the log's sources failed" "$work/out" ||
    fail "another emulator's builds with no compiler: exit $status: $(tail -2 "$work/out")"
echo "ok: another emulator build's log, no compiler: $(grep -m1 'another build' "$work/out" | cut -c1-240)"
echo "PASS: kernel builds in the log"
