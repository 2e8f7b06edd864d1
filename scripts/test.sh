#!/bin/bash
# Runs every test of the project (unit tests, example programs, end-to-end tests) and ends with one line
# "N passed, M failed" counting test targets. Exit status 0 only if all passed.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh || { echo "0 passed, 1 failed"; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
bazel test --color=no --curses=no --noshow_progress //... 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

passed=$(grep -cE '^//[^ ]+ +(\(cached\) )?PASSED' "$log")
failed=$(grep -cE '^//[^ ]+ +(\(cached\) )?(FAILED|TIMEOUT|NO STATUS|INCOMPLETE|FLAKY)' "$log")
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then
    failed=1  # the build itself broke before any test could report
fi
echo "$passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
