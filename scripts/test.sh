#!/bin/bash
# Runs every test of the project (unit tests, example programs, end-to-end tests) and ends with one line
# "N passed, M failed" counting test targets. Exit status 0 only if all passed.
#   scripts/test.sh              the default set, `bazel test //...` (what CI runs)
#   scripts/test.sh --extended   also the tests tagged extended, kept out of //... for time: the fuzzers' short runs
#                                (fuzz_test, which builds them with clang), the host headers compiled one by one, and
#                                the sanitized replay twins of most example programs (tests/replay/replay.bzl)
set -uo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
    "") extended=0 ;;
    --extended) extended=1 ;;
    -h|--help) sed -n '2,8s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
esac
scripts/install_deps.sh || { echo "0 passed, 1 failed"; exit 1; }

targets=(//...)
if [ $extended = 1 ]; then
    mapfile -t more < <(bazel query --noshow_progress 'attr(tags, "\bextended\b", tests(//...))' 2>/dev/null)
    targets+=("${more[@]}")
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bazel test --color=no --curses=no --noshow_progress "${targets[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

passed=$(grep -cE '^//[^ ]+ +(\(cached\) )?PASSED' "$log")
failed=$(grep -cE '^//[^ ]+ +(\(cached\) )?(FAILED|TIMEOUT|NO STATUS|INCOMPLETE|FLAKY)' "$log")
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1  # the build itself broke before any test could report
fi
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
