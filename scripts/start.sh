#!/usr/bin/env bash
# Installs what is missing, builds warpscope and starts it on the bundled
# traces (recorded on an NVIDIA H100). Extra arguments go to warpscope.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
export PATH=/usr/local/cuda/bin:$PATH
cmake --preset dev >/dev/null
cmake --build --preset dev -j "$(nproc)" --target warpscope warpscope-record
app=build/app/gui/warpscope
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ "${QT_QPA_PLATFORM:-}" != offscreen ]; then
  echo "No display found. Run it in a virtual display:   xvfb-run -s '-screen 0 1920x1080x24' $app" >&2
  echo "or render a screenshot offscreen:                 QT_QPA_PLATFORM=offscreen $app --screenshot out.png" >&2
  exit 1
fi
exec "$app" "$@"
