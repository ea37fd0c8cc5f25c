#!/usr/bin/env bash
# What `warpscope-record run --why` records, set beside Nsight Compute on the
# same kernels, after `cmake --build build-gpu --target warpscope-record`:
#   scripts/gpu/why-vs-ncu.sh BUILD_DIR OUT_DIR
# For each kernel: our run with --why (its trace and `info --json`), then ncu
# on the same command, on the kernel's second launch (the plain build's first
# timed launch: every lab times its plain build first, after one untimed
# warm-up), at the clocks the run had (--clock-control none), with DRAM bytes, the
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

# name | kernel regex for ncu | launches of it before the first timed one |
# experiment and parameters. The ladder launches its kernel three times a run
# at 2^24 (65,536 blocks' sums, then 256, then 1): its warm-up is three launches.
cases=(
  "transpose naive|transposeNaive|1|transpose-f32 variant=naive width=4096 height=4096"
  "transpose tiled|transposeTiled|1|transpose-f32 variant=tiled width=4096 height=4096"
  "transpose padded|transposeTiled|1|transpose-f32 variant=padded width=4096 height=4096"
  "bank probe stride 1|bankProbe|1|bank-probe stride=1 width=4"
  "bank probe stride 32|bankProbe|1|bank-probe stride=32 width=4"
  "reduction interleaved-divergent|ladderKernel|3|reduce-ladder variant=interleaved-divergent n=2^24 type=float"
  "reduction best|reduceBest|1|reduce-ladder variant=best n=2^24 type=float"
  "matmul seed tiled|mmSeedTiled|1|matmul variant=seed-tiled n=2048 block_dim=16"
  "matmul warp-tiled double-buffered|mmWarptile|1|matmul variant=warptile-db n=2048"
)
metrics=dram__bytes_read.sum,dram__bytes_write.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,group:smsp__pcsamp_warp_stall_reasons

i=0
for c in "${cases[@]}"; do
    IFS='|' read -r name regex skip command <<<"$c"
    i=$((i + 1))
    # Block records off where the experiment has them: the plain build is
    # what both measure, and the recording build's launches stay short.
    extra=traced_blocks=0
    [[ $command == bank-probe* ]] && extra=
    # shellcheck disable=SC2086
    "$rec" run $command $extra -r 5 --why -o "$out/case$i.wstrace" >"$out/case$i.run.log" 2>&1 ||
        echo "why-vs-ncu.sh: $name: warpscope-record failed (see $out/case$i.run.log)" >&2
    "$rec" info --json "$out/case$i.wstrace" >"$out/case$i.info.json" 2>>"$out/case$i.run.log"
    # shellcheck disable=SC2086
    # The second launch of the plain build (the first is the untimed warm-up),
    # at the clocks the run had (ncu locks them to base by default).
    ncu --csv --page raw --metrics "$metrics" -k "regex:$regex" --launch-skip "$skip" --launch-count 1 \
        --clock-control none \
        "$rec" run $command $extra -r 3 -o "$out/case$i.ncu.wstrace" \
        >"$out/case$i.ncu.csv" 2>"$out/case$i.ncu.log"
    echo "$name" >"$out/case$i.name"
done
python3 scripts/why_vs_ncu.py "$out" "$i"
