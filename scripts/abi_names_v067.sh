#!/bin/bash
# The names tt-metal v0.67.0's own headers give the functions the v0.67.0 shim interposes: compiles
# profiles/v0.67.0/abi/abi_probe.cc against the real public headers of tag v0.67.0 (tt_metal/api and
# tt_metal/hostdevcommon/api, read from GIT_DIR) — with this repository's stand-ins only for the third-party headers
# they include (tt_stl, umd, tt-logger, magic_enum; enchantum's two names and fmt/base.h as small shims written here)
# — and prints the mangled names the probe references, sorted. Run once when the description changes; the output is
# kept as profiles/v0.67.0/abi/real_header_names.txt, which //tests/capture:abi_names_v067_test compares with the
# names libltcap_v067.so exports.
#
#   scripts/abi_names_v067.sh GIT_DIR [OUT]     (GIT_DIR: the search tool's fetch of mcrl/ttt-s2-tt-metal)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
git_dir=${1:?usage: abi_names_v067.sh GIT_DIR [OUT]}
out=${2:-/dev/stdout}
tag=v0.67.0
work=$(mktemp -d /tmp/ltcap-abi.XXXXXX)
trap 'rm -rf "$work"' EXIT
for dir in tt_metal/api tt_metal/hostdevcommon/api; do
    git --git-dir="$git_dir" ls-tree -r --name-only "$tag" -- "$dir" | while IFS= read -r f; do
        mkdir -p "$work/real/$(dirname "$f")"
        git --git-dir="$git_dir" show "$tag:$f" >"$work/real/$f"
    done
done
mkdir -p "$work/shims/fmt" "$work/shims/enchantum"
echo '#include <fmt/core.h>' >"$work/shims/fmt/base.h"  # fmt 11's header; Debian's fmt has the same names in core.h
cat >"$work/shims/enchantum/enchantum.hpp" <<'CPP'
// The two names tt-metal's public headers use, over magic_enum (only for compiling the ABI probe).
#pragma once
#include <array>
#include <magic_enum/magic_enum.hpp>
namespace enchantum {
template <typename E> inline constexpr std::size_t count = magic_enum::enum_count<E>();
template <typename E, typename V> using array = std::array<V, count<E>>;
}
CPP
g++ -std=c++20 -c -O0 -w -DFMT_HEADER_ONLY -DLTCAP_TT_METAL_V067 \
    -I"$work/shims" -I"$work/real/tt_metal/api" -I"$root/profiles/v0.67.0/include" \
    -I"$work/real/tt_metal/hostdevcommon/api" -I"$root/third_party/magic_enum/include" \
    -I"$root/third_party/tt_metal/shared/include" -I"$root" \
    "$root/profiles/v0.67.0/abi/abi_probe.cc" -o "$work/probe.o"
nm -u "$work/probe.o" | awk '{print $2}' | grep -E '^_ZN(K)?2tt8tt_metal' | sort >"$out"
