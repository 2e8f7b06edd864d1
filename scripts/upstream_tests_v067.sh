#!/bin/bash
# The v0.67.0 unit-test yardstick: tt-metal v0.67.0's own gtest suites (unit_tests_legacy, unit_tests_api,
# unit_tests_integration, unit_tests_dispatch, distributed_unit_tests), each source file built unchanged into a
# binary of its own against the v0.67.0 stand-in installed as a TT-Metalium package (find_package(TT-Metalium),
# Debian's googletest), every test run on one emulated Wormhole card (TT_METAL_EMU_NUM_DEVICES=1) in both dispatch
# modes, and each passing (test, mode) run captured under the package's `ltcap capture` (its exit status and
# verdict must not change) and replayed by `ltcap replay` from another folder (exit 0; a replay that verifies
# nothing while the log holds a read call counts as a failure). Ends with "N passed, M failed" over the runs.
#
#   scripts/upstream_tests_v067.sh [options] GIT_DIR
#     GIT_DIR        a git directory holding tag v0.67.0 of tt-metal (the search tool's fetch of mcrl/ttt-s2-tt-metal)
#     --prefix DIR   use this installed prefix instead of installing one into the work folder
#     --work DIR     where the sources, builds, logs and kernel cache go (default: a new temporary folder)
#     --only TEXT    only source files whose path contains TEXT (may be repeated)
#     --filter GLOB  only tests whose gtest name matches GLOB (a --gtest_filter pattern)
#     --build-only   build and report; run nothing
#     --no-capture   run the tests, capture and replay none
#     --timeout S    seconds each run may take (default 300)
#
# Which files: those whose includes reach only public headers (tt_metal/api, tt_stl, hostdevcommon, third-party)
# once the shared fixture headers are given their public equivalents (scripts/upstream_tests_v067.py, which lists
# and patches them in the extracted copy); the others are listed as internal with the header that makes them so.
# One line per file: internal, "build failed" with the first error, or its tests' outcome per mode; then each
# failing (test, mode) with the stage that failed. A test its fixture skips in a mode (GTEST_SKIP: the fixture
# serves only slow or only fast dispatch, or wants more chips) is n/a there, as is a DISABLED_ test. A test listed
# in scripts/upstream_tests_v067.excluded (it needs what the emulator is not) still runs; failing, it counts as
# excluded and its reason is printed; passing, it counts as passed and the entry as stale. Tenstorrent's
# files are read from GIT_DIR into the work folder; nothing of them enters this repository.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tag=v0.67.0
prefix= work= timeout_s=300 build_only=0 capture=1 filter='*'
only=()
usage() { sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) prefix=$(realpath -m "${2:?--prefix needs a folder}"); shift 2 ;;
        --work) work=$(realpath -m "${2:?--work needs a folder}"); shift 2 ;;
        --only) only+=("${2:?--only needs a text}"); shift 2 ;;
        --filter) filter=${2:?--filter needs a pattern}; shift 2 ;;
        --build-only) build_only=1; shift ;;
        --no-capture) capture=0; shift ;;
        --timeout) timeout_s=${2:?--timeout needs seconds}; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "upstream_tests_v067.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
git_dir=${1:-}
[ -n "$git_dir" ] || { usage >&2; exit 2; }
git_dir=$(realpath "$git_dir")
git --git-dir="$git_dir" rev-parse -q --verify "$tag^{commit}" >/dev/null ||
    { echo "upstream_tests_v067.sh: $git_dir has no tag $tag" >&2; exit 2; }
[ -n "$work" ] || work=$(mktemp -d /tmp/ltcap-tests67.XXXXXX)
mkdir -p "$work"
echo "work folder: $work"
command -v cmake >/dev/null || "$root/scripts/install_deps.sh" || exit 2
# Boost's headers: some tests include them (tt-metal's build fetches Boost).
if ! dpkg-query -W -f='${Status}' libboost-dev 2>/dev/null | grep -q "install ok installed"; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get install -y -qq --no-install-recommends libboost-dev >/dev/null ||
        { echo "upstream_tests_v067.sh: cannot install libboost-dev" >&2; exit 2; }
fi

if [ -z "$prefix" ]; then
    prefix=$work/prefix
    "$root/scripts/install.sh" --tt-metal "$tag" "$prefix" >"$work/install.log" 2>&1 ||
        { echo "upstream_tests_v067.sh: install failed: $(tail -3 "$work/install.log")" >&2; exit 2; }
fi
ltcap=$prefix/bin/ltcap
[ -x "$ltcap" ] && [ -e "$prefix/lib/cmake/tt-metalium/TT-MetaliumConfig.cmake" ] ||
    { echo "upstream_tests_v067.sh: $prefix is not an ltcap install of tt-metal $tag" >&2; exit 2; }

