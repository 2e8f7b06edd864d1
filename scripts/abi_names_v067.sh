#!/bin/bash
# The names tt-metal v0.67.0's own headers give what ltcap's v0.67.0 parts must provide, for test data:
#
#   scripts/abi_names_v067.sh GIT_DIR [OUT]
#       the functions the v0.67.0 shim interposes: compiles profiles/v0.67.0/abi/abi_probe.cc against the real public
#       headers of tag v0.67.0 (tt_metal/api and tt_metal/hostdevcommon/api, read from GIT_DIR) — with this
#       repository's stand-ins only for the third-party headers they include (tt_stl, umd, tt-logger, magic_enum;
#       enchantum's two names and fmt/base.h as small shims written here) — and prints the mangled names the probe
#       references, sorted. Kept as profiles/v0.67.0/abi/real_header_names.txt, which
#       //tests/capture:abi_names_v067_test compares with the names libltcap_v067.so exports.
#
#   scripts/abi_names_v067.sh --library GIT_DIR FMT_GIT_DIR JSON_GIT_DIR [OUT]
#       what a program built against those headers imports from libtt_metal.so for formatting and JSON (the
#       formatters and ttsl::json helpers declared out of line): compiles profiles/v0.67.0/abi/library_probe.cc
#       against the same headers and the real fmt 11.1.4 and nlohmann_json 3.11.3 that v0.67.0 pins (read from
#       FMT_GIT_DIR and JSON_GIT_DIR, snapshots of fmtlib/fmt and nlohmann/json), prints those names, sorted. Kept as
#       profiles/v0.67.0/abi/real_library_imports.txt, which //profiles/v0.67.0/abi:library_exports_test checks the
#       emulated library defines. Also what profiles/v0.67.0/abi/tensor_probe.cc imports: the experimental tensor
#       API's out-of-line functions. With LIBRARY=path/libtt_metal.so, also builds library_check.cc the same way against
#       that library, runs it and compares what it prints.
#
#   TT_METAL_TAG=v0.68.0-rc1 scripts/abi_names_v067.sh GIT_DIR [OUT]
#       the same for a later mesh release: its tag's headers, its profile's description (profiles/TAG/api). Kept as
#       profiles/TAG/abi/real_header_names.txt.
#
# GIT_DIR: the search tool's fetch of mcrl/ttt-s2-tt-metal; run once when the description or the stand-in changes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tag=${TT_METAL_TAG:-v0.67.0}
[ -d "$root/profiles/$tag/api" ] || { echo "abi_names_v067.sh: no profile profiles/$tag" >&2; exit 2; }
library=0
if [ "${1:-}" = --library ]; then
    library=1
    shift
fi
git_dir=${1:?usage: abi_names_v067.sh [--library] GIT_DIR [FMT_GIT_DIR JSON_GIT_DIR] [OUT]}
shift
if [ $library = 1 ]; then
    fmt_dir=${1:?--library needs FMT_GIT_DIR and JSON_GIT_DIR}
    json_dir=${2:?--library needs FMT_GIT_DIR and JSON_GIT_DIR}
    shift 2
