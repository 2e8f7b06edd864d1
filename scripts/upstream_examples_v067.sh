#!/bin/bash
# The mesh releases' yardstick: tt-metal v0.67.0's own 38 programming-example programs (tt_metal/programming_examples
# at tag v0.67.0, tests/ included) — or v0.68.0-rc1's (--tt-metal) — built unchanged against that release's stand-in
# installed as a package (scripts/install.sh --tt-metal RELEASE PREFIX) and run on the emulated device. Each must exit 0; most check their
# own results. Ends with "N passed, M failed" over the programs.
#
#   scripts/upstream_examples_v067.sh [options] GIT_DIR
#     GIT_DIR        a git directory holding tag v0.67.0 of tt-metal (the search tool's fetch of mcrl/ttt-s2-tt-metal)
#     --prefix DIR   use this installed prefix instead of installing one into the work folder
#     --work DIR     where the sources, builds, logs and kernel cache go (default: a new temporary folder)
#     --only NAME    run only programs whose path (relative to programming_examples, no .cpp) contains NAME;
#                    may be repeated
#     --timeout S    seconds each program may run (default 600)
#     --tt-metal R   the release whose examples and stand-in to take: v0.67.0 (default) or v0.68.0-rc1 (the tag
#                    R of GIT_DIR, installed with scripts/install.sh --tt-metal R)
#     --capture      also capture each passing program under the prefix's `ltcap capture` on a cold kernel cache (its
#                    exit status must not change) and replay the log with `ltcap replay` from another folder, without
#                    TT_METAL_RUNTIME_ROOT, with no compiler on PATH and an empty kernel cache (exit 0: every read
#                    verified, every kernel from the builds the log carries); a program passes when all three do
#
# How each program is built: a directory tt-metal ships as a stand-alone example (its CMakeLists.txt, or the
# nearest one above it, has a project() and calls find_package(TT-Metalium)) is configured as it is, with
# CMAKE_PREFIX_PATH=PREFIX. The others (profiler/, distributed/, contributed/multicast — built only inside
# tt-metal's tree) get a minimal find_package(TT-Metalium) project with what tt-metal's tree gives them: the
# OVERRIDE_KERNEL_PREFIX definition, -Wno-narrowing and their own folder on the include path. Every program runs
# from the examples folder with TT_METAL_RUNTIME_ROOT at a tree holding tt-metal's tt_metal/ and
# tests/tt_metal/tt_metal/test_kernels, as tt-metal runs them. Tenstorrent's files are read from GIT_DIR into the
# work folder; nothing of them enters this repository.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tag=v0.67.0  # the release: its tag's examples, its stand-in (--tt-metal)
prefix= work= timeout_s=600 capture=0
only=()
usage() { sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) prefix=$(realpath -m "${2:?--prefix needs a folder}"); shift 2 ;;
        --work) work=$(realpath -m "${2:?--work needs a folder}"); shift 2 ;;
        --only) only+=("${2:?--only needs a name}"); shift 2 ;;
        --timeout) timeout_s=${2:?--timeout needs seconds}; shift 2 ;;
        --capture) capture=1; shift ;;
        --tt-metal) tag=${2:?--tt-metal needs a release}; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "upstream_examples_v067.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
git_dir=${1:-}
if [ -z "$git_dir" ]; then
    usage >&2
    exit 2
fi
git_dir=$(realpath "$git_dir")
git --git-dir="$git_dir" rev-parse -q --verify "$tag^{commit}" >/dev/null ||
    { echo "upstream_examples_v067.sh: $git_dir has no tag $tag" >&2; exit 2; }
[ -n "$work" ] || work=$(mktemp -d /tmp/ltcap-examples67.XXXXXX)
mkdir -p "$work"
echo "work folder: $work"

# What building the examples needs beyond the project's own dependencies: CMake, and protobuf for
# tests/package_integration_test.
need=()
for p in cmake libprotobuf-dev protobuf-compiler; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "installing: ${need[*]}"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
        { echo "upstream_examples_v067.sh: could not install ${need[*]}" >&2; exit 2; }
fi

