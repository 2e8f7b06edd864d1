#!/bin/bash
# How much of tt-metal v0.56.0's own kernel code compiles against the emulator's kernel API, each kernel compiled
# exactly as a launch would compile it (ttemu_kernel_check). Tenstorrent's kernels are read from a git snapshot of
# tt-metal holding tag v0.56.0 and compiled in a temporary folder; nothing of them is kept.
#
#   scripts/upstream_kernels.sh TT_METAL_GIT_DIR [OUT_DIR]     (after bazel build //third_party/tt_metal:all)
#
# Kernels are taken from the programming examples, tt_metal/kernels, tt-metal's test kernels and ttnn's operations;
# a kernel is compute if it opens `namespace NAMESPACE`. Each gets 40 compile-time arguments of 1 (programs pass
# their own; a kernel whose static checks refuse 1 counts as failing). Ethernet kernels are counted apart (nothing
# runs on ethernet cores in the emulator). The snapshot's tree is TT_METAL_HOME, so kernels' includes through its
# include roots (ttnn's "cpp/ttnn/...") resolve as in tt-metal's own build. Failures are sorted by their first
# error into: a define the program passes (an undeclared ALL_CAPS name), a missing header, and the rest. OUT_DIR
# (default: a temporary folder) receives results.txt, one "ok|FAIL path: error" line per kernel.
set -uo pipefail
GIT=${1:?usage: upstream_kernels.sh TT_METAL_GIT_DIR [OUT_DIR]}
out=${2:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
check=$root/bazel-bin/third_party/tt_metal/ttemu_kernel_check
[ -x "$check" ] || { echo "build it first: bazel build //third_party/tt_metal:ttemu_kernel_check" >&2; exit 2; }
V056=15db9cc90e51ca844fc57919fd367af1ed85268b
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
git --git-dir="$GIT" archive "$V056" tt_metal/programming_examples tt_metal/kernels tests/tt_metal/tt_metal/test_kernels \
    ttnn/cpp 2>/dev/null | tar -x -C "$src" || { echo "cannot read v0.56.0 from $GIT" >&2; exit 2; }
mkdir -p "$out"
args=()
for _ in $(seq 40); do args+=(--arg 1); done

: >"$out/results.txt"
printf '%-34s %6s %6s %9s %9s %9s %6s\n' collection kernels ok ethernet defines no-header other
total_ok=0 total=0
for collection in tt_metal/programming_examples tt_metal/kernels tests/tt_metal/tt_metal/test_kernels ttnn/cpp; do
    mapfile -t files < <(cd "$src" && find "$collection" -path '*kernels*' -name '*.cpp' | sort)
    eth=0 ok=0 defines=0 header=0 other=0
    for f in "${files[@]}"; do
        if [[ "$f" == *erisc* || "$f" == */eth/* || "$f" == *ethernet* ]] || grep -q 'ethernet/dataflow_api.h\|eth_l1_address_map' "$src/$f"; then
            eth=$((eth + 1))
            echo "ETHERNET $f" >>"$out/results.txt"
            continue
        fi
        line=$(cd "$src" && TT_METAL_HOME=$src "$check" "${args[@]}" "$f" 2>&1 | tail -n 1)
        echo "$line" >>"$out/results.txt"
        case "$line" in
            ok\ *) ok=$((ok + 1)) ;;
            *"was not declared"*) if [[ "$line" =~ ‘[A-Z][A-Z0-9_]*’\ was\ not\ declared ]]; then defines=$((defines + 1)); else other=$((other + 1)); fi ;;
            *"No such file or directory"*) header=$((header + 1)) ;;
            *) other=$((other + 1)) ;;
        esac
    done
    printf '%-34s %6d %6d %9d %9d %9d %6d\n' "$collection" "${#files[@]}" "$ok" "$eth" "$defines" "$header" "$other"
    total_ok=$((total_ok + ok))
    total=$((total + ${#files[@]} - eth))
done
echo "$total_ok of $total non-ethernet kernels compile; per-kernel results in $out/results.txt"
