#!/usr/bin/env bash
# Records the traces bundled in resources/traces on a machine with a CUDA
# device: small sweeps of every experiment, a few MB in all.
# Usage: record-bundled-traces.sh [RECORDER] [OUTDIR] [LAB...]
# LAB is basics, reductions, memory, memkinds, atomics, concurrency, matmul,
# tensorcores or kernelfiles; without one, every lab is recorded. LAB affine re-records only the reductions of
# affine maps (part of reductions), LAB why only the runs recorded with why they are slow (part of
# reductions, memory and matmul). Only those carry a profile: the others are recorded with
# --no-why, which keeps the traces within their budget.
set -euo pipefail
rec=${1:-build-gpu/app/record/warpscope-record}
out=${2:-resources/traces}
shift $(( $# < 2 ? $# : 2 ))
mkdir -p "$out"
sweep() { "$rec" sweep "$@" --no-why -o "$out" -r 10 >/dev/null; }
why_sweep() { "$rec" sweep "$@" --why -o "$out" -r 10 >/dev/null; }

# The runs the lessons' "why" slides show, with their stall samples and
# counters (docs/why-slow.md).
why_reductions() {
    why_sweep reduce-ladder variant=interleaved-divergent,best n=2^24 block=256 type=float traced_blocks=0
}
why_memory() {
    why_sweep transpose-f32 width=4096 height=4096 variant=naive,tiled,padded rows_per_thread=4
    why_sweep bank-probe pattern=stride width=4 stride=1,32
}
why_matmul() {
    why_sweep matmul n=1024 variant=seed-tiled block_dim=16
    why_sweep matmul n=1024 variant=warptile-db
}
why_atomics() {
    # The CAS loop against one atomic per block, on the input that makes every
    # thread's CAS contend (descending values: each one a new minimum).
    why_sweep argmin variant=cas-original input=descending n=2^20 traced_blocks=0
    why_sweep argmin variant=shuffle-atomicmin input=descending n=2^20
}
record_why() {
    why_reductions
    why_memory
    why_matmul
    why_atomics
}

record_basics() {
    # First kernels (seed 000/003 ch. 1-2, bandwidthTest): small, the lecture's defaults.
    sweep hello grid=1,2 block=64
    sweep hello grid=4 block=48
    sweep vector-add n=5,7
    sweep vector-add n=1000 launch=grid-block block=96
    sweep vector-add n=2^20 launch=grid-block block=256 crossover_sweep=on traced_blocks=2
    # Without the bounds check the run fails its verification on purpose: the
    # guard zones caught the write past the end, and the trace shows it.
    sweep vector-add n=5 variant=no-bounds-check || true
    sweep set0-mul24 n=2^22 variant=mul24,multiply
    sweep host-device-bandwidth min_bytes=1024 max_bytes=2^30
    # CPU against GPU: the reduction at sizes from 2^10, for the crossover.
    sweep reduce-ladder variant=best n=2^10,2^12,2^14,2^22 block=256 type=float traced_blocks=0
}

record_reductions() {
    # Reduction lab (seeds 000/003 ch. 4, Harris).
    sweep reduce-single-block n=1000,10000 block=256,1024 type=int32
    sweep reduce-single-block n=10000 block=1024 type=float
    sweep reduce-single-block-noncomm n=10000 block=256,1024 op=add
    sweep reduce-multi-block n=2^20,2^24 block=256,1024 type=int32 traced_blocks=1
    sweep reduce-last-block n=2^20 block=256,1024 grid=0,1024 type=int32 traced_blocks=1
    sweep reduce-warp variant=comm,comm-compact,shuffle n=2^16 block=1024 op=add type=int32
    sweep reduce-ladder variant=interleaved-divergent,interleaved-strided,sequential,first-add,unroll-last-warp,complete-unroll,multi-element,best,cub \
          n=2^16,2^18,2^20 block=256 type=float
    record_affine
    why_reductions  # 2^24 for the crossover too
}

record_affine() {
    # Non-commutative reductions of affine maps modulo 97 (docs/reduction-
    # operators.md). With n = block the tree's leaves are the inputs themselves.
    sweep reduce-single-block-noncomm n=10000 block=256,1024 op=affine
    sweep reduce-single-block-noncomm n=256 block=256 op=affine
    sweep reduce-multi-block-noncomm n=2^20 block=256 grid=0,64 op=affine
    sweep reduce-warp variant=noncomm,noncomm-padded,shuffle n=2^16 block=1024 op=affine type=int32
}

record_memory() {
    # Memory lab (seed 001): transposes, axis reductions, the bank probe.
    sweep transpose-u8 width=1920 height=1080 variant=naive,shared,padded
    sweep transpose-f32 width=1024 height=1024 variant=copy,naive,tiled,padded,best rows_per_thread=4
    sweep transpose-f32 width=4096 height=4096 variant=copy,best rows_per_thread=4
    sweep transpose-f32 width=4096 height=4096 variant=tiled,padded rows_per_thread=1
    sweep reduce-columns width=4096 height=4096
    sweep reduce-rows-atomic width=4096 height=4096
    sweep reduce-rows-block width=4096 height=4096
    sweep bank-probe pattern=stride width=4 stride=2,4,8,16,33
    sweep bank-probe pattern=stride width=8,16 stride=1,2
    sweep bank-probe pattern=column tile=32x32 width=4 padding=0,4
    sweep bank-probe pattern=column tile=16x16 width=1 padding=0,4
    why_memory
}

record_memkinds() {
    # Memory kinds lab (seed 000 ch. 1, seed 004): the latency staircase to
    # 256 MiB and the paths with one level, L2 from each SM, the bandwidth
    # staircase to 1 GiB, __constant__ memory at 1 and 32 distinct indices,
    # the rotated window, local memory with the occupancy sweep. The recorded
    # launches are small (one thread, one block per SM, a 1024 x 1024
    # window): about 0.3 MB in all.
    sweep memory-latency path=global min_bytes=1024 max_bytes=2^28 stride=128 points_per_octave=4
    sweep memory-latency path=cg min_bytes=1024 max_bytes=2^26 stride=128
    sweep memory-latency path=shared,constant min_bytes=1024 max_bytes=65536 stride=128
    # One load per 2 MiB page through L2, to 8 GiB: a step would be the TLB's reach (the H100
    # showed none).
    sweep memory-latency path=cg min_bytes=2^21 max_bytes=2^33 stride=2^21 points_per_octave=1
    sweep l2-distance bytes=4096,16777216
    sweep memory-bandwidth min_bytes=16384 max_bytes=2^30 block=512
    sweep constant-memory distinct=1,8,32
    sweep texture size=2048 angle=0,90 path=texture
    sweep local-memory n=2^20 variant=local-indexed
}

record_atomics() {
    # Atomics lab (seeds 000/003 ch. 3 and 002): the work queue, argmin by
    # atomicCAS and its fast variants, contention. About 1 MB in all.
    sweep work-queue strategy=static,per-item,queue distribution=equal,heavy,random items=1024 cost_us=10 blocks_per_sm=1
    sweep work-queue strategy=static,queue distribution=ramp items=1024 cost_us=10 blocks_per_sm=1
    sweep argmin variant=cas-original,cas-modified,cas-modified-new input=blog,descending n=50000 traced_blocks=16
    sweep argmin variant=shuffle-atomicmin,cub input=blog n=50000,2^16,2^20
    sweep atomic-contention threads=65536 addresses=1,32,1024 spacing=word per_thread=16
    sweep atomic-contention threads=65536 addresses=1024 spacing=line per_thread=16
}

record_concurrency() {
    # Concurrency lab (seed 004): streams, dynamic parallelism, unified memory.
    # 1024-thread blocks keep the block records small; each run has its CUPTI
    # operations, host calls and clock offset.
    sweep streams n=2^20 chunks=8 streams=1,2,4,8 host_memory=pinned block=1024
    sweep streams n=2^20 chunks=8 streams=1,4 host_memory=pageable block=1024
    sweep streams mode=dot n=2^20 streams=1,4 block=1024
    sweep dynamic-parallelism pattern=parent-child n=2^16 parent_blocks=8 child_blocks=4 mode=fire-and-forget,tail
    sweep dynamic-parallelism pattern=recursive-reduction n=2^18 block=64,256 driver=device,host
    sweep unified-memory n=2^20 pattern=first-touch,prefetch,cpu-touched,explicit-copy,resident block=1024
    sweep unified-memory n=10000 pattern=managed-variable block=256
}

record_matmul() {
    # Matrix multiply lab (seed 004): the course's kernels (the printed bug among
    # them) on small matrices, the ladder and cuBLAS at 256 and 1024, the fast
    # rungs at 4096 where the goal is measured, the CPU; one traced block each.
    sweep matmul n=256 variant=seed-naive,seed-tiled block_dim=8
    # The same size with the larger tile: the banks slide's one-change comparison.
    sweep matmul n=256 variant=seed-tiled block_dim=16
    sweep matmul n=1024 variant=seed-naive block_dim=16
    # The printed kernel fails its check by design: its traces are the lesson.
    sweep matmul n=256 variant=seed-tiled-bug block_dim=8 || true
    sweep matmul n=1024 variant=seed-tiled-bug block_dim=16 || true
    sweep matmul n=256 variant=coalesced,shared-tiling,blocktile-1d,blocktile-2d,vectorized,warptile,warptile-db,cublas
    sweep matmul n=1024 variant=coalesced,shared-tiling,blocktile-1d,blocktile-2d,vectorized,warptile,cublas
    sweep matmul n=4096 variant=blocktile-2d,vectorized,warptile,warptile-db,cublas
    sweep matmul n=256 variant=cpu-naive,cpu-blocked
    sweep matmul n=1024 variant=cpu-blocked
    why_matmul
}

record_tensorcores() {
    # The tensor-core ladder (matmul-tc, Hopper only): every rung at 2048 with
    # four traced blocks (their tiles and, from wgmma-tma on, the pipeline
    # step by step), and at 4096, where the goal is measured, with block
    # records only; the persistent rungs at 4096 with four traced blocks,
    # whose first two tiles show the producer loading the next tile while the
    # consumers store the last. At 8192 the TMA rungs and cuBLAS only: the
    # first rungs' 4096 blocks a launch would take 170 KB of the budget.
    sweep matmul-tc n=2048 traced_blocks=4 \
          variant=wmma,mma-sync,wgmma,wgmma-tma,warp-specialized,persistent,clusters,cublas
    sweep matmul-tc n=4096 traced_blocks=0 \
          variant=wmma,mma-sync,wgmma,wgmma-tma,warp-specialized,cublas
    sweep matmul-tc n=4096 traced_blocks=4 variant=persistent,clusters
    sweep matmul-tc n=8192 traced_blocks=0 \
          variant=wgmma-tma,warp-specialized,persistent,clusters,cublas
}

record_kernelfiles() {
    # Kernel files of one's own (docs/your-kernel.md): the bundled examples as
    # the lesson "Your own kernel" shows them, the products with why they are
    # slow. run-kernel lists each run in the folder's manifest.
    local dir
    dir=$(dirname "$0")/../examples/kernels
    kernel() { local name=$1; shift; "$rec" run-kernel "$dir/$name.cu" "$@" -r 10 -o "$out/kernel-file__example-${name}$(printf '__%s' "${@/=/-}" | sed 's/__--[a-z-]*//g').wstrace" >/dev/null; }
    kernel vector_add n=65536 --no-why
    kernel matmul_naive n=512 --why
    kernel matmul_tiled n=512 --why
}

labs=("$@")
[ ${#labs[@]} -gt 0 ] || labs=(basics reductions memory memkinds atomics concurrency matmul tensorcores kernelfiles)
for lab in "${labs[@]}"; do
    declare -F "record_$lab" >/dev/null || { echo "unknown lab '$lab'" >&2; exit 2; }
    "record_$lab"
done
du -sh "$out"