if [ -z "$prefix" ]; then
    prefix=$work/prefix
    echo "installing the $tag stand-in into $prefix"
    "$root/scripts/install.sh" --tt-metal "$tag" "$prefix" >"$work/install.log" 2>&1 ||
        { echo "upstream_examples_v067.sh: install failed:"; tail -20 "$work/install.log"; exit 2; }
fi
[ -f "$prefix/lib/cmake/tt-metalium/TT-MetaliumConfig.cmake" ] ||
    { echo "upstream_examples_v067.sh: $prefix holds no TT-Metalium package (install.sh --tt-metal $tag)" >&2; exit 2; }
[ "$(cat "$prefix/share/ltcap/tt-metal-release" 2>/dev/null)" = "$tag" ] ||
    { echo "upstream_examples_v067.sh: $prefix holds tt-metal $(cat "$prefix/share/ltcap/tt-metal-release" 2>/dev/null), not $tag" >&2; exit 2; }

# The tree tt-metal's programs expect under TT_METAL_RUNTIME_ROOT (v0.67.0 does not read TT_METAL_HOME).
tree=$work/tree
if [ ! -f "$tree/.complete" ]; then
    rm -rf "$tree"
    for dir in tt_metal/programming_examples tt_metal/kernels tests/tt_metal/tt_metal/test_kernels; do
        git --git-dir="$git_dir" ls-tree -r --name-only "$tag" -- "$dir" | while IFS= read -r f; do
            mkdir -p "$tree/$(dirname "$f")"
            git --git-dir="$git_dir" show "$tag:$f" >"$tree/$f"
        done
    done
    touch "$tree/.complete"
fi
examples=$tree/tt_metal/programming_examples

