#!/usr/bin/env bash
# Installs the Debian packages rigio builds with, when any is missing. Safe to run repeatedly.
set -euo pipefail
packages=(cmake ninja-build g++ make python3 libfmt-dev libsimdjson-dev libcli11-dev libgtest-dev libbenchmark-dev
          clang libclang-rt-dev pkg-config libpng-dev libgif-dev libimagequant-dev libwebp-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
