#!/bin/bash
# Installs ltcap under a prefix: bin/ltcap, bin/ltplay, bin/ltdump; lib/libltcap.so (the capture shim) and
# lib/libtt_metal.so (the emulated tt-metal, used when no other is found); share/ltcap/trace.capnp (the log
# schema); share/doc/ltcap/ (the docs).
#
#   scripts/install.sh PREFIX            # builds with Bazel first
#   scripts/install.sh --from DIR PREFIX # installs files already built, laid out as in bazel-bin (tests use this)
#
# The installed tools find libtt_metal.so as tt-metal programs do: LD_LIBRARY_PATH first, then
# $TT_METAL_HOME/build/lib (ltcap replay), then PREFIX/lib.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
from=
if [ "${1:-}" = "--from" ]; then
    from=${2:?--from needs a directory}
    shift 2
fi
prefix=${1:-}
if [ -z "$prefix" ] || [ "$prefix" = "-h" ] || [ "$prefix" = "--help" ]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    [ -n "$prefix" ]
    exit $?
fi
if [ -z "$from" ]; then
    (cd "$root" && bazel build --color=no --curses=no --noshow_progress //cli:ltcap //player:ltplay //player:ltdump \
        //interpose:libltcap.so //third_party/tt_metal:libtt_metal.so)
    from=$(cd "$root" && bazel info bazel-bin 2>/dev/null)
fi
docs=$root/docs
[ -d "$docs" ] || docs=$from/docs
schema=$root/schema/trace.capnp
[ -f "$schema" ] || schema=$from/schema/trace.capnp

install -d "$prefix/bin" "$prefix/lib" "$prefix/share/ltcap" "$prefix/share/doc/ltcap"
install -m 755 "$from/cli/ltcap" "$from/player/ltplay" "$from/player/ltdump" "$prefix/bin/"
install -m 755 "$from/interpose/libltcap.so" "$from/third_party/tt_metal/libtt_metal.so" "$prefix/lib/"
install -m 644 "$schema" "$prefix/share/ltcap/"
install -m 644 "$docs"/*.md "$prefix/share/doc/ltcap/"
echo "installed ltcap $("$prefix/bin/ltcap" version | cut -d' ' -f2-) under $prefix"
