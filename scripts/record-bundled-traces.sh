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

# Memory lab (seed 001): transposes, axis reductions, the bank probe.
sweep transpose-u8 width=1920 height=1080 variant=naive,shared,padded
sweep transpose-f32 width=1024 height=1024 variant=copy,naive,tiled,padded,best rows_per_thread=4
sweep transpose-f32 width=4096 height=4096 variant=copy,naive,tiled,padded,best rows_per_thread=4
sweep transpose-f32 width=4096 height=4096 variant=tiled,padded rows_per_thread=1
sweep reduce-columns width=4096 height=4096
sweep reduce-rows-atomic width=4096 height=4096
sweep reduce-rows-block width=4096 height=4096
sweep bank-probe pattern=stride width=4 stride=1,2,4,8,16,32,33
sweep bank-probe pattern=stride width=8,16 stride=1,2
sweep bank-probe pattern=column tile=32x32 width=4 padding=0,4
sweep bank-probe pattern=column tile=16x16 width=1 padding=0,4
du -sh "$out"