# The programs: every host source outside kernels/ folders.
mapfile -t sources < <(cd "$examples" && find . -name '*.cpp' -not -path '*/kernels/*' | sed 's|^\./||' | sort)
selected() {
    [ ${#only[@]} -eq 0 ] && return 0
    local o
    for o in "${only[@]}"; do [[ $1 == *"$o"* ]] && return 0; done
    return 1
}

# The stand-alone project a source belongs to: the nearest CMakeLists.txt at or above its folder (below the
# examples root) with a project() and a find_package(TT-Metalium) somewhere in its tree.
project_of() {
    local d
    d=$(dirname "$1")
    while [ "$d" != . ]; do
        if [ -f "$examples/$d/CMakeLists.txt" ] && grep -q '^project(' "$examples/$d/CMakeLists.txt" &&
            grep -rqs 'find_package(TT-Metalium' --include=CMakeLists.txt "$examples/$d"; then
            echo "$d"
            return
        fi
        d=$(dirname "$d")
    done
}
# The executable target its folder's CMakeLists.txt builds from it.
target_of() {
    local src=$1 file
    file=$(basename "$src")
    sed -n -E "s/^[[:space:]]*(target_sources|add_executable)\(([A-Za-z0-9_]+)[[:space:]].*\b${file//./\\.}\b.*/\2/p" \
        "$examples/$(dirname "$src")/CMakeLists.txt" | head -1
}

build_log=$work/logs
mkdir -p "$build_log" "$work/build" "$work/minimal"
cmake_flags=(-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=g++)
declare -A configured
passed=0 failed=0
failures=()
for src in "${sources[@]}"; do
    name=${src%.cpp}
    selected "$name" || continue
    log=$build_log/${name//\//__}.log
    project=$(project_of "$src")
    exe=
    if [ -n "$project" ]; then
        bdir=$work/build/$project
        if [ -z "${configured[$project]:-}" ]; then
            cmake -S "$examples/$project" -B "$bdir" "${cmake_flags[@]}" >"$log.configure" 2>&1 &&
                configured[$project]=ok || configured[$project]=failed
        fi
        target=$(target_of "$src")
        if [ "${configured[$project]}" = ok ] && [ -n "$target" ] &&
            cmake --build "$bdir" --target "$target" -j 2 >"$log.build" 2>&1; then
            exe=$(find "$bdir" -type f -name "$target" -perm -u+x | head -1)
        fi
        how="its own CMake project ($project)"
    else
        mdir=$work/minimal/${name//\//__}
        mkdir -p "$mdir"
        cat >"$mdir/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.22)
project(ltcap_yardstick CXX)
find_package(TT-Metalium REQUIRED)
add_executable(program "$examples/$src")
target_include_directories(program PRIVATE "$examples/$(dirname "$src")")
target_compile_definitions(program PRIVATE OVERRIDE_KERNEL_PREFIX="tt_metal/programming_examples/")
target_compile_options(program PRIVATE -Wno-narrowing)
target_link_libraries(program PRIVATE TT::Metalium)
CMAKE
        if cmake -S "$mdir" -B "$mdir/build" "${cmake_flags[@]}" >"$log.configure" 2>&1 &&
            cmake --build "$mdir/build" -j 2 >"$log.build" 2>&1; then
            exe=$mdir/build/program
        fi
        how="a minimal find_package(TT-Metalium) project"
    fi
    if [ -z "$exe" ] || [ ! -x "$exe" ]; then
        failed=$((failed + 1))
        failures+=("$name")
        echo "FAIL $name: did not build with $how"
        tail -15 "$log.configure" "$log.build" 2>/dev/null | grep -E "error|Error|CMake" | head -8 | sed 's/^/    /'
        continue
    fi
    start=$(date +%s)
    (cd "$examples" && TT_METAL_RUNTIME_ROOT="$tree" TT_METAL_EMU_CACHE_DIR="$work/kernel-cache" \
        timeout "$timeout_s" "$exe") >"$log" 2>&1
    status=$?
    secs=$(($(date +%s) - start))
    if [ $status -eq 0 ] && [ $capture -eq 1 ]; then
        # The same run under capture, then its log replayed elsewhere with nothing but the log.
        clog=$build_log/${name//\//__}.capnp
        rdir=$work/replay/${name//\//__}
        rm -rf "$clog" "$rdir" "$work/capture-cache" "$work/replay-cache" &&
            mkdir -p "$rdir" "$work/capture-cache" "$work/replay-cache"
        (cd "$examples" && TT_METAL_RUNTIME_ROOT="$tree" TT_METAL_EMU_CACHE_DIR="$work/capture-cache" \
            timeout "$timeout_s" "$prefix/bin/ltcap" capture -q -o "$clog" -- "$exe") >"$log.capture" 2>&1
        cstatus=$?
        (cd "$rdir" && env -u TT_METAL_RUNTIME_ROOT -u TT_METAL_HOME TT_METAL_EMU_CACHE_DIR="$work/replay-cache" \
            timeout "$timeout_s" env PATH=/nonexistent "$prefix/bin/ltcap" replay "$clog") >"$log.replay" 2>&1
        rstatus=$?
        if [ $rstatus -eq 0 ] && ! grep -q "^ltplay: kernels: [0-9]* builds installed from the log" "$log.replay"; then
            echo "ltplay installed no kernel build from the log" >>"$log.replay"
            rstatus=1
        fi
        summary=$(grep -E "calls replayed" "$log.replay" | tail -1 | sed 's/^ltplay: //')
        if [ $cstatus -ne $status ]; then
            status=1
            echo "FAIL $name: exit $cstatus under capture (exit $status without); last lines of $log.capture:"
            tail -6 "$log.capture" | cut -c1-300 | sed 's/^/    /'
        elif [ $rstatus -ne 0 ]; then
            status=1
            echo "FAIL $name: ltcap replay exited $rstatus; last lines of $log.replay:"
            tail -6 "$log.replay" | cut -c1-300 | sed 's/^/    /'
        else
            secs="${secs}s; replay: $summary"
        fi
        if [ $status -ne 0 ]; then
            failed=$((failed + 1))
            failures+=("$name")
            continue
        fi
        passed=$((passed + 1))
        echo "PASS $name ($secs)"
    elif [ $status -eq 0 ]; then
        passed=$((passed + 1))
        echo "PASS $name (${secs}s)"
    else
        failed=$((failed + 1))
        failures+=("$name")
        echo "FAIL $name: exit $status after ${secs}s; last lines of $log:"
        tail -6 "$log" | cut -c1-300 | sed 's/^/    /'
    fi
done
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
