#!/bin/bash
# The long fuzzing runs recorded in docs/reliability.md, on the seed corpus fuzz_test uses (captured here), corpus
# and findings kept in DIR. Run from the workspace root after a build:
#   bazel build //player/fuzz:fuzzers_build //profiles/v0.56.0:libltcap.so //tests/v0.56.0/loopback //tests/v0.56.0/metal_trace \
#       //tests/capture:all_calls && player/fuzz/long_run.sh DIR [LENGTH] [TARGET...]
# LENGTH: a number of inputs per target (default 10000000), or a time per target as 600s. TARGETs (default
# log_fuzz and replay_check_fuzz) run two at a time, each at the lowest priority. A TARGET named twice runs as two
# processes on one corpus (a number of inputs is then each one's). v0.67.0's value fuzzers (*_v067) are seeded with
# the logs of the v0.67.0 programs built (bazel build //tests/v0.67.0/... //profiles/v0.67.0:libltcap_v067.so), but
# hostile_kernels' and spinning_kernels'.
set -uo pipefail
usage="usage: long_run.sh DIR [INPUTS|SECONDSs] [TARGET...]"
dir=${1:?$usage} length=${2:-10000000}
shift $(($# < 2 ? $# : 2))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(log_fuzz replay_check_fuzz)
case $length in
    *s) limit=-max_total_time=${length%s} ;;
    *[!0-9]*|"") echo "$usage" >&2; exit 2 ;;
    *) limit=-runs=$length ;;
esac
for target in "${targets[@]}"; do
    [ -x "bazel-bin/player/fuzz/$target" ] || { echo "long_run.sh: no bazel-bin/player/fuzz/$target (build it first)" >&2; exit 2; }
done
mkdir -p "$dir"
export TT_METAL_EMU_CACHE_DIR=$dir/kernel-cache TMPDIR=$dir
for program in bazel-bin/tests/v0.56.0/loopback/loopback bazel-bin/tests/v0.56.0/metal_trace/metal_trace \
               bazel-bin/tests/capture/all_calls; do
    name=$(basename "$program")
    for compress in 0 1; do
        seed=$dir/seeds/$name.c$compress.capnp
        mkdir -p "$dir/seeds"
        LTCAP_LOG=quiet LTCAP_CAPTURE_READS=0 LTCAP_COMPRESS=$compress LTCAP_OUTPUT=$seed \
            LD_PRELOAD=$PWD/bazel-bin/profiles/v0.56.0/libltcap.so "$program" >/dev/null 2>&1
        head -c $(($(stat -c %s "$seed") * 2 / 3)) "$seed" >"$dir/seeds/$name.c$compress.cut.capnp"
    done
    # The structure-aware targets and stream_fuzz take plain whole logs, with their reads (as fuzz_test seeds them).
    mkdir -p "$dir/plain-seeds"
    LTCAP_LOG=quiet LTCAP_COMPRESS=0 LTCAP_OUTPUT=$dir/plain-seeds/$name.capnp \
        LD_PRELOAD=$PWD/bazel-bin/profiles/v0.56.0/libltcap.so "$program" >/dev/null 2>&1
done
case " ${targets[*]} " in
    *_v067" "*)
        # Every v0.67.0 program of ours that is built, but those whose kernels fail or spin by design.
        mkdir -p "$dir/plain-seeds-v067"
        for folder in tests/v0.67.0/*/; do
            program=$(basename "$folder")
            case $program in hostile_kernels | spinning_kernels) continue ;; esac
            [ -x "bazel-bin/tests/v0.67.0/$program/$program" ] || continue
            LTCAP_LOG=quiet LTCAP_COMPRESS=0 LTCAP_OUTPUT=$dir/plain-seeds-v067/$program.capnp \
                LD_PRELOAD=$PWD/bazel-bin/profiles/v0.67.0/libltcap_v067.so \
                "bazel-bin/tests/v0.67.0/$program/$program" >/dev/null 2>&1 || { echo "long_run.sh: capturing $program failed" >&2; exit 1; }
        done
        [ -n "$(ls "$dir/plain-seeds-v067")" ] ||
            { echo "long_run.sh: no v0.67.0 program built to seed from" >&2; exit 2; } ;;
esac
# One process: its log is DIR/TARGET.log, or DIR/TARGET.N.log for the Nth (from 2) of a target named again.
log_of() {
    local n=1 i
    for ((i = 0; i < $1; i++)); do [ "${targets[i]}" = "${targets[$1]}" ] && n=$((n + 1)); done
    [ $n = 1 ] && echo "$dir/${targets[$1]}.log" || echo "$dir/${targets[$1]}.$n.log"
}
# Each corpus is seeded once, before any process starts (two processes of one target share their corpus).
for target in "${targets[@]}"; do
    mkdir -p "$dir/$target.corpus" "$dir/$target.findings" || exit 2
    case $target in
        log_fuzz|replay_check_fuzz) cp -n "$dir/seeds/"* "$dir/$target.corpus/" ;;
        *_v067) cp -n "$dir/plain-seeds-v067/"* "$dir/$target.corpus/" ;;
        *) cp -n "$dir/plain-seeds/"* "$dir/$target.corpus/" ;;
    esac || { echo "long_run.sh: cannot seed $dir/$target.corpus" >&2; exit 2; }
done
run() {
    local target=${targets[$1]} log
    log=$(log_of "$1")
    nice -n 19 "bazel-bin/player/fuzz/$target" "$limit" -timeout=30 -rss_limit_mb=3072 -max_len=524288 \
        -print_final_stats=1 -close_fd_mask=3 -artifact_prefix="$dir/$target.findings/" "$dir/$target.corpus" \
        >"$log" 2>&1
    echo "exit $?" >>"$log"
}
for ((i = 0; i < ${#targets[@]}; i += 2)); do
    run $i &
    [ $((i + 1)) -lt ${#targets[@]} ] && run $((i + 1)) &
    wait
done
for ((i = 0; i < ${#targets[@]}; i++)); do
    target=${targets[i]} log=$(log_of $i)
    echo "$(basename "$log" .log): $(sed -n 's/^stat::number_of_executed_units: *//p' "$log") inputs," \
         "$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")/s," \
         "coverage $(grep -oE 'cov: [0-9]+' "$log" | sed -n '1p;$p' | awk '{print $2}' | paste -sd'>' | sed 's/>/ -> /')," \
         "$(ls "$dir/$target.findings" | wc -l) findings, $(tail -1 "$log")"
done
