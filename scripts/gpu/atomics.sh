#!/usr/bin/env bash
# The atomics lab on a GPU machine, after `cmake --build build-gpu`:
#   scripts/gpu/atomics.sh BUILD_DIR OUT_DIR
# 1. atomics_bench: argmin against CUB and the best sum at 2^28, the seed's
#    CPU-against-GPU table and crossover, CAS attempts per thread, the work
#    queue per strategy and distribution, the contention curve (every timed
#    result verified against the CPU first; JSON and markdown into OUT_DIR);
# 2. compute-sanitizer memcheck and racecheck of every atomics kernel on
#    small sizes, through warpscope-record.
# Prints a short table last; exit 1 when something failed. The GPU tests run
# through ctest (atomics_kernels_test, label "atomics").
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
build=${1:-build-gpu}
out=${2:-$build/gpu-atomics}
mkdir -p "$out"
rec=$build/app/record/warpscope-record
bench=$build/bench/gpu_atomics/atomics_bench
status=0
started=$SECONDS

for tool in "$rec" "$bench"; do
    [[ -x $tool ]] || { echo "atomics.sh: $tool is missing: build $build first" >&2; exit 2; }
done

t=$SECONDS
"$bench" --json "$out/atomics_bench.json" >"$out/atomics_bench.md" 2>"$out/atomics_bench.log"
bench_rc=$?
[[ $bench_rc -ne 0 ]] && status=1
bench_s=$((SECONDS - t))

# Small sizes: the sanitizers run the kernels one access at a time.
runs=(
    "argmin variant=cas-original n=5000 traced_blocks=4"
    "argmin variant=cas-modified n=5000 input=descending traced_blocks=4"
    "argmin variant=cas-modified-new n=5000 traced_blocks=4"
    "argmin variant=shuffle-atomicmin n=100003"
    "argmin variant=cub n=100003"
    "work-queue strategy=static items=300 cost_us=1 distribution=heavy blocks_per_sm=0"
    "work-queue strategy=per-item items=300 cost_us=1 distribution=random blocks_per_sm=4"
    "work-queue strategy=queue items=300 cost_us=1 distribution=ramp blocks_per_sm=0"
    "work-queue strategy=queue items=300 cost_us=1 distribution=heavy blocks_per_sm=4"
    "atomic-contention threads=4096 addresses=7 per_thread=4"
)
: >"$out/sanitize.log"
sanitize_bad=0
sanitize_total=0
t=$SECONDS
for run in "${runs[@]}"; do
    for tool in memcheck racecheck; do
        sanitize_total=$((sanitize_total + 1))
        # shellcheck disable=SC2086
        if ! compute-sanitizer --tool $tool --error-exitcode 9 "$rec" run $run -r 1 \
                -o "$out/sanitize.wstrace" >>"$out/sanitize.log" 2>&1; then
            sanitize_bad=$((sanitize_bad + 1))
            echo "FAILED: $tool $run" | tee -a "$out/sanitize.log"
        fi
    done
done
sanitize_s=$((SECONDS - t))
[[ $sanitize_bad -ne 0 ]] && status=1

echo
echo "==== atomics lab ($((SECONDS - started)) s) ===="
echo "bench: exit $bench_rc in $bench_s s (table: $out/atomics_bench.md, json: $out/atomics_bench.json)"
echo "compute-sanitizer: $sanitize_bad of $sanitize_total runs failed in $sanitize_s s (log: $out/sanitize.log)"
[[ -s $out/atomics_bench.md ]] && cat "$out/atomics_bench.md"
[[ $bench_rc -ne 0 ]] && tail -n 20 "$out/atomics_bench.log"
exit $status
