#!/bin/bash
# The vtable layout of the classes whose virtual members ltcap's parts call or interpose on a mesh release
# (MeshDevice, whose slots are IDevice's, overridden in order), as g++ lays it out: one line per slot, "CLASS SLOT
# OVERRIDER". Two uses:
#
#   scripts/vtable_layout.sh --real GIT_DIR TAG [OUT]
#       from tt-metal TAG's own public headers (tt_metal/api, read from GIT_DIR, the search tool's fetch of
#       mcrl/ttt-s2-tt-metal), with this repository's stand-ins only for the third-party headers they include. Kept
#       as profiles/TAG/abi/vtables.txt.
#   scripts/vtable_layout.sh --stand-in ROOT TAG [OUT]
#       from the stand-in headers of profile TAG under ROOT (this repository, or a test's runfiles):
#       //tests/capture:vtables_v068_test compares it with the kept file.
set -euo pipefail
mode=${1:?usage: vtable_layout.sh --real GIT_DIR TAG [OUT] | --stand-in ROOT TAG [OUT]}
src=${2:?GIT_DIR or ROOT}
tag=${3:?TAG}
out=${4:-/dev/stdout}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/ltcap-vtables.XXXXXX)
trap 'rm -rf "$work"' EXIT
case $mode in
    --real) root=$here ;;
    --stand-in) root=$(cd "$src" && pwd) ;;
    *) echo "vtable_layout.sh: unknown mode $mode" >&2; exit 2 ;;
esac
stand_in=(-I"$root/profiles/$tag/include" -I"$root/profiles/$tag/release/include" -I"$root/profiles/v0.67.0/include")
third_party=(-I"$root/stand_ins/magic_enum/include" -I"$root/emu/shared/include")
if [ "$mode" = --real ]; then
    for dir in tt_metal/api tt_metal/hostdevcommon/api; do
        git --git-dir="$src" ls-tree -r --name-only "$tag" -- "$dir" | while IFS= read -r f; do
            mkdir -p "$work/real/$(dirname "$f")"
            git --git-dir="$src" show "$tag:$f" >"$work/real/$f"
        done
    done
    mkdir -p "$work/shims/enchantum" "$work/shims/fmt"
    printf '%s\n' '#pragma once' '#include <array>' '#include <magic_enum/magic_enum.hpp>' 'namespace enchantum {' \
        'template <typename E> inline constexpr std::size_t count = magic_enum::enum_count<E>();' \
        'template <typename E, typename V> using array = std::array<V, count<E>>;' '}' >"$work/shims/enchantum/enchantum.hpp"
    echo '#include <fmt/core.h>' >"$work/shims/fmt/base.h"
    # The real headers first; the stand-in's only for what they include from outside tt_metal/api (tt_stl, umd, …).
    includes=(-I"$work/shims" -I"$work/real/tt_metal/api" "${stand_in[@]}" -I"$work/real/tt_metal/hostdevcommon/api"
              "${third_party[@]}")
else
    includes=("${stand_in[@]}" "${third_party[@]}")
fi
printf '%s\n' '#include <tt-metalium/mesh_device.hpp>' \
    'void ltcap_vtables(tt::tt_metal::distributed::MeshDevice* m) { delete m; }' >"$work/probe.cc"
g++ -std=c++20 -c -w -DFMT_HEADER_ONLY -fdump-lang-class="$work/classes" "${includes[@]}" "$work/probe.cc" -o "$work/probe.o"
awk -v cls="tt::tt_metal::distributed::MeshDevice" '
    $0 == "Vtable for " cls { on = 1; next }
    on && /^$/ { exit }
    on && /^[0-9]+ / { slot = $1 / 8; $1 = ""; sub(/^ +\(int \(\*\)\(\.\.\.\)\)/, ""); print cls, slot, $0 }
' "$work/classes" >"$work/layout"
[ "$(wc -l <"$work/layout")" -gt 40 ] || { echo "vtable_layout.sh: no vtable for MeshDevice in g++'s class dump" >&2; exit 1; }
cat "$work/layout" >"$out"
