#!/usr/bin/env bash
# Installs what warpscope needs from Debian's packages, when missing.
# The CUDA toolkit (nvcc 13) is expected in /usr/local/cuda.
set -euo pipefail
packages=(cmake ninja-build g++ clang libclang-rt-14-dev clang-format
          qt6-base-dev libqt6svg6-dev libqcustomplot-dev nlohmann-json3-dev libcli11-dev libyaml-cpp-dev
          libmuparser-dev libqscintilla2-qt6-dev libzstd-dev liblz4-dev
          libgtest-dev xvfb xauth fonts-dejavu-core ccache)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "nvcc not found: install the CUDA 13 toolkit in /usr/local/cuda" >&2
  exit 1
fi
