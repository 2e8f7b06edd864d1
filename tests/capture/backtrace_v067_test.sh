#!/bin/bash
# LTCAP_BACKTRACE reaches every function of the profile, whatever its Api value: a v0.67.0 program's
# MeshDevice::create_unit_mesh (Api 128, past v0.56.0's 124 functions) records its call stack when named, and a
# function not named records none.
#   backtrace_v067_test.sh PROGRAM LIBLTCAP_V067 LTDUMP
set -uo pipefail
program=$(realpath "$1") shim=$(realpath "$2") ltdump=$(realpath "$3")
work=${TEST_TMPDIR:-$(mktemp -d)}
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache
fail() { echo "FAIL: $*" >&2; exit 1; }
LTCAP_LOG=quiet LTCAP_BACKTRACE=meshDeviceCreateUnitMesh LTCAP_OUTPUT=$work/bt.capnp LD_PRELOAD=$shim "$program" \
    >"$work/run.out" 2>&1 || fail "capture run failed: $(tail -3 "$work/run.out")"
"$ltdump" --no-times "$work/bt.capnp" >"$work/bt.dump" || fail "ltdump failed"
grep -q " meshDeviceCreateUnitMesh(" "$work/bt.dump" || fail "the log has no meshDeviceCreateUnitMesh call"
grep -A1 " meshDeviceCreateUnitMesh(" "$work/bt.dump" | grep -qE "^    at " ||
    fail "meshDeviceCreateUnitMesh has no backtrace: $(grep -A2 ' meshDeviceCreateUnitMesh(' "$work/bt.dump" | head -3)"
if grep -A1 " meshCqEnqueueReadMeshBuffer(\| meshCqFinish(" "$work/bt.dump" | grep -q "^    at "; then
    fail "a function not named in LTCAP_BACKTRACE has a backtrace"
fi
echo "PASS: a v0.67.0 function past Api 127 records its call stack"
