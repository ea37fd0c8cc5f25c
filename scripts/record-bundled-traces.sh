#!/usr/bin/env bash
# Records the traces bundled in resources/traces on a machine with a CUDA
# device: small sweeps of every reduction experiment, a few MB in all.
# Usage: record-bundled-traces.sh [RECORDER] [OUTDIR]
set -euo pipefail
rec=${1:-build-gpu/app/record/warpscope-record}
out=${2:-resources/traces}
mkdir -p "$out"
sweep() { "$rec" sweep "$@" -o "$out" -r 10 >/dev/null; }

sweep reduce-single-block n=1000,10000 block=256,1024 type=int32
sweep reduce-single-block n=10000 block=1024 type=float
sweep reduce-single-block-noncomm n=10000 block=256,1024 op=affine,add
sweep reduce-multi-block n=2^20,2^24 block=256,1024 type=int32 traced_blocks=1
sweep reduce-last-block n=2^20 block=256,1024 grid=0,1024 type=int32 traced_blocks=1
sweep reduce-multi-block-noncomm n=2^20 block=256 grid=0,64 op=affine
sweep reduce-warp variant=comm,comm-compact,shuffle n=2^16 block=1024 op=add type=int32
sweep reduce-warp variant=noncomm,noncomm-padded,shuffle n=2^16 block=1024 op=affine type=int32
sweep reduce-ladder variant=interleaved-divergent,interleaved-strided,sequential,first-add,unroll-last-warp,complete-unroll,multi-element,best,cub \
      n=2^16,2^18,2^20 block=256 type=float
du -sh "$out"
