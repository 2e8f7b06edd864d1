#!/bin/bash
# Makes the golden logs of one log format: builds the shim of a commit that writes that format, runs this tree's
# tests/capture/all_calls.cpp under it (the whole run, and a window that opens mid-run, so the log starts with a
# snapshot), and writes v<N>-all_calls.capnp and v<N>-window.capnp into this folder. Not run by CI: the logs it
# made are checked in, and golden_logs_test.sh replays them.
#
#   tests/replay/golden/make_golden.sh <commit>      # from the project root; the commit's format is read from it
#
# Formats 1-3 named a Kernel object argument by its address alone, so for them all_calls leaves those two calls
# out (ALL_CALLS_WITHOUT_KERNEL_OBJECT_ARGS). Today's all_calls.cpp also calls the mesh API (format 6) and a
# mesh's sub-device managers (format 7), which older commits' headers lack, and opens a device through
# tt::DevicePool::initialize (format 8), which older shims do not record: their logs are made already and kept.
set -euo pipefail
commit=${1:?usage: make_golden.sh <commit>}
root=$(git rev-parse --show-toplevel)
here=$root/tests/replay/golden
version=$(git -C "$root" show "$commit:schema/trace.capnp" | sed -n 's/^const formatVersion :UInt32 = \([0-9]*\);/\1/p')
[ -n "$version" ] || { echo "make_golden.sh: $commit has no formatVersion in schema/trace.capnp" >&2; exit 2; }
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add --detach "$work/tree" "$commit" >/dev/null
cp "$root/tests/capture/all_calls.cpp" "$work/tree/tests/capture/all_calls.cpp"
define=()
[ "$version" -ge 4 ] || define=(--per_file_copt=tests/capture/all_calls.cpp@-DALL_CALLS_WITHOUT_KERNEL_OBJECT_ARGS)
(cd "$work/tree" && bazel build "${define[@]}" //interpose:libltcap.so //tests/capture:all_calls >&2)
bin=$(cd "$work/tree" && bazel info bazel-bin 2>/dev/null)
# From format 9 the tree is also TT_METAL_HOME, as in a tt-metal checkout: all_calls' kernel files then lie in the
# home, and the log records them at their place in it (SourceFile.fromHome).
home=()
[ "$version" -lt 9 ] || home=(TT_METAL_HOME="$work/tree")
run() {  # run all_calls from the commit's tree (kernel paths are relative to it) under its shim
    (cd "$work/tree" && env TT_METAL_EMU_CACHE_DIR="$work/cache" LD_PRELOAD="$bin/interpose/libltcap.so" "${home[@]}" \
        "$@" "$bin/tests/capture/all_calls" >"$work/out.txt")
}
run LTCAP_OUTPUT="$here/v$version-all_calls.capnp"
# LTCAP_BOUNDARY=call counts every call: the window opens at the 60th, after the buffers, kernels and the first
# launch, and runs to the end.
if [ "$version" -ge 2 ]; then
    run LTCAP_OUTPUT="$work/window-%w.capnp" LTCAP_BOUNDARY=call LTCAP_RANGES=60-
    mv "$work/window-1.capnp" "$here/v$version-window.capnp"
fi
(cd "$work/tree" && bazel shutdown)
ls -l "$here"/v"$version"-*.capnp
