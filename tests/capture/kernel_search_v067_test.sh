#!/bin/bash
# The shim finds a v0.67.0 program's kernel files where tt-metal v0.67.0 does (impl/kernels/kernel.cpp's
# resolve_path: the working directory, TT_METAL_KERNEL_PATH, /usr/share/tenstorrent/kernels/, the runtime root), and
# says so when it cannot read one.
#   1. TT_METAL_RUNTIME_ROOT alone (no TT_METAL_HOME, which v0.67.0 does not read), run from another folder: the log
#      keeps the kernel's source and replays from a third folder with every read verified.
#   2. The kernel file made unreadable (mode 000, in a user namespace where even root is refused): one ltcap: line
#      says so at capture time, `ltcap info` names the file, and the replay's verdict says why it cannot compile it.
#   kernel_search_v067_test.sh PROGRAM KERNEL SHIM LTCAP LTPLAY
set -uo pipefail
program=$(realpath "$1") kernel=$2 shim=$(realpath "$3") ltcap=$(realpath "$4") ltplay=$(realpath "$5")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/cache
unset TT_METAL_HOME TT_METAL_KERNEL_PATH
fail() { echo "FAIL: $*" >&2; exit 1; }
tree=$work/tree
mkdir -p "$tree/$(dirname "$kernel")" "$work/run" "$work/replay"
cp "$kernel" "$tree/$kernel"

# 1. Found through the runtime root.
(cd "$work/run" && TT_METAL_RUNTIME_ROOT=$tree "$program") >"$work/plain.out" 2>&1 ||
    fail "the program fails with TT_METAL_RUNTIME_ROOT=$tree: $(tail -3 "$work/plain.out")"
(cd "$work/run" && TT_METAL_RUNTIME_ROOT=$tree LTCAP_OUTPUT=$work/root.capnp LD_PRELOAD=$shim "$program") \
    >"$work/root.out" 2>"$work/root.err" || fail "the captured program fails: $(tail -3 "$work/root.err")"
! grep -q '^ltcap: kernel file' "$work/root.err" || fail "a warning about a kernel file the program found: $(cat "$work/root.err")"
"$ltcap" info --json "$work/root.capnp" >"$work/root.json" || fail "ltcap info exit $?"
python3 - "$work/root.json" <<'PY' || fail "ltcap info: the log lost the kernel's source"
import json, sys
k = json.load(open(sys.argv[1]))["kernel_sources"]
sys.exit(0 if k["count"] >= 1 and not k["unreadable"] else 1)
PY
(cd "$work/replay" && env -u TT_METAL_RUNTIME_ROOT "$ltplay" "$work/root.capnp") >"$work/replay.out" 2>&1 ||
    fail "replay from another folder: exit $?: $(tail -2 "$work/replay.out")"
grep -qE ' [1-9][0-9]* reads checked, 0 mismatches; .* verified$' "$work/replay.out" ||
    fail "the replay verified nothing: $(tail -1 "$work/replay.out")"
echo "ok: found through TT_METAL_RUNTIME_ROOT alone; $(tail -1 "$work/replay.out")"

# 2. Unreadable: the program fails as it would (tt-metal cannot read it either), the capture says why.
chmod 000 "$tree/$kernel"
(cd "$work/run" && TT_METAL_RUNTIME_ROOT=$tree unshare -U "$program") >"$work/plain2.out" 2>&1
plain_status=$?
(cd "$work/run" && TT_METAL_RUNTIME_ROOT=$tree LTCAP_OUTPUT=$work/unreadable.capnp unshare -U env LD_PRELOAD=$shim "$program") \
    >"$work/unreadable.out" 2>"$work/unreadable.err"
status=$?
chmod 644 "$tree/$kernel"
[ $status -eq $plain_status ] || fail "exit $status under capture, $plain_status without"
[ "$(grep -c "^ltcap: kernel file $kernel: cannot be read: Permission denied; the log holds no source for it" "$work/unreadable.err")" = 1 ] ||
    fail "no one warning for the unreadable kernel file: $(grep '^ltcap:' "$work/unreadable.err")"
"$ltcap" info "$work/unreadable.capnp" >"$work/unreadable.info" 2>&1
grep -q "^no source:    $kernel: cannot be read: Permission denied" "$work/unreadable.info" ||
    fail "ltcap info does not name the unreadable kernel file: $(grep -i kernel "$work/unreadable.info")"
(cd "$work/replay" && "$ltplay" "$work/unreadable.capnp") >"$work/replay2.out" 2>&1
grep -q "^ltplay: kernel file $kernel has no source in the log (at capture: cannot be read: Permission denied)" "$work/replay2.out" ||
    fail "the replay's verdict does not say why: $(tail -3 "$work/replay2.out")"
echo "ok: the unreadable kernel file is reported at capture, by ltcap info and by the replay"
echo PASS
