#!/bin/bash
# Old logs keep replaying: every golden log in tests/replay/golden/ — written by the shim of a commit that wrote that
# format (make_golden.sh) — is read by ltdump with the format its name says, passes ltplay --check, and replays in a
# fresh folder with every call replayed and every recorded read matching. Every format up to the schema's current
# one has a golden log, so a format bump without one fails here.
# With --ltcap LTCAP first, ltcap info, export (every format) and extract also read each log cleanly (the sanitized
# twin, golden_logs_asan_test, runs all of it under AddressSanitizer and UBSan). --since N: the profile's logs start
# at format N (v0.67.0's at 10), so formats before it need none.
#   golden_logs_test.sh [--ltcap LTCAP] [--since N] LTPLAY LTDUMP TRACE_CAPNP LOG...
set -uo pipefail
ltcap=
since=1
while [ $# -gt 0 ]; do
    case $1 in
        --ltcap) ltcap=$(realpath "$2") ;;
        --since) since=$2 ;;
        *) break ;;
    esac
    shift 2
done
ltplay=$(realpath "$1") ltdump=$(realpath "$2") schema=$3
shift 3
work=${TEST_TMPDIR:-$(mktemp -d)}
fail() { echo "FAIL: $*" >&2; exit 1; }
current=$(sed -n 's/^const formatVersion :UInt32 = \([0-9]*\);/\1/p' "$schema")
[ -n "$current" ] || fail "no formatVersion in $schema"
declare -A seen=()
for log in "$@"; do
    log=$(realpath "$log")
    name=$(basename "$log" .capnp)
    version=${name%%-*}
    version=${version#v}
    [[ "$version" =~ ^[0-9]+$ ]] || fail "$name: golden logs are named v<format>-<what>.capnp"
    seen[$version]=1
    "$ltdump" --no-times "$log" >"$work/$name.dump" 2>&1 || fail "$name: ltdump exit $?: $(tail -1 "$work/$name.dump")"
    head -1 "$work/$name.dump" | grep -q "^ltcap log format $version," ||
        fail "$name: the header says '$(head -1 "$work/$name.dump")'"
    calls=$(grep -c '^#' "$work/$name.dump")
    [ "$calls" -gt 40 ] || fail "$name: only $calls calls"
    "$ltplay" --check "$log" >"$work/$name.check" 2>&1 || fail "$name: ltplay --check exit $?: $(tail -1 "$work/$name.check")"
    mkdir -p "$work/$name"
    (cd "$work/$name" && TT_METAL_EMU_CACHE_DIR="$work/cache" "$ltplay" "$log") >"$work/$name.out" 2>&1 ||
        fail "$name: ltplay exit $?: $(tail -1 "$work/$name.out")"
    grep -qE "^ltplay: $calls calls replayed, [1-9][0-9]* reads checked, 0 mismatches; [0-9.]+ (bytes?|KiB|MiB|GiB) verified$" "$work/$name.out" ||
        fail "$name: $(tail -1 "$work/$name.out") (the log has $calls calls)"
    if [ -n "$ltcap" ]; then
        "$ltcap" info "$log" >"$work/$name.info" 2>&1 || fail "$name: ltcap info exit $?: $(tail -3 "$work/$name.info")"
        for format in json jsonl compact perfetto; do
            "$ltcap" export --format=$format -o "$work/$name.$format" "$log" >"$work/$name.export" 2>&1 ||
                fail "$name: ltcap export --format=$format exit $?: $(tail -3 "$work/$name.export")"
        done
        "$ltcap" extract "$log" "$work/$name.extracted" >"$work/$name.extract" 2>&1 ||
            fail "$name: ltcap extract exit $?: $(tail -3 "$work/$name.extract")"
    fi
    echo "ok $name: $(tail -1 "$work/$name.out")"
done
for ((v = since; v <= current; v++)); do
    [ -n "${seen[$v]:-}" ] || fail "no golden log of format $v (tests/replay/golden/make_golden.sh <a commit writing it>)"
done
echo "PASS: golden logs of formats $since-$current replay"