# The tree the tests run in (their kernel paths are relative to it): TT_METAL_RUNTIME_ROOT, as tt-metal runs them.
tree=$work/tree
rm -rf "$tree"
mkdir -p "$tree"
# ttnn's kernel folders too: test kernels include ttnn's kernel headers (ttnn/operations/…, under ttnn/cpp).
git --git-dir="$git_dir" archive "$tag" tests/tt_metal tt_metal/api tt_metal/hostdevcommon tt_metal/kernels tt_stl \
    ':(glob)ttnn/cpp/ttnn/operations/**/kernels/**' 2>/dev/null | tar -x -C "$tree" || { echo "upstream_tests_v067.sh: cannot read $tag from $git_dir" >&2; exit 2; }
python3 "$root/scripts/upstream_tests_v067.py" list "$tree" >"$work/files.txt" || exit 2
python3 "$root/scripts/upstream_tests_v067.py" patch "$tree" || exit 2

# One CMake project, a target per public file (its name: the path with / as __). Each gets the include folders
# tt-metal's tree gives its tests: the tree and tests/ ($PROJECT_SOURCE_DIR), the test utilities, the suite's folder
# and its common/, and tt-metal's public headers also as bare names (Metalium::Metal's private api/tt-metalium,
# "FIXME: Re-home the tests").
project=$work/project
mkdir -p "$project"
{
    echo 'cmake_minimum_required(VERSION 3.22)'
    echo 'project(tt_metal_v067_unit_tests CXX)'
    echo 'set(CMAKE_CXX_STANDARD 20)'
    echo 'find_package(TT-Metalium 0.67 REQUIRED)'
    echo 'find_package(GTest REQUIRED)'
    echo 'add_compile_options(-w -O1)'
} >"$project/CMakeLists.txt"
selected=()
while read -r suite base path kind rest; do
    if [ ${#only[@]} -gt 0 ]; then
        keep=0
        for o in "${only[@]}"; do [[ "$path" == *"$o"* ]] && keep=1; done
        [ $keep = 1 ] || continue
    fi
    selected+=("$suite $base $path $kind ${rest:-}")
    [ "$kind" = public ] || continue
    companions=
    for c in ${rest:-}; do companions+=" \"$tree/$c\""; done
    target=${path//\//__}
    target=${target%.cpp}
    cat >>"$project/CMakeLists.txt" <<CMAKE
add_executable($target "$tree/$path"$companions)
target_include_directories($target PRIVATE "$tree" "$tree/tests" "$tree/tests/tt_metal/test_utils"
    "$tree/tests/tt_metal/tt_metal/common" "$tree/tests/tt_metal/tt_metal" "$tree/$base" "$tree/$base/common"
    "$prefix/include/tt-metalium")
target_link_libraries($target PRIVATE TT::Metalium GTest::gtest GTest::gmock GTest::gtest_main)
CMAKE
done <"$work/files.txt"
rm -rf "$project/build"  # a cache from another prefix would keep finding that prefix's package
cmake -S "$project" -B "$project/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1 ||
    { echo "upstream_tests_v067.sh: configure failed: $(tail -5 "$work/configure.log")" >&2; exit 2; }

env_run=(TT_METAL_RUNTIME_ROOT="$tree" ARCH_NAME=wormhole_b0 TT_METAL_EMU_NUM_DEVICES=1
         TT_METAL_EMU_CACHE_DIR="$work/kernel-cache")
mkdir -p "$work/logs" "$work/replay"
files_public=0 files_built=0 passed=0 failed=0 na=0 excluded=0
# exclusion TEST: the reason TEST is listed in upstream_tests_v067.excluded, or nothing.
exclusions=()
while IFS= read -r l; do
    [[ -z "$l" || "$l" == \#* ]] && continue
    exclusions+=("$l")
done <"$root/scripts/upstream_tests_v067.excluded"
exclusion() {
    local e
    for e in "${exclusions[@]}"; do
        # shellcheck disable=SC2053  # the glob is meant to match
        [[ "$1" == ${e%%$'\t'*} ]] && { echo "${e#*$'\t'}"; return 0; }
    done
    return 1
}
# run_one BIN TEST MODE: one test in one mode — run, capture, replay — and prints "ok", "n/a" or the failed stage.
run_one() {
    local bin=$1 test=$2 mode=$3 env=("${env_run[@]}") log
    log=$work/logs/$(basename "$bin").${test//\//_}.$mode
    # tt-metal's own DISABLED_ tests: gtest runs them only when asked to, and tt-metal does not ask.
    [[ "$test" == *DISABLED_* ]] && { echo "n/a"; return 0; }
    [ "$mode" = slow ] && env+=(TT_METAL_SLOW_DISPATCH_MODE=1)
    (cd "$tree" && env -u TT_METAL_SLOW_DISPATCH_MODE -u TT_METAL_HOME "${env[@]}" timeout "$timeout_s" "$bin" \
        --gtest_filter="$test" >"$log.run" 2>&1)
    local status=$?
    if grep -q '^\[  SKIPPED \] 1 test' "$log.run"; then echo "n/a"; return 0; fi
    if [ $status -ne 0 ] || ! grep -q '^\[  PASSED  \] 1 test' "$log.run"; then
        echo "run failed ($(grep -m1 -E 'Failure|TT_THROW|TT_FATAL|what\(\)|error|Expected' "$log.run" | cut -c1-110))"
        return 1
    fi
    [ $capture = 1 ] || { echo ok; return 0; }
    (cd "$tree" && env -u TT_METAL_SLOW_DISPATCH_MODE -u TT_METAL_HOME "${env[@]}" timeout "$timeout_s" "$ltcap" \
        capture -q -o "$log.capnp" -- "$bin" --gtest_filter="$test" >"$log.cap" 2>&1)
    local cap_status=$?
    if [ $cap_status -ne $status ] || ! grep -q '^\[  PASSED  \] 1 test' "$log.cap"; then
        echo "capture failed (exit $cap_status, $(grep -m1 -E 'Failure|ltcap:|error' "$log.cap" | cut -c1-100))"
        return 1
    fi
    [ -e "$log.capnp" ] || { echo "ok (no tt-metal call to capture)"; return 0; }
    (cd "$work/replay" && env -u TT_METAL_RUNTIME_ROOT -u TT_METAL_SLOW_DISPATCH_MODE TT_METAL_EMU_NUM_DEVICES=1 \
        TT_METAL_EMU_CACHE_DIR="$work/kernel-cache" timeout "$timeout_s" "$ltcap" replay "$log.capnp" >"$log.play" 2>&1)
    local play_status=$?
    if [ $play_status -ne 0 ]; then
        echo "replay failed (exit $play_status: $(grep -m1 -E 'MISMATCH|error|failed|refers|bad log' "$log.play" | cut -c1-110))"
        return 1
    fi
    # A test that read device data must have its reads verified: "the log has no reads" then means they were lost.
    if grep -q 'nothing verified: the log has no reads' "$log.play" &&
        "$ltcap" dump "$log.capnp" 2>/dev/null | grep -qiE '^#[0-9]+ [^ ]*read'; then
        echo "replay verified nothing (the log holds read calls but no read data)"
        return 1
    fi
    echo ok
}

for entry in "${selected[@]}"; do
    read -r suite base path kind rest <<<"$entry"
    if [ "$kind" != public ]; then
        printf '%-78s internal (%s)\n' "$path" "$rest"
        continue
    fi
    files_public=$((files_public + 1))
    target=${path//\//__}
    target=${target%.cpp}
    printf '%-78s ' "$path"
    if ! cmake --build "$project/build" --target "$target" >"$work/logs/$target.build" 2>&1; then
        echo "build failed: $(grep -m1 -E 'error|undefined reference' "$work/logs/$target.build" | sed 's/^.*error: //' | cut -c1-110)"
        continue
    fi
    files_built=$((files_built + 1))
    [ $build_only = 1 ] && { echo built; continue; }
    bin=$project/build/$target
    mapfile -t tests < <("$bin" --gtest_list_tests --gtest_filter="$filter" 2>/dev/null |
        awk '/^[^ ]/ {suite=$1} /^  / {print suite $1}')
    line="" problems=()
    for mode in fast slow; do
        p=0 f=0 n=0 x=0
        for t in "${tests[@]}"; do
            out=$(run_one "$bin" "$t" "$mode")
            why=$(exclusion "$t")
            case $out in
                ok*) p=$((p + 1))
                     [ -n "$why" ] && problems+=("    $t [$mode]: passes, but upstream_tests_v067.excluded lists it (stale)") ;;
                n/a) n=$((n + 1)) ;;
                *) if [ -n "$why" ]; then
                       x=$((x + 1)); problems+=("    $t [$mode]: excluded: $why")
                   else
                       f=$((f + 1)); problems+=("    $t [$mode]: $out")
                   fi ;;
            esac
        done
        passed=$((passed + p)) failed=$((failed + f)) na=$((na + n)) excluded=$((excluded + x))
        line+="$mode: $p ok, $f failed, $n n/a"
        [ $x -gt 0 ] && line+=", $x excluded"
        line+="   "
    done
    echo "${#tests[@]} tests; $line"
    for p in "${problems[@]}"; do echo "$p"; done
done
internal=$(grep -c ' internal ' "$work/files.txt")
echo "files: $(( ${#selected[@]} )) in the suites' source lists (selected), $internal internal in all; $files_public public, $files_built built"
echo "$passed passed, $failed failed ($na n/a: skipped by their fixture in that mode; $excluded excluded: need what the emulator is not, reasons above)"
[ "$failed" -eq 0 ] && [ "$files_built" -eq "$files_public" ]
