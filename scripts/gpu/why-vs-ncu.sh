#!/usr/bin/env bash
# What `warpscope-record run --why` records, set beside Nsight Compute on the
# same kernels, after `cmake --build build-gpu --target warpscope-record`:
#   scripts/gpu/why-vs-ncu.sh BUILD_DIR OUT_DIR
# For each kernel: our run with --why (its trace and `info --json`), then ncu
# on the same command, on the kernel's first launch (the plain build's
# warm-up: every lab times its plain build first), with DRAM bytes, the
# shared-memory conflict counters and the warp-state sampling metrics
# (group:smsp__pcsamp_warp_stall_reasons). scripts/why_vs_ncu.py writes the
# table (markdown and JSON) and exits 1 where a goal is missed.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
build=${1:-build-gpu}
out=${2:-$build/why-vs-ncu}
mkdir -p "$out"
rec=$build/app/record/warpscope-record
[[ -x $rec ]] || { echo "why-vs-ncu.sh: $rec is missing: build $build first" >&2; exit 2; }
command -v ncu >/dev/null || { echo "why-vs-ncu.sh: ncu is not on PATH" >&2; exit 2; }

# name | kernel regex for ncu | experiment and parameters
cases=(
  "transpose naive|transposeNaive|transpose-f32 variant=naive width=4096 height=4096"
  "transpose tiled|transposeTiled|transpose-f32 variant=tiled width=4096 height=4096"
  "transpose padded|transposeTiled|transpose-f32 variant=padded width=4096 height=4096"
  "bank probe stride 1|bankProbe|bank-probe stride=1 width=4"
  "bank probe stride 32|bankProbe|bank-probe stride=32 width=4"
  "reduction interleaved-divergent|ladderKernel|reduce-ladder variant=interleaved-divergent n=2^24 type=float"
  "reduction best|reduceBest|reduce-ladder variant=best n=2^24 type=float"
  "matmul seed tiled|mmSeedTiled|matmul variant=seed-tiled n=2048 block_dim=16"
  "matmul warp-tiled double-buffered|mmWarptile|matmul variant=warptile-db n=4096"
)
metrics=dram__bytes_read.sum,dram__bytes_write.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,group:smsp__pcsamp_warp_stall_reasons

i=0
for c in "${cases[@]}"; do
    IFS='|' read -r name regex command <<<"$c"
    i=$((i + 1))
    # shellcheck disable=SC2086
    "$rec" run $command traced_blocks=0 -r 5 --why -o "$out/case$i.wstrace" >"$out/case$i.run.log" 2>&1 ||
        echo "why-vs-ncu.sh: $name: warpscope-record failed (see $out/case$i.run.log)" >&2
    "$rec" info --json "$out/case$i.wstrace" >"$out/case$i.info.json" 2>>"$out/case$i.run.log"
    # shellcheck disable=SC2086
    ncu --csv --page raw --metrics "$metrics" -k "regex:$regex" --launch-count 1 \
        "$rec" run $command traced_blocks=0 -r 1 -o "$out/case$i.ncu.wstrace" \
        >"$out/case$i.ncu.csv" 2>"$out/case$i.ncu.log"
    echo "$name" >"$out/case$i.name"
done
python3 scripts/why_vs_ncu.py "$out" "$i"
