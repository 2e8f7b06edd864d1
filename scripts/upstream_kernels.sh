#!/bin/bash
# How much of tt-metal v0.56.0's own kernel code compiles against the emulator's kernel API, each kernel compiled
# exactly as a launch would compile it (ttemu_kernel_check). Tenstorrent's kernels are read from a git snapshot of
# tt-metal holding tag v0.56.0 and compiled in a temporary folder; nothing of them is kept.
#
#   scripts/upstream_kernels.sh TT_METAL_GIT_DIR [OUT_DIR]     (after bazel build //profiles/v0.56.0:all)
#
# Kernels are taken from the programming examples, tt_metal/kernels, tt-metal's test kernels and ttnn's operations;
# a kernel is compute if it opens `namespace NAMESPACE`. Each gets 40 compile-time arguments of 1 (programs pass
# their own; a kernel whose static checks refuse 1 counts as failing). Ethernet kernels are counted apart (nothing
# runs on ethernet cores in the emulator). The snapshot's tree is TT_METAL_HOME, so kernels' includes through its
# include roots (ttnn's "cpp/ttnn/...") resolve as in tt-metal's own build. Failures are sorted by their first
# error into: a define the program passes (an undeclared ALL_CAPS name), a missing header, and the rest. OUT_DIR
# (default: a temporary folder) receives results.txt, one "ok|FAIL path: error" line per kernel.
#
#   scripts/upstream_kernels.sh --tt-metal v0.67.0 TT_METAL_GIT_DIR [OUT_DIR]
#       the same for tag v0.67.0's kernels against the v0.67.0 profile's kernel API (its api/... paths), with the
#       snapshot's tree as TT_METAL_RUNTIME_ROOT (after bazel build //profiles/v0.67.0:ttemu_kernel_check_v067)
#
#   scripts/upstream_kernels.sh --tt-metal v0.68.0-rc1 TT_METAL_GIT_DIR [OUT_DIR]
#       tag v0.68.0-rc1's kernels against its profile's kernel API (v0.67.0's with v0.68.0-rc1's changes over it,
#       after bazel build //profiles/v0.68.0-rc1:ttemu_kernel_check_v068)
set -uo pipefail
release=v0.56.0
if [ "${1:-}" = --tt-metal ]; then
    release=${2:?--tt-metal needs a release (v0.56.0, v0.67.0, v0.68.0-rc1)}
    shift 2
fi
GIT=${1:?usage: upstream_kernels.sh [--tt-metal RELEASE] TT_METAL_GIT_DIR [OUT_DIR]}
out=${2:-$(mktemp -d)}
root=$(cd "$(dirname "$0")/.." && pwd)
case $release in
    v0.56.0) tag=15db9cc90e51ca844fc57919fd367af1ed85268b target=//profiles/v0.56.0:ttemu_kernel_check
             check=$root/bazel-bin/profiles/v0.56.0/ttemu_kernel_check root_var=TT_METAL_HOME prelude=()
             collections=(tt_metal/programming_examples tt_metal/kernels tests/tt_metal/tt_metal/test_kernels ttnn/cpp) ;;
    v0.67.0) tag=$release target=//profiles/v0.67.0:ttemu_kernel_check_v067
             check=$root/bazel-bin/profiles/v0.67.0/ttemu_kernel_check_v067 root_var=TT_METAL_RUNTIME_ROOT
             prelude=(--prelude-dir api/)
             collections=(tt_metal/programming_examples tt_metal/kernels tests/tt_metal/tt_metal/test_kernels) ;;
    v0.68.0-rc1) tag=$release target=//profiles/v0.68.0-rc1:ttemu_kernel_check_v068
             check=$root/bazel-bin/profiles/v0.68.0-rc1/ttemu_kernel_check_v068 root_var=TT_METAL_RUNTIME_ROOT
             prelude=(--prelude-dir api/)
             collections=(tt_metal/programming_examples tt_metal/kernels tests/tt_metal/tt_metal/test_kernels) ;;
    *) echo "upstream_kernels.sh: no profile $release (v0.56.0, v0.67.0, v0.68.0-rc1)" >&2; exit 2 ;;
esac
[ -x "$check" ] || { echo "build it first: bazel build $target" >&2; exit 2; }
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
git --git-dir="$GIT" archive "$tag" "${collections[@]}" 2>/dev/null | tar -x -C "$src" ||
    { echo "cannot read $release from $GIT" >&2; exit 2; }
mkdir -p "$out"
args=("${prelude[@]}")
for _ in $(seq 40); do args+=(--arg 1); done

: >"$out/results.txt"
printf '%-34s %6s %6s %9s %9s %9s %6s\n' collection kernels ok ethernet defines no-header other
total_ok=0 total=0
for collection in "${collections[@]}"; do
    mapfile -t files < <(cd "$src" && find "$collection" -path '*kernels*' -name '*.cpp' | sort)
    eth=0 ok=0 defines=0 header=0 other=0
    for f in "${files[@]}"; do
        if [[ "$f" == *erisc* || "$f" == */eth/* || "$f" == *ethernet* ]] || grep -q 'ethernet/dataflow_api.h\|eth_l1_address_map' "$src/$f"; then
            eth=$((eth + 1))
            echo "ETHERNET $f" >>"$out/results.txt"
            continue
        fi
        line=$(cd "$src" && env "$root_var=$src" "$check" "${args[@]}" "$f" 2>&1 | tail -n 1)
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
