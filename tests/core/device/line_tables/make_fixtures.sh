#!/usr/bin/env bash
# Builds the fixtures of tests/core/device/cubin_line_table_test.cpp with the
# CUDA toolkit (13.0 made the committed ones): each cubin with -lineinfo, the
# PTX it was built from (whose `.loc ... inlined_at` the test checks the line
# table against), and linked.cubin, two compilation units device-linked.
set -euo pipefail
cd "$(dirname "$0")"
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
nvlink=${NVLINK:-$(dirname "$nvcc")/nvlink}
flags=(-arch=sm_90 -lineinfo -O3)
for name in inlined deep; do
    "$nvcc" "${flags[@]}" -cubin "$name.cu" -o "$name.cubin"
    "$nvcc" "${flags[@]}" -ptx "$name.cu" -o "$name.ptx"
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for name in inlined linked; do
    "$nvcc" "${flags[@]}" -rdc=true -cubin "$name.cu" -o "$work/$name.cubin"
done
"$nvlink" -arch=sm_90 --cpu-arch=X86_64 "$work/inlined.cubin" "$work/linked.cubin" -o linked.cubin
