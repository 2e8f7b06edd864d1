#!/bin/bash
# Makes the golden logs of one log format: builds the shim of a commit that writes that format, runs this tree's
# tests/capture/all_calls.cpp under it (the whole run, and a window that opens mid-run, so the log starts with a
# snapshot), and writes v<N>-all_calls.capnp and v<N>-window.capnp into this folder. Not run by CI: the logs it
# made are checked in, and golden_logs_test.sh replays them.
#
#   tests/replay/golden/make_golden.sh <commit>      # from the project root; the commit's format is read from it
#   tests/replay/golden/make_golden.sh --profile v0.67.0 <commit>
#
# With --profile v0.67.0 (formats 10 and later) the logs are the v0.67.0 shim's of tests/v0.67.0/all_calls, written
# into golden/v0.67.0/ (golden_logs_v067_test replays them with ltplay_v067).
#
# Formats 1-3 named a Kernel object argument by its address alone, so for them all_calls leaves those two calls
# out (ALL_CALLS_WITHOUT_KERNEL_OBJECT_ARGS). Today's all_calls.cpp also calls the mesh API (format 6) and a
# mesh's sub-device managers (format 7), which older commits' headers lack, and opens a device through
# tt::DevicePool::initialize (format 8), which older shims do not record: their logs are made already and kept.
set -euo pipefail
profile=v0.56.0
if [ "${1:-}" = --profile ]; then
    profile=${2:?usage: make_golden.sh [--profile v0.67.0] <commit>}
    shift 2
fi
commit=${1:?usage: make_golden.sh [--profile v0.67.0] <commit>}
root=$(git rev-parse --show-toplevel)
here=$root/tests/replay/golden
version=$(git -C "$root" show "$commit:schema/trace.capnp" | sed -n 's/^const formatVersion :UInt32 = \([0-9]*\);/\1/p')
[ -n "$version" ] || { echo "make_golden.sh: $commit has no formatVersion in schema/trace.capnp" >&2; exit 2; }
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach "$work/tree" "$commit" >/dev/null
case $profile in
    v0.56.0)
        shim=profiles/v0.56.0/libltcap.so program=tests/capture/all_calls window_start=60
        cp "$root/tests/capture/all_calls.cpp" "$work/tree/tests/capture/all_calls.cpp"
        ;;
    v0.67.0)
        [ "$version" -ge 10 ] || { echo "make_golden.sh: format $version has no v0.67.0 profile" >&2; exit 2; }
        shim=profiles/v0.67.0/libltcap_v067.so program=tests/v0.67.0/all_calls/all_calls window_start=35
        here=$here/v0.67.0
        mkdir -p "$here"
        rm -rf "$work/tree/tests/v0.67.0/all_calls"
        cp -r "$root/tests/v0.67.0/all_calls" "$work/tree/tests/v0.67.0/all_calls"
        ;;
    *) echo "make_golden.sh: no profile $profile (v0.56.0, v0.67.0)" >&2; exit 2 ;;
esac
define=()
[ "$version" -ge 4 ] || define=(--per_file_copt=tests/capture/all_calls.cpp@-DALL_CALLS_WITHOUT_KERNEL_OBJECT_ARGS)
(cd "$work/tree" && bazel build "${define[@]}" "//${shim%/*}:${shim##*/}" "//${program%/*}:${program##*/}" >&2)
bin=$(cd "$work/tree" && bazel info bazel-bin 2>/dev/null)
# From format 9 the tree is also TT_METAL_HOME, as in a tt-metal checkout: all_calls' kernel files then lie in the
# home, and the log records them at their place in it (SourceFile.fromHome).
home=()
[ "$version" -lt 9 ] || home=(TT_METAL_HOME="$work/tree")
run() {  # run all_calls from the commit's tree (kernel paths are relative to it) under its shim
    (cd "$work/tree" && env TT_METAL_EMU_CACHE_DIR="$work/cache" LD_PRELOAD="$bin/$shim" "${home[@]}" \
        "$@" "$bin/$program" >"$work/out.txt")
}
run LTCAP_OUTPUT="$here/v$version-all_calls.capnp"
# LTCAP_BOUNDARY=call counts every call: the window opens at the 60th (v0.67.0: the 35th, its first launch), after
# the buffers and kernels are made, and runs to the end.
if [ "$version" -ge 2 ]; then
    run LTCAP_OUTPUT="$work/window-%w.capnp" LTCAP_BOUNDARY=call LTCAP_RANGES=$window_start-
    mv "$work/window-1.capnp" "$here/v$version-window.capnp"
fi
(cd "$work/tree" && bazel shutdown)
ls -l "$here"/v"$version"-*.capnp
