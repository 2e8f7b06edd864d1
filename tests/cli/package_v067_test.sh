#!/bin/bash
# The v0.67.0 stand-in as a package: scripts/install.sh --tt-metal v0.67.0 into a temporary prefix, then a program of
# ours built out of tree by CMake with find_package(TT-Metalium) and CMAKE_PREFIX_PATH=PREFIX alone (TT::Metalium),
# run against the installed libtt_metal.so, then captured by the installed `ltcap capture` (which must pick the v0.67.0
# shim by itself, from the library the program links) and replayed from another folder by `ltcap replay` (which
# must pick the v0.67.0 player from the log's header). A request for a later version than 0.67.0 must be refused;
# ltplay of v0.56.0 refuses the log naming its player; a tt-metal of no known release is not captured, and its
# program still runs with its own exit status.
#   package_v067_test.sh PROGRAM_SOURCE
set -uo pipefail
source=$(realpath "$1")
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v cmake >/dev/null || fail "cmake is not installed (scripts/install_deps.sh installs it)"
prefix=$work/prefix
scripts/install.sh --from "$PWD" --tt-metal v0.67.0 "$prefix" >"$work/install.out" 2>&1 ||
    fail "install: $(cat "$work/install.out")"
for f in lib/libtt_metal.so lib/cmake/tt-metalium/TT-MetaliumConfig.cmake \
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
# The real library's name: no version in its file name or soname (tt-metal sets neither VERSION nor SOVERSION).
readelf -d "$project/build/program" | grep -q 'NEEDED.*\[libtt_metal.so\]' ||
    fail "the program does not link the installed libtt_metal.so by the real library's soname"

# Kernel paths are relative to the workspace root, as the program's test runs it.
TT_METAL_EMU_CACHE_DIR=$work/kernel-cache "$project/build/program" >"$work/run.out" 2>&1 ||
    fail "the package-built program failed: $(tail -5 "$work/run.out")"
grep -q PASS "$work/run.out" || fail "the program did not report PASS: $(tail -3 "$work/run.out")"

# Captured as the program runs: the v0.67.0 shim, picked by the library the program links.
(TT_METAL_EMU_CACHE_DIR=$work/kernel-cache "$prefix/bin/ltcap" capture -o "$work/package.capnp" -- \
    "$project/build/program") >"$work/capture.out" 2>&1 || fail "capture changed the exit status: $(tail -5 "$work/capture.out")"
grep -q PASS "$work/capture.out" || fail "the captured program did not report PASS"
"$prefix/bin/ltcap" info "$work/package.capnp" >"$work/info.out" 2>&1 || fail "ltcap info: $(cat "$work/info.out")"
grep -q "v0.67.0" "$work/info.out" || fail "the log's header does not name tt-metal v0.67.0: $(head -5 "$work/info.out")"
mkdir -p "$work/elsewhere"
(cd "$work/elsewhere" && TT_METAL_EMU_CACHE_DIR=$work/kernel-cache "$prefix/bin/ltcap" replay "$work/package.capnp") \
    >"$work/replay.out" 2>&1 || fail "ltcap replay: $(tail -5 "$work/replay.out")"
reads=$(sed -n 's/.* \([0-9][0-9]*\) reads checked, 0 mismatches.*/\1/p' "$work/replay.out")
[ -n "$reads" ] && [ "$reads" -ge 3 ] || fail "the replay verified too few reads: $(tail -2 "$work/replay.out")"
# ltcap finds tt-metal as its users install it. Another release's library first on LD_LIBRARY_PATH: the prefix's own
# v0.67.0 library is put ahead of it. Without that one, the other is refused by name (not a loader error), and a
# v0.67.0 build under TT_METAL_RUNTIME_ROOT (its build/lib, as a source build lays it out) is found instead.
v056_lib=$(dirname "$(realpath profiles/v0.56.0/libtt_metal.so)")
(cd "$work/elsewhere" && TT_METAL_EMU_CACHE_DIR=$work/kernel-cache LD_LIBRARY_PATH=$v056_lib \
    "$prefix/bin/ltcap" replay "$work/package.capnp") >"$work/prefix_lib.out" 2>&1 ||
    fail "the prefix's library was not put ahead of a v0.56.0 one on LD_LIBRARY_PATH: $(tail -3 "$work/prefix_lib.out")"
