# What kill_test.sh and sigterm_test.sh share about `forever` (prints "running" once its first round is done):
#   started PID FILE    waits until process PID has printed "running" into FILE; false if it ended first or after
#                       5 minutes (a hang)
#   warm_up PROGRAM     runs PROGRAM until its first round is done, so its kernel is compiled and later runs are all
#                       calls (however long a loaded machine takes to compile), then stops it; fails the test if it
#                       never gets there. Needs $work and fail().
started() {
    local deadline=$((SECONDS + 300))
    until grep -q running "$2" 2>/dev/null; do
        kill -0 "$1" 2>/dev/null && [ $SECONDS -lt $deadline ] || return 1
        sleep 0.05
    done
}

warm_up() {
    "$1" >"$work/warm" 2>&1 &
    local pid=$! warm=0
    started $pid "$work/warm" || warm=1
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    [ $warm -eq 0 ] || fail "the program did not run a round: $(tail -3 "$work/warm")"
}
