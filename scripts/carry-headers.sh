#!/usr/bin/env bash
# Copies the header-only dependencies that the GPU machine lacks (nlohmann-json,
# CLI11) into .carry/include, which travels with the working tree; the "gpu"
# preset points WARPSCOPE_CARRIED_INCLUDE there. Run it on a machine that has
# them installed (scripts/install-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.carry/include
mkdir -p "$dest"
for dir in /usr/include/nlohmann /usr/include/CLI; do
    if [[ ! -d $dir ]]; then
        echo "carry-headers: $dir is missing; install nlohmann-json3-dev and libcli11-dev" >&2
        exit 1
    fi
    rm -rf "$dest/$(basename "$dir")"
    cp -r "$dir" "$dest/"
done
echo "carry-headers: $(du -sh "$dest" | cut -f1) in $dest"