mkdir -p "$work/runtime_root/build/lib"
mv "$prefix/lib/libtt_metal.so" "$work/runtime_root/build/lib/"
(cd "$work/elsewhere" && LD_LIBRARY_PATH=$v056_lib "$prefix/bin/ltcap" replay "$work/package.capnp") \
    >"$work/wrong_lib.out" 2>&1
status=$?
[ $status -eq 2 ] && grep -q "needs tt-metal v0.67.0's libtt_metal.so, and the one the player would load is $v056_lib/libtt_metal.so (tt-metal v0.56.0's)" \
    "$work/wrong_lib.out" || fail "a v0.56.0 library on LD_LIBRARY_PATH: exit $status, $(cat "$work/wrong_lib.out")"
(cd "$work/elsewhere" && TT_METAL_EMU_CACHE_DIR=$work/kernel-cache LD_LIBRARY_PATH=$v056_lib \
    TT_METAL_RUNTIME_ROOT=$work/runtime_root "$prefix/bin/ltcap" replay "$work/package.capnp") \
    >"$work/root_lib.out" 2>&1 || fail "the v0.67.0 build under TT_METAL_RUNTIME_ROOT was not used: $(tail -3 "$work/root_lib.out")"
mv "$work/runtime_root/build/lib/libtt_metal.so" "$prefix/lib/"
profiles/v0.56.0/ltplay "$work/package.capnp" >"$work/ltplay56.out" 2>&1  # with its own v0.56.0 library
[ $? -eq 2 ] && grep -q "ltplay_v067" "$work/ltplay56.out" ||
    fail "v0.56.0's ltplay did not refuse the v0.67.0 log naming its player: $(cat "$work/ltplay56.out")"

# A libtt_metal.so of neither release: one line naming the supported ones, and the program runs uncaptured.
mkdir -p "$work/other"
printf 'int tt_metal_of_another_release(void) { return 7; }\n' >"$work/other/lib.c"
printf 'int tt_metal_of_another_release(void);\nint main(void) { return tt_metal_of_another_release() - 4; }\n' \
    >"$work/other/main.c"
cc -shared -fPIC -o "$work/other/libtt_metal.so" "$work/other/lib.c" &&
    cc -o "$work/other/prog" "$work/other/main.c" -L"$work/other" -ltt_metal -Wl,-rpath,"$work/other" ||
    fail "could not build the stand-in of an unknown tt-metal"
(cd "$work/other" && "$prefix/bin/ltcap" capture -o "$work/other/x.capnp" -- ./prog) >"$work/other.out" 2>&1
status=$?
[ $status -eq 3 ] || fail "the program under an unknown tt-metal exited $status, not its own 3: $(cat "$work/other.out")"
grep -q "does not capture" "$work/other.out" && grep -q "v0.56.0, v0.67.0, v0.68.0-rc1" "$work/other.out" ||
    fail "no line naming the releases ltcap captures: $(cat "$work/other.out")"
[ ! -e "$work/other/x.capnp" ] || fail "a log was written for an unknown tt-metal"

# A later release (a library defining v0.67.0's CreateDevice and v0.68.0-rc1's MetalEnv) is v0.68.0-rc1, not
# v0.67.0: ltcap capture takes it for that release, and the v0.67.0 shim preloaded by hand turns capture off rather
# than touch it.
mkdir -p "$work/later"
printf '%s\n' 'void create_device(void) __asm__("_ZN2tt8tt_metal12CreateDeviceEihmmRKNS0_18DispatchCoreConfigERKSt6vectorIjSaIjEEm");' \
    'void create_device(void) {}' 'void metal_env_dtor(void) __asm__("_ZN2tt8tt_metal8MetalEnvD1Ev");' \
    'void metal_env_dtor(void) {}' 'int tt_metal_later(void) { return 9; }' >"$work/later/lib.c"
printf 'int tt_metal_later(void);\nint main(void) { return tt_metal_later() - 4; }\n' >"$work/later/main.c"
cc -shared -fPIC -o "$work/later/libtt_metal.so" "$work/later/lib.c" &&
    cc -o "$work/later/prog" "$work/later/main.c" -L"$work/later" -ltt_metal -Wl,-rpath,"$work/later" ||
    fail "could not build the stand-in of a later tt-metal"
