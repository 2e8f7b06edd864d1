#!/bin/bash
# The long fuzzing run recorded in docs/reliability.md: each target for RUNS inputs (default 10 million) on the same
# seed corpus fuzz_test uses, corpus and findings kept in DIR. Run from the workspace root after a build:
#   bazel build //player/fuzz:all //interpose:libltcap.so //tests/programs/loopback //tests/programs/metal_trace \
#       //tests/capture:all_calls && player/fuzz/long_run.sh DIR [RUNS]
set -uo pipefail
dir=${1:?usage: long_run.sh DIR [RUNS]} runs=${2:-10000000}
mkdir -p "$dir"
export TT_METAL_EMU_CACHE_DIR=$dir/kernel-cache TMPDIR=$dir
for program in bazel-bin/tests/programs/loopback/loopback bazel-bin/tests/programs/metal_trace/metal_trace \
               bazel-bin/tests/capture/all_calls; do
    name=$(basename "$program")
    for compress in 0 1; do
        seed=$dir/seeds/$name.c$compress.capnp
        mkdir -p "$dir/seeds"
        LTCAP_LOG=quiet LTCAP_CAPTURE_READS=0 LTCAP_COMPRESS=$compress LTCAP_OUTPUT=$seed \
            LD_PRELOAD=$PWD/bazel-bin/interpose/libltcap.so "$program" >/dev/null 2>&1
        head -c $(($(stat -c %s "$seed") * 2 / 3)) "$seed" >"$dir/seeds/$name.c$compress.cut.capnp"
    done
done
for target in log_fuzz replay_check_fuzz; do
    mkdir -p "$dir/$target.corpus" "$dir/$target.findings"
    cp -n "$dir/seeds/"* "$dir/$target.corpus/"
    (bazel-bin/player/fuzz/$target -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
        -close_fd_mask=3 -artifact_prefix="$dir/$target.findings/" "$dir/$target.corpus" >"$dir/$target.log" 2>&1;
     echo "exit $?" >>"$dir/$target.log") &
done
wait
for target in log_fuzz replay_check_fuzz; do
    echo "$target: $(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/$target.log") inputs," \
         "$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/$target.log")/s, $(ls "$dir/$target.findings" | wc -l) findings," \
         "$(tail -1 "$dir/$target.log")"
done
