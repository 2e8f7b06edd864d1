#!/bin/bash
# A log turned into source checks itself: an example program is captured, `ltcap export --format cpp` writes it as a
# standalone program of its release, which builds with CMake against the release installed as a package
# (scripts/install.sh), runs from another folder on an empty kernel cache and finds every read as the capture had it;
# captured in turn, its log and the first one are alike call by call and read by read (`ltcap diff`).
#   export_test.sh [--bite] RELEASE PROGRAM
# --bite also proves the checks bite: a recorded read's bytes changed in the export make the program fail, naming
# the call; a call of the log the program no longer makes is a difference `ltcap diff` reports.
set -uo pipefail
bite=0
if [ "$1" = --bite ]; then bite=1; shift; fi
release=$1 program=$(realpath "$2")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
prefix=$work/prefix
scripts/install.sh --from "$PWD" --tt-metal "$release" "$prefix" >"$work/install.out" 2>&1 ||
    fail "install: $(tail -5 "$work/install.out")"
ltcap=$prefix/bin/ltcap
export TT_METAL_EMU_CACHE_DIR=$work/capture-cache

# The program as the tests run it (from the runfiles root, where its kernel paths lead).
"$ltcap" capture --quiet --output "$work/log.capnp" -- "$program" >"$work/capture.out" 2>&1 ||
    fail "capture: exit $?: $(tail -5 "$work/capture.out")"

"$ltcap" export --format cpp "$work/log.capnp" "$work/repro" >"$work/export.out" 2>&1 ||
    fail "ltcap export --format cpp: exit $?: $(cat "$work/export.out")"
grep -qE "^ltcap export: wrote .*/repro: [0-9]+ calls, [0-9]+ kernel sources, [0-9]+ data files, [0-9]+ reads checked$" \
    "$work/export.out" || fail "the export does not say what it wrote: $(cat "$work/export.out")"
for f in main.cpp CMakeLists.txt ltcap_repro.h README.md; do [ -f "$work/repro/$f" ] || fail "no $f in the export"; done
if [ "$release" = v0.56.0 ]; then
    configure=(-DTT_METAL_PREFIX="$prefix")
else
    configure=(-DCMAKE_PREFIX_PATH="$prefix")
    grep -q "^find_package(TT-Metalium REQUIRED)$" "$work/repro/CMakeLists.txt" || fail "no find_package(TT-Metalium)"
fi
cmake -S "$work/repro" -B "$work/build" "${configure[@]}" >"$work/cmake.out" 2>&1 || fail "cmake: $(tail -5 "$work/cmake.out")"
cmake --build "$work/build" >"$work/build.out" 2>&1 || fail "the export does not build: $(grep -m5 -A3 error "$work/build.out")"

# Run from another folder, compiling every kernel from the exported sources.
mkdir -p "$work/elsewhere"
export TT_METAL_EMU_CACHE_DIR=$work/repro-cache
(cd "$work/elsewhere" && "$work/build/repro") >"$work/run.out" 2>&1 || fail "the reproducer failed: exit $?: $(tail -5 "$work/run.out")"
grep -qE "^ltcap_repro: [1-9][0-9]* reads checked, 0 mismatches \([0-9]+ bytes\)$" "$work/run.out" ||
    fail "no verdict, or nothing checked: $(tail -3 "$work/run.out")"

# Captured in turn: the same calls and reads as the source log.
(cd "$work/elsewhere" && "$ltcap" capture --quiet --output "$work/again.capnp" -- "$work/build/repro") \
    >"$work/again.out" 2>&1 || fail "capturing the reproducer: exit $?: $(tail -5 "$work/again.out")"
"$ltcap" diff "$work/log.capnp" "$work/again.capnp" >"$work/diff.out" 2>&1 ||
    fail "the reproducer's log differs from the program's: $(head -12 "$work/diff.out")"
grep -q " are alike: " "$work/diff.out" || fail "ltcap diff: $(head -3 "$work/diff.out")"
echo "ok: $(basename "$program") ($release): $(tail -1 "$work/run.out"); $(head -1 "$work/diff.out" | sed 's/.* are alike: //')"

if [ $bite = 1 ]; then
    # A recorded read that no longer matches fails the reproducer, naming the call.
    expect=$(grep -m1 -oE 'run.Expect\([0-9]+, [0-9]+, [0-9]+\)' "$work/repro/main.cpp") || fail "no read check in main.cpp"
    read -r seq _ blob <<<"$(echo "$expect" | tr -d 'run.Expect(),' )"
    file=$work/repro/data/blob$blob.bin
    printf '\x5a' | dd of="$file" bs=1 seek=3 conv=notrunc status=none
    (cd "$work/elsewhere" && "$work/build/repro") >"$work/bitten.out" 2>&1
    status=$?
    [ $status -eq 1 ] || fail "a changed recorded read: exit $status, expected 1: $(tail -3 "$work/bitten.out")"
    grep -q "^ltcap_repro: MISMATCH call #$seq: byte " "$work/bitten.out" ||
        fail "the mismatch is not named: $(cat "$work/bitten.out")"
    echo "ok: a changed recorded read fails the reproducer: $(grep -m1 MISMATCH "$work/bitten.out")"
    # A program making one call less is a difference the round trip finds.
    line=$(grep -n '^ *(void).*SetRuntimeArgs' "$work/repro/main.cpp" | tail -1 | cut -d: -f1)
    sed -i "${line}s|^|//|" "$work/repro/main.cpp"
    cmake --build "$work/build" >"$work/build2.out" 2>&1 || fail "rebuild: $(grep -m3 error "$work/build2.out")"
    (cd "$work/elsewhere" && "$ltcap" capture --quiet --output "$work/less.capnp" -- "$work/build/repro") >/dev/null 2>&1
    "$ltcap" diff "$work/log.capnp" "$work/less.capnp" >"$work/diff2.out" 2>&1
    [ $? -eq 1 ] && grep -qE "^first divergence: only in A: #[0-9]+ setRuntimeArgs" "$work/diff2.out" ||
        fail "a call left out is not found: $(head -4 "$work/diff2.out")"
    echo "ok: a call left out: $(grep -m1 'first divergence' "$work/diff2.out")"
fi
echo PASS