(cd "$work/later" && "$prefix/bin/ltcap" capture -o "$work/later/x.capnp" -- ./prog) >"$work/later.out" 2>&1
status=$?
[ $status -eq 5 ] || fail "the program under v0.68.0-rc1 exited $status, not its own 5: $(cat "$work/later.out")"
grep -q "runs without capture\|after v0.67.0" "$work/later.out" && fail "v0.68.0-rc1 taken for an unknown release: $(cat "$work/later.out")"
(cd "$work/later" && LD_PRELOAD="$prefix/lib/libltcap_v067.so" LTCAP_OUTPUT="$work/later/y.capnp" ./prog) \
    >"$work/later2.out" 2>&1
status=$?
[ $status -eq 5 ] && grep -q "^ltcap: .*libtt_metal.so is a tt-metal release after v0.67.0 .*capture is off" "$work/later2.out" ||
    fail "the v0.67.0 shim in a later tt-metal: exit $status: $(cat "$work/later2.out")"
echo "ok: a later release: $(head -1 "$work/later.out")"

# After v0.68.0-rc1: a library that also defines MeshDevice::is_remote_only (v0.69.0-dev20260324) is no release
# ltcap captures; nothing is preloaded, the program runs as it is.
mkdir -p "$work/later69"
cp "$work/later/lib.c" "$work/later/main.c" "$work/later69/"
printf '%s\n' 'void is_remote_only(void) __asm__("_ZNK2tt8tt_metal11distributed10MeshDevice14is_remote_onlyEv");' \
    'void is_remote_only(void) {}' >>"$work/later69/lib.c"
cc -shared -fPIC -o "$work/later69/libtt_metal.so" "$work/later69/lib.c" &&
    cc -o "$work/later69/prog" "$work/later69/main.c" -L"$work/later69" -ltt_metal -Wl,-rpath,"$work/later69" ||
    fail "could not build the stand-in of a release after v0.68.0-rc1"
(cd "$work/later69" && "$prefix/bin/ltcap" capture -o "$work/later69/x.capnp" -- ./prog) >"$work/later69.out" 2>&1
status=$?
[ $status -eq 5 ] && grep -q "release after v0.68.0-rc1 (it defines MeshDevice::is_remote_only" "$work/later69.out" &&
    grep -q "runs without capture" "$work/later69.out" && [ ! -e "$work/later69/x.capnp" ] ||
    fail "a release after v0.68.0-rc1: exit $status: $(cat "$work/later69.out")"
echo "ok: after v0.68.0-rc1: $(head -1 "$work/later69.out")"

# The version its package states decides where the names cannot: v0.68.0-rc1's names with a package of 0.70.0 (as
# tt-metal installs it, LIBDIR/cmake/tt-metalium/tt-metalium-config-version.cmake) is not captured; with 0.68.0 it is
# taken for v0.68.0-rc1.
mkdir -p "$work/later/cmake/tt-metalium"
printf 'set(PACKAGE_VERSION "0.70.0")\n' >"$work/later/cmake/tt-metalium/tt-metalium-config-version.cmake"
(cd "$work/later" && "$prefix/bin/ltcap" capture -o "$work/later/z.capnp" -- ./prog) >"$work/version70.out" 2>&1
status=$?
[ $status -eq 5 ] && grep -q "is tt-metal 0.70.0 by its package, which exports v0.68.0-rc1's names" "$work/version70.out" &&
    grep -q "runs without capture" "$work/version70.out" ||
    fail "a package of 0.70.0 with v0.68.0-rc1's names: exit $status: $(cat "$work/version70.out")"
printf 'set(PACKAGE_VERSION "0.68.0")\n' >"$work/later/cmake/tt-metalium/tt-metalium-config-version.cmake"
(cd "$work/later" && "$prefix/bin/ltcap" capture -o "$work/later/z.capnp" -- ./prog) >"$work/version68.out" 2>&1
grep -q "runs without capture\|by its package" "$work/version68.out" &&
    fail "a package of 0.68.0 with v0.68.0-rc1's names refused: $(cat "$work/version68.out")"
rm -r "$work/later/cmake"
echo "ok: package versions: $(head -1 "$work/version70.out")"

# A version the package cannot satisfy is refused by find_package.
sed -i 's/TT-Metalium 0.67 REQUIRED/TT-Metalium 0.68 REQUIRED/' "$project/CMakeLists.txt"
cmake -S "$project" -B "$project/build68" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure68.out" 2>&1 &&
    fail "find_package(TT-Metalium 0.68) was satisfied by the 0.67.0 package"
echo "PASS: installed as a TT-Metalium package, a program built with find_package runs, captures and replays"
