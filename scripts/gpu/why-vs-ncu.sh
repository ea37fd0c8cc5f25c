#!/usr/bin/env bash
# What `warpscope-record run --why` records, set beside Nsight Compute on the
# same kernels, after `cmake --build build-gpu --target warpscope-record`:
#   scripts/gpu/why-vs-ncu.sh BUILD_DIR OUT_DIR
# For each kernel: our run with --why (its trace and `info --json`), then ncu
# on the same command, on the plain build's first timed works (every lab
# times its plain build first, after one untimed warm-up), at the clocks the
# run had (--clock-control none), with DRAM bytes, the shared-memory conflict
# counters and the warp-state sampling metrics
# (group:smsp__pcsamp_warp_stall_reasons). ncu profiles `works` timed works
# and the script adds their samples up: one launch of a one-warp kernel is a
# few thousand samples whose split between issuing and waiting changed from
# run to run (9 % and 36 % "selected" for the bank probe), where ours adds up
# dozens of launches. It then profiles them once more without emptying the
# caches (--cache-control none), to show what a warm L2 changes.
# scripts/why_vs_ncu.py writes the table (markdown and JSON) and exits 1
# where a goal is missed.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
build=${1:-build-gpu}
out=${2:-$build/why-vs-ncu}
mkdir -p "$out"
rec=$build/app/record/warpscope-record
[[ -x $rec ]] || { echo "why-vs-ncu.sh: $rec is missing: build $build first" >&2; exit 2; }
command -v ncu >/dev/null || { echo "why-vs-ncu.sh: ncu is not on PATH" >&2; exit 2; }

# name | kernel regex for ncu | launches of it in one timed work | timed works
# ncu profiles | experiment and parameters. The ladder launches its kernel
# three times a work at 2^24 (65,536 blocks' sums, then 256, then 1); the
# untimed warm-up before the timed works is one work.
cases=(
  "transpose naive|transposeNaive|1|5|transpose-f32 variant=naive width=4096 height=4096"
  "transpose tiled|transposeTiled|1|5|transpose-f32 variant=tiled width=4096 height=4096"
  "transpose padded|transposeTiled|1|5|transpose-f32 variant=padded width=4096 height=4096"
  "bank probe stride 1|bankProbe|1|20|bank-probe stride=1 width=4"
  "bank probe stride 32|bankProbe|1|20|bank-probe stride=32 width=4"
  "reduction interleaved-divergent|ladderKernel|3|5|reduce-ladder variant=interleaved-divergent n=2^24 type=float"
  "reduction best|reduceBest|1|5|reduce-ladder variant=best n=2^24 type=float"
  "matmul seed tiled|mmSeedTiled|1|3|matmul variant=seed-tiled n=2048 block_dim=16"
  "matmul warp-tiled double-buffered|mmWarptile|1|3|matmul variant=warptile-db n=2048"
)
metrics=dram__bytes_read.sum,dram__bytes_write.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
metrics+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,sm__warps_active.avg.pct_of_peak_sustained_active
metrics+=,sm__maximum_warps_per_active_cycle_pct
metrics+=,group:smsp__pcsamp_warp_stall_reasons

i=0
for c in "${cases[@]}"; do
    IFS='|' read -r name regex per works command <<<"$c"
    i=$((i + 1))
    # Block records off where the experiment has them: the plain build is
    # what both measure, and the recording build's launches stay short.
    extra=traced_blocks=0
    [[ $command == bank-probe* ]] && extra=
    # shellcheck disable=SC2086
    "$rec" run $command $extra -r 5 --why -o "$out/case$i.wstrace" >"$out/case$i.run.log" 2>&1 ||
        echo "why-vs-ncu.sh: $name: warpscope-record failed (see $out/case$i.run.log)" >&2
    "$rec" info --json "$out/case$i.wstrace" >"$out/case$i.info.json" 2>>"$out/case$i.run.log"
    # The plain build's first timed works (the warm-up before them is one
    # work), at the clocks the run had (ncu locks them to base by default);
    # then the same without emptying the caches before each.
    for cache in all none; do
        suffix=ncu; [[ $cache == none ]] && suffix=ncu-warm
        # shellcheck disable=SC2086
        ncu --csv --page raw --metrics "$metrics" -k "regex:$regex" --launch-skip "$per" \
            --launch-count $((per * works)) --clock-control none --cache-control "$cache" \
            "$rec" run $command $extra -r $((works + 1)) -o "$out/case$i.$suffix.wstrace" \
            >"$out/case$i.$suffix.csv" 2>"$out/case$i.$suffix.log"
    done
    echo "$name" >"$out/case$i.name"
    echo "$works" >"$out/case$i.works"
done
python3 scripts/why_vs_ncu.py "$out" "$i"
