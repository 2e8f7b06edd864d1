#!/bin/bash
# The long fuzzing runs recorded in docs/reliability.md, on the seed corpus fuzz_test uses (captured here), corpus
# and findings kept in DIR. Run from the workspace root after a build:
#   bazel build //player/fuzz:fuzzers_build //profiles/v0.56.0:libltcap.so //tests/v0.56.0/loopback //tests/v0.56.0/metal_trace \
#       //tests/capture:all_calls && player/fuzz/long_run.sh DIR [LENGTH] [TARGET...]
# LENGTH: a number of inputs per target (default 10000000), or a time per target as 600s. TARGETs (default
# log_fuzz and replay_check_fuzz) run two at a time, each at the lowest priority.
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
run() {
    local target=$1
    mkdir -p "$dir/$target.corpus" "$dir/$target.findings"
    case $target in
        log_fuzz|replay_check_fuzz) cp -n "$dir/seeds/"* "$dir/$target.corpus/" ;;
        *) cp -n "$dir/plain-seeds/"* "$dir/$target.corpus/" ;;
    esac
    nice -n 19 "bazel-bin/player/fuzz/$target" "$limit" -timeout=30 -rss_limit_mb=3072 -max_len=524288 \
        -print_final_stats=1 -close_fd_mask=3 -artifact_prefix="$dir/$target.findings/" "$dir/$target.corpus" \
        >"$dir/$target.log" 2>&1
    echo "exit $?" >>"$dir/$target.log"
}
for ((i = 0; i < ${#targets[@]}; i += 2)); do
    run "${targets[i]}" &
    [ $((i + 1)) -lt ${#targets[@]} ] && run "${targets[i + 1]}" &
    wait
done
for target in "${targets[@]}"; do
    echo "$target: $(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/$target.log") inputs," \
         "$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/$target.log")/s," \
         "coverage $(grep -oE 'cov: [0-9]+' "$dir/$target.log" | sed -n '1p;$p' | awk '{print $2}' | paste -sd'>' | sed 's/>/ -> /')," \
         "$(ls "$dir/$target.findings" | wc -l) findings, $(tail -1 "$dir/$target.log")"
done
