#!/bin/bash
# The v0.67.0 stand-in as a package: scripts/install.sh --tt-metal v0.67.0 into a temporary prefix, then a program of
# ours built out of tree by CMake with find_package(TT-Metalium) and CMAKE_PREFIX_PATH=PREFIX alone (TT::Metalium),
# run against the installed libtt_metal.so. A request for a later version than 0.67.0 must be refused.
#   package_v067_test.sh PROGRAM_SOURCE
set -uo pipefail
source=$(realpath "$1")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v cmake >/dev/null || fail "cmake is not installed (scripts/install_deps.sh installs it)"
prefix=$work/prefix
scripts/install.sh --from "$PWD" --tt-metal v0.67.0 "$prefix" >"$work/install.out" 2>&1 ||
    fail "install: $(cat "$work/install.out")"
for f in lib/libtt_metal.so lib/libtt_metal.so.0.67.0 lib/cmake/tt-metalium/TT-MetaliumConfig.cmake \
    include/tt-metalium/distributed.hpp include/tt_stl/span.hpp include/hostdevcommon/kernel_structs.h bin/ltcap; do
    [ -e "$prefix/$f" ] || fail "install did not put $f under the prefix"
done
[ "$(cat "$prefix/share/ltcap/tt-metal-release")" = v0.67.0 ] || fail "the prefix does not name its tt-metal release"

project=$work/project
mkdir -p "$project"
cat >"$project/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.22)
project(package_check CXX)
find_package(TT-Metalium 0.67 REQUIRED)
add_executable(program "$source")
target_link_libraries(program PRIVATE TT::Metalium)
CMAKE
cmake -S "$project" -B "$project/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.out" 2>&1 ||
    fail "configure: $(tail -20 "$work/configure.out")"
cmake --build "$project/build" -j 2 >"$work/build.out" 2>&1 || fail "build: $(grep -m5 error "$work/build.out")"
readelf -d "$project/build/program" | grep -q 'NEEDED.*libtt_metal.so.0.67.0' ||
    fail "the program does not link the installed libtt_metal.so.0.67.0"

# Kernel paths are relative to the workspace root, as the program's test runs it.
TT_METAL_EMU_CACHE_DIR=$work/kernel-cache "$project/build/program" >"$work/run.out" 2>&1 ||
    fail "the package-built program failed: $(tail -5 "$work/run.out")"
grep -q PASS "$work/run.out" || fail "the program did not report PASS: $(tail -3 "$work/run.out")"

# A version the package cannot satisfy is refused by find_package.
sed -i 's/TT-Metalium 0.67 REQUIRED/TT-Metalium 0.68 REQUIRED/' "$project/CMakeLists.txt"
cmake -S "$project" -B "$project/build68" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure68.out" 2>&1 &&
    fail "find_package(TT-Metalium 0.68) was satisfied by the 0.67.0 package"
echo "PASS: installed as a TT-Metalium package, a program built with find_package runs"
