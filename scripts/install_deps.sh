#!/bin/bash
# Installs the Debian packages the build needs, if any is missing (runs apt-get update first in that case).
set -euo pipefail

packages=(bazel-bootstrap g++ capnproto libcapnp-dev libunwind-dev libfmt-dev nlohmann-json3-dev libzstd-dev libxxhash-dev zstd
          googletest libgtest-dev libgmock-dev
          libbenchmark-dev binutils python3 strace
          clang-14 libclang-rt-14-dev cmake)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
