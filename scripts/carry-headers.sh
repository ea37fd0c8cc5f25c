#!/usr/bin/env bash
# Copies the dependencies that the GPU machine lacks (the header-only
# nlohmann-json and CLI11, yaml-cpp's headers and static library, muparser's
# headers and shared library) into
# .carry/include and .carry/lib, which travels with the working tree; the "gpu"
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
# yaml-cpp (lessons, for warpscope-record record-lesson): its headers and the
# static library, so nothing needs installing there.
yaml_lib=$(ls /usr/lib/*/libyaml-cpp.a 2>/dev/null | head -n 1)
if [[ ! -d /usr/include/yaml-cpp || -z $yaml_lib ]]; then
    echo "carry-headers: yaml-cpp is missing; install libyaml-cpp-dev" >&2
    exit 1
fi
rm -rf "$dest/yaml-cpp"
cp -r /usr/include/yaml-cpp "$dest/"
mkdir -p .carry/lib
cp "$yaml_lib" .carry/lib/
# muparser (kernel files' launch expressions): its headers and shared
# library; the build's run path finds the library in .carry/lib.
if ! ls /usr/include/muParser.h >/dev/null 2>&1; then
    echo "carry-headers: muparser is missing; install libmuparser-dev" >&2
    exit 1
fi
cp /usr/include/muParser*.h "$dest/"
# Plain files, not links: the carried tree may not keep links.
for lib in /usr/lib/*/libmuparser.so /usr/lib/*/libmuparser.so.2; do cp -L "$lib" .carry/lib/; done
# Zstandard and LZ4 (the compressed PTX of a traced program's fatbinary):
# headers and shared libraries, found in .carry/lib like muparser's.
for header in zstd.h zstd_errors.h lz4.h; do
    if [[ ! -f /usr/include/$header ]]; then
        echo "carry-headers: /usr/include/$header is missing; install libzstd-dev and liblz4-dev" >&2
        exit 1
    fi
    cp /usr/include/$header "$dest/"
done
for lib in /usr/lib/*/libzstd.so /usr/lib/*/libzstd.so.1 /usr/lib/*/liblz4.so /usr/lib/*/liblz4.so.1; do
    cp -L "$lib" .carry/lib/
done
echo "carry-headers: $(du -sh .carry | cut -f1) in .carry (include/, lib/)"
