#!/bin/bash
# Flakiness: runs the whole default test suite (`bazel test //...`, what CI runs) again and again, several runs side by
# side so the machine is loaded, each run re-running every test (--cache_test_results=no), and counts the runs that
# had a failing test and which tests failed. Each lane is a clone of the repository's HEAD (what is committed) in
# WORK/laneN with its own Bazel output base, so the lanes' runs really overlap; the first run of a lane builds it.
#   scripts/repeat_suite.sh [--runs N] [--side-by-side K] [--work DIR] [-- TARGET...]
#     TARGET...          what to test instead of //... (a trial of the script on one small test)
#     --runs N           runs in all (default 20), shared out among the lanes
#     --side-by-side K   lanes running at once (default 2)
#     --work DIR         where the clones and each run's log go (default a new folder under /tmp); kept
# Prints one line a run as it ends ("lane 1 run 3: 342 passed, 0 failed in 512 s") and ends with
# "N runs, F with a failure" and each failing test with its count; exit 0 only if no run had a failure.
set -uo pipefail
usage="usage: scripts/repeat_suite.sh [--runs N] [--side-by-side K] [--work DIR] [-- TARGET...]"
runs=20 lanes=2 work="" targets=(//...)
while [ $# -gt 0 ]; do
    case $1 in
        --runs) runs=${2:?--runs needs a number}; shift 2 ;;
        --side-by-side) lanes=${2:?--side-by-side needs a number}; shift 2 ;;
        --work) work=${2:?--work needs a folder}; shift 2 ;;
        -h|--help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
        --) shift; [ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }; targets=("$@"); break ;;
        *) echo "repeat_suite.sh: unknown argument $1 ($usage)" >&2; exit 2 ;;
    esac
done
case $runs$lanes in *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac
[ "$runs" -ge 1 ] && [ "$lanes" -ge 1 ] ||
    { echo "repeat_suite.sh: --runs and --side-by-side must be at least 1" >&2; exit 2; }
root=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel) || exit 2
work=${work:-$(mktemp -d /tmp/repeat-suite.XXXXXX)}
mkdir -p "$work" || exit 2
head=$(git -C "$root" rev-parse --short HEAD)
[ -z "$(git -C "$root" status --porcelain --untracked-files=no)" ] ||
    echo "repeat_suite.sh: the working tree has uncommitted changes; the lanes run HEAD ($head) without them" >&2
"$root/scripts/install_deps.sh" >/dev/null ||
    { echo "repeat_suite.sh: installing the dependencies failed" >&2; exit 1; }

# One lane: its share of the runs, one after another; each run's result as a line in WORK/results.
lane() {
    local n=$1 share=$2 dir=$work/lane$1 i start status passed failed
    rm -rf "$dir" && git clone -q "$root" "$dir" || { echo "lane $n: cannot clone $root" >&2; return 1; }
    # (a lane that cannot clone reports no run: the total falls short of --runs, and the script fails)
    for ((i = 1; i <= share; i++)); do
        start=$(date +%s)
        (cd "$dir" && bazel test --color=no --curses=no --noshow_progress --cache_test_results=no "${targets[@]}") \
            >"$work/lane$n.run$i.log" 2>&1
        status=$?
        passed=$(grep -cE '^//[^ ]+ +PASSED' "$work/lane$n.run$i.log")
        failed=$(grep -cE '^//[^ ]+ +(FAILED|TIMEOUT|NO STATUS|INCOMPLETE|FLAKY)' "$work/lane$n.run$i.log")
        [ $status -ne 0 ] && [ "$failed" -eq 0 ] && failed=1  # the build broke before any test reported
        echo "lane $n run $i: $passed passed, $failed failed in $(($(date +%s) - start)) s" | tee -a "$work/results"
        grep -oE '^//[^ ]+ +(FAILED|TIMEOUT|NO STATUS|INCOMPLETE|FLAKY)' "$work/lane$n.run$i.log" |
            sed "s/^/lane $n run $i: /" >>"$work/failures"
    done
    (cd "$dir" && bazel shutdown >/dev/null 2>&1)
}
: >"$work/results"
: >"$work/failures"
echo "repeat_suite.sh: $runs runs of ${targets[*]} at $head, $lanes side by side, in $work"
for ((n = 1; n <= lanes; n++)); do
    lane $n $(((runs + lanes - n) / lanes)) &
done
wait
total=$(wc -l <"$work/results")
bad=$(grep -vc ', 0 failed in' "$work/results")
echo "$total runs, $bad with a failure (at $head; logs in $work)"
if [ -s "$work/failures" ]; then
    sed 's/^lane [0-9]* run [0-9]*: //' "$work/failures" | sort | uniq -c | sort -rn
fi
[ "$total" -eq "$runs" ] && [ "$bad" -eq 0 ]
