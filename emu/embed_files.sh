#!/bin/bash
# Embeds files in the library: writes a .cc defining ttemu::ARRAY[] (kernel_headers.h: EmbeddedFile, the path
# after the first MARKER in each file's path, and its content) and ttemu::kNumARRAY.
#   embed_files.sh OUT ARRAY MARKER FILE...
set -euo pipefail
out=$1 array=$2 marker=$3
shift 3
{
    echo '#include "emu/core/kernel_headers.h"'
    echo 'namespace ttemu {'
    echo "const EmbeddedFile $array[] = {"
    for f in "$@"; do
        grep -q ')ttemu_embed"' "$f" && { echo "embed_files.sh: $f contains the raw string's end" >&2; exit 1; }
        printf '{"%s", R"ttemu_embed(' "${f#*"$marker"}"
        cat "$f"
        printf ')ttemu_embed"},\n'
    done
    echo '};'
    echo "const std::size_t kNum${array#k} = sizeof($array) / sizeof($array[0]);"
    echo '}  // namespace ttemu'
} >"$out"