fi
out=${1:-/dev/stdout}
work=$(mktemp -d /tmp/ltcap-abi.XXXXXX)
trap 'rm -rf "$work"' EXIT
# extract GIT_DIR TAG PATH DEST: the files under PATH at TAG, under DEST with PATH's leading `strip` removed.
extract() {
    local dir=$1 at=$2 path=$3 dest=$4 strip=${5:-}
    git --git-dir="$dir" ls-tree -r --name-only "$at" -- "$path" | while IFS= read -r f; do
        mkdir -p "$dest/$(dirname "${f#"$strip"}")"
        git --git-dir="$dir" show "$at:$f" >"$dest/${f#"$strip"}"
    done
}
for dir in tt_metal/api tt_metal/hostdevcommon/api; do extract "$git_dir" "$tag" "$dir" "$work/real"; done
mkdir -p "$work/shims/enchantum"
cat >"$work/shims/enchantum/enchantum.hpp" <<'CPP'
// The two names tt-metal's public headers use, over magic_enum (only for compiling the probes).
#pragma once
#include <array>
#include <magic_enum/magic_enum.hpp>
namespace enchantum {
template <typename E> inline constexpr std::size_t count = magic_enum::enum_count<E>();
template <typename E, typename V> using array = std::array<V, count<E>>;
}
CPP
# The release's own stand-in headers (tt_stl/fmt.hpp, …) after the real ones, before v0.67.0's.
own_includes=()
[ "$tag" = v0.67.0 ] || own_includes=(-I"$root/profiles/$tag/include" -I"$root/profiles/$tag/release/include")
includes=(-I"$work/shims" -I"$work/real/tt_metal/api" "${own_includes[@]}" -I"$root/profiles/v0.67.0/include"
          -I"$work/real/tt_metal/hostdevcommon/api" -I"$root/stand_ins/magic_enum/include"
          -I"$root/emu/shared/include" -I"$root/profiles/$tag/api/features" -I"$root")
if [ $library = 0 ]; then
    mkdir -p "$work/shims/fmt"
    echo '#include <fmt/core.h>' >"$work/shims/fmt/base.h"  # fmt 11's header; Debian's fmt has the same names in core.h
    # The list's expansion reads the release table Bazel generates from profiles/releases.bzl.
    (cd "$root" && bazel build --color=no --curses=no --noshow_progress //api:release_table_h >/dev/null 2>&1) ||
        { echo "abi_names_v067.sh: bazel build //api:release_table_h failed" >&2; exit 1; }
    includes+=(-I"$(cd "$root" && bazel info bazel-bin 2>/dev/null)")
    g++ -std=c++20 -c -O0 -w -DFMT_HEADER_ONLY "${includes[@]}" \
        "$root/profiles/v0.67.0/abi/abi_probe.cc" -o "$work/probe.o"
    nm -u "$work/probe.o" | awk '{print $2}' | grep -E '^_ZN(K)?2tt8tt_metal' | sort >"$out"
else
    extract "$fmt_dir" 11.1.4 include/fmt "$work/fmt" include/
    extract "$json_dir" v3.11.3 include/nlohmann "$work/json" include/
    g++ -std=c++20 -c -O0 -w -DFMT_HEADER_ONLY -I"$work/fmt" -I"$work/json" "${includes[@]}" \
        "$root/profiles/v0.67.0/abi/library_probe.cc" -o "$work/probe.o"
    g++ -std=c++20 -c -O0 -w -DFMT_HEADER_ONLY -I"$work/fmt" -I"$work/json" "${includes[@]}" \
        "$root/profiles/v0.67.0/abi/tensor_probe.cc" -o "$work/tensor_probe.o"
    # The library's names: tt-metal's own types' formatters and the ttsl::json helpers (fmt's and nlohmann's own
    # functions are header-only here, as a program built with FMT_HEADER_ONLY has them), and every tt::tt_metal
    # function the experimental tensor headers declare out of line (with what their inline code calls).
    { nm -u "$work/probe.o" | awk '{print $2}' | grep -E '^_ZNK?3fmt3v119formatterIN2tt|^_ZNK?4ttsl4json'
      nm -u "$work/tensor_probe.o" | awk '{print $2}' | grep -E '^_ZNK?2tt8tt_metal|^_ZNK?4ttsl4json'
    } | sort -u >"$out"
    # LIBRARY=path/libtt_metal.so: a program built the same way formats and converts through it (library_check.cc).
    if [ -n "${LIBRARY:-}" ]; then
        g++ -std=c++20 -O1 -w -DFMT_HEADER_ONLY -I"$work/fmt" -I"$work/json" "${includes[@]}" \
            "$root/profiles/v0.67.0/abi/library_check.cc" -o "$work/check" \
            -L"$(dirname "$LIBRARY")" -l:"$(basename "$LIBRARY")" -Wl,-rpath,"$(dirname "$(realpath "$LIBRARY")")"
        "$work/check" >"$work/check.out"
        cat >"$work/check.expected" <<'TEXT'
(x=1,y=2) | [(x=0,y=0) - (x=3,y=4)] | {[(x=0,y=0) - (x=3,y=4)], [(x=5,y=5) - (x=6,y=6)]} | Float16_b
350
23 [(x=0,y=
[{"x":1,"y":2},{"end":{"x":3,"y":4},"start":{"x":0,"y":0}},[{"end":{"x":3,"y":4},"start":{"x":0,"y":0}},{"end":{"x":6,"y":6},"start":{"x":5,"y":5}}],{"grid":[{"end":{"x":3,"y":4},"start":{"x":0,"y":0}},{"end":{"x":6,"y":6},"start":{"x":5,"y":5}}],"orientation":1,"shape":[32,64]}]
1 1 1 32 64 1
TEXT
        diff -u "$work/check.expected" "$work/check.out" >&2 || { echo "abi_names_v067.sh: $LIBRARY: the check's output differs" >&2; exit 1; }
        echo "abi_names_v067.sh: a program built against the real headers, fmt 11.1.4 and nlohmann_json 3.11.3 formats and converts through $LIBRARY" >&2
    fi
fi
