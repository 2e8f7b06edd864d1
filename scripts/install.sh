#!/bin/bash
# Installs ltcap and an emulated tt-metal under a prefix, as a tt-metal package would lay it out:
#   bin/ltcap, bin/ltdump                    the tools
#   bin/ltplay, bin/ltplay_v067, …           each release's player (`ltcap replay` picks by the log's header)
#   lib/libltcap.so, lib/libltcap_v067.so, … each release's capture shim (`ltcap capture` picks the one of the
#                                            tt-metal the program loads)
#   lib/libltcap_run.so, libltcap_run_v067.so, …  each release's embeddable runtime (include/ltcap/ltcap_run.h;
#                                            `ltcap run` loads the one of the log's release)
#   lib/libtt_metal.so                       the emulated tt-metal of the chosen release (used when no other is found)
#   include/                                 that release's host API headers, so programs compile against PREFIX alone
#   lib/cmake/tt-metalium/                   (v0.67.0) the TT-Metalium CMake package (find_package(TT-Metalium) gives
#                                            TT::Metalium and TT::STL with CMAKE_PREFIX_PATH=PREFIX)
#   share/ltcap/trace.capnp, share/doc/ltcap/  the log schema and the docs
#   share/man/man1/                          ltcap(1), ltplay(1), ltdump(1), made from the tools' --help texts
#   share/bash-completion/completions/       completion of ltcap's commands and every tool's options
# Kernel headers are embedded in libtt_metal.so and written to the emulator's cache when a kernel is first built.
#
#   scripts/install.sh [--tt-metal RELEASE] PREFIX        # builds with Bazel first (default: the oldest release)
#   scripts/install.sh --from DIR [--tt-metal ...] PREFIX # files already built, laid out as in bazel-bin (tests)
# The releases and their files are profiles/releases.bzl's (built into profiles/releases.sh).
#
# The installed tools find libtt_metal.so as tt-metal programs do: LD_LIBRARY_PATH first, then
# $TT_METAL_HOME/build/lib (ltcap replay), then PREFIX/lib. One prefix holds one release.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
from=
release=
usage() { sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case $1 in
        --from) from=${2:?--from needs a directory}; shift 2 ;;
        --tt-metal) release=${2:?--tt-metal needs a release (profiles/releases.bzl)}; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) break ;;
    esac
done
prefix=${1:-}
if [ -z "$prefix" ]; then
    usage >&2
    exit 2
fi
if [ -z "$from" ]; then
    "$root/scripts/install_deps.sh"
    (cd "$root" && bazel build --color=no --curses=no --noshow_progress //profiles:releases.sh)
    from=$(cd "$root" && bazel info bazel-bin 2>/dev/null)
    built=1
fi
if [ ! -f "$from/profiles/releases.sh" ]; then
    echo "install.sh: $from/profiles/releases.sh is missing (build //profiles:releases.sh)" >&2
    exit 2
fi
# shellcheck disable=SC1091
source "$from/profiles/releases.sh"
release=${release:-${releases[0]}}
if [ -z "${release_shim[$release]:-}" ]; then
    echo "install.sh: unknown tt-metal release $release (emulated: ${releases[*]})" >&2
    exit 2
fi
if [ -n "${built:-}" ]; then
    label() { echo "//profiles/$1:${2#profiles/$1/}"; }  # release, its file's path → the target making it
    targets=(//cli:ltcap //player:ltdump "$(label "$release" "${release_library[$release]}")")
    for r in "${releases[@]}"; do
        targets+=("$(label "$r" "${release_shim[$r]}")" "$(label "$r" "${release_player[$r]}")"
            "$(label "$r" "${release_runtime[$r]}")")
    done
    (cd "$root" && bazel build --color=no --curses=no --noshow_progress "${targets[@]}")
fi
docs=$root/docs
[ -d "$docs" ] || docs=$from/docs
schema=$root/schema/trace.capnp
[ -f "$schema" ] || schema=$from/schema/trace.capnp

install -d "$prefix/bin" "$prefix/lib" "$prefix/include" "$prefix/share/ltcap" "$prefix/share/doc/ltcap"
install -m 755 "$from/cli/ltcap" "$from/player/ltdump" "$prefix/bin/"
for r in "${releases[@]}"; do  # every release's player and shim: `ltcap` picks by the log or the program
    install -m 755 "$from/${release_player[$r]}" "$prefix/bin/"
    install -m 755 "$from/${release_shim[$r]}" "$prefix/lib/"
    install -m 755 "$from/${release_runtime[$r]}" "$prefix/lib/"
done
install -D -m 644 "$root/runtime/ltcap_run.h" "$prefix/include/ltcap/ltcap_run.h"
install -m 644 "$schema" "$prefix/share/ltcap/"
install -m 644 "$docs"/*.md "$prefix/share/doc/ltcap/"

# Header trees: each folder's contents under PREFIX/include (what programs put on their include path).
copy_headers() {
    local dir
    for dir in "$@"; do
        (cd "$dir" && find -L . -type f \( -name '*.h' -o -name '*.hpp' \) -print0 |
            while IFS= read -r -d '' f; do install -D -m 644 "$f" "$prefix/include/$f"; done)
    done
}
shared_headers=("$root/emu/shared/include" "$root/stand_ins/magic_enum/include")
install -m 755 "$from/${release_library[$release]}" "$prefix/lib/libtt_metal.so"
headers=()
for dir in ${release_headers[$release]}; do headers+=("$root/$dir"); done
copy_headers "${headers[@]}" "${shared_headers[@]}"
if [ -n "${release_cmake[$release]}" ]; then
    install -d "$prefix/lib/cmake/tt-metalium"
    install -m 644 "$root/${release_cmake[$release]}"/*.cmake "$prefix/lib/cmake/tt-metalium/"
fi
echo "$release" >"$prefix/share/ltcap/tt-metal-release"
LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$root/scripts/make_man.sh" "$prefix/bin" \
    "$prefix/share/man/man1"
completions=$prefix/share/bash-completion/completions
install -d "$completions"
install -m 644 "$root/scripts/ltcap-completion.bash" "$completions/ltcap"
ln -sfn ltcap "$completions/ltplay"
ln -sfn ltcap "$completions/ltdump"
echo "installed ltcap $("$prefix/bin/ltcap" version | cut -d' ' -f2-) with the emulated tt-metal $release under $prefix"
