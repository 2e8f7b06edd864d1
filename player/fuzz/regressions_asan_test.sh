#!/bin/bash
# Every saved fuzzer input (regressions/: hostile logs, and inputs that once crashed a reader) through the real tools
# built with AddressSanitizer and UBSan: ltplay --check, ltplay replaying it on the emulated device, ltdump, and
# ltcap info and diff. Each must end on its own terms — exit 0, 1 (a replay that differs) or 2 (a bad log) — with no
# sanitizer report. This is what CI runs of the fuzzers' findings; the fuzzers themselves (clang, libFuzzer) are
# built and run by fuzz_test and long_run.sh, outside the default test set (docs/reliability.md).
#   regressions_asan_test.sh LTPLAY_ASAN LTDUMP_ASAN LTCAP_ASAN INPUT...
set -uo pipefail
ltplay=$(realpath "$1") ltdump=$(realpath "$2") ltcap=$(realpath "$3")
shift 3
[ $# -gt 0 ] || { echo "FAIL: no saved inputs given" >&2; exit 1; }
work=${TEST_TMPDIR:-$(mktemp -d)}
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TT_METAL_EMU_CACHE_DIR=$work/kernel-cache TMPDIR=$work
failed=0 runs=0
run() {
    local what=$1 input=$2
    shift 2
    timeout 120 "$@" >"$work/out" 2>"$work/err"
    local status=$?
    runs=$((runs + 1))
    if [ $status -gt 2 ] || grep -qE 'Sanitizer|runtime error' "$work/err"; then
        echo "FAIL: $what on $(basename "$input"): exit $status: $(grep -m5 -E 'ERROR|SUMMARY|runtime error|#[0-9] ' "$work/err" || head -c 400 "$work/err")" >&2
        failed=1
    fi
}
for input in "$@"; do
    run "ltplay --check" "$input" "$ltplay" --check "$input"
    run "ltplay" "$input" "$ltplay" -q "$input"
    run "ltdump" "$input" "$ltdump" "$input"
    run "ltcap info" "$input" "$ltcap" info "$input"
    run "ltcap diff" "$input" "$ltcap" diff "$input" "$input"
done
[ $failed = 0 ] || exit 1
echo "PASS: $# saved inputs, $runs tool runs under ASan+UBSan, each ended on its own terms"
