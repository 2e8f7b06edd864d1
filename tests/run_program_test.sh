#!/bin/bash
# Runs an example program from the workspace root (where its kernel paths are relative to) and passes on its
# verdict. Kernels compile into a cache private to this test run.
set -euo pipefail
export TT_METAL_EMU_CACHE_DIR="${TEST_TMPDIR:-$(mktemp -d)}/kernel-cache"
exec "$@"
