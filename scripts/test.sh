#!/usr/bin/env bash
# Installs what is missing, builds everything (GUI included) and runs every
# test. GPU tests skip with their reason on machines without a CUDA device.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export PATH=/usr/local/cuda/bin:$PATH
cmake --preset ci >/dev/null
cmake --build --preset ci -j "$(nproc)"
ctest --preset ci -j "$(nproc)"
