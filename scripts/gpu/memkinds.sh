#!/usr/bin/env bash
# The memory kinds lab on a GPU machine, after `cmake --build build-gpu`:
#   scripts/gpu/memkinds.sh BUILD_DIR OUT_DIR
# 1. memkinds_bench: the latency staircase of every load path and its
#    plateaus, the L2's distance from each SM, the bandwidth staircase with
#    its HBM figure, the constant cache's passes, the texture paths, the
#    local-memory variants and the occupancy sweep (every run verified
#    against the CPU first; JSON and markdown into OUT_DIR);
# 2. compute-sanitizer memcheck and racecheck of every memory kinds kernel on
#    small sizes, through warpscope-record.
# Prints a short table last; exit 1 when something failed. The GPU tests run
# through ctest (kernels_memkinds_gpu_test, label "memkinds").
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
build=${1:-build-gpu}
out=${2:-$build/gpu-memkinds}
mkdir -p "$out"
rec=$build/app/record/warpscope-record
bench=$build/bench/gpu_memkinds/memkinds_bench
status=0
started=$SECONDS

for tool in "$rec" "$bench"; do
    [[ -x $tool ]] || { echo "memkinds.sh: $tool is missing: build $build first" >&2; exit 2; }
done

t=$SECONDS
"$bench" --json "$out/memkinds_bench.json" >"$out/memkinds_bench.md" 2>"$out/memkinds_bench.log"
bench_rc=$?
[[ $bench_rc -ne 0 ]] && status=1
bench_s=$((SECONDS - t))

# Small sizes: the sanitizers run the kernels one access at a time (the
# bandwidth kernel's passes are timed, so under a sanitizer it reads once).
runs=(
    "memory-latency path=global min_bytes=1024 max_bytes=65536 loads=256"
    "memory-latency path=ldg min_bytes=1024 max_bytes=16384 loads=256"
    "memory-latency path=cg min_bytes=1024 max_bytes=16384 loads=256"
    "memory-latency path=shared min_bytes=1024 max_bytes=131072 loads=256"
    "memory-latency path=constant min_bytes=1024 max_bytes=65536 loads=256"
    "memory-latency path=texture min_bytes=1024 max_bytes=65536 loads=256"
    "l2-distance bytes=4096 loads=256"
    "memory-bandwidth min_bytes=16384 max_bytes=1048576 block=96"
    "constant-memory distinct=32 loads=256"
    "texture size=256 angle=30 path=texture block=96"
    "texture size=256 angle=30 path=ldg"
    "local-memory n=4096 variant=spilled block=1024"
    "local-memory n=4096 variant=local-indexed block=256 shared_kib=100"
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
echo "==== memory kinds lab ($((SECONDS - started)) s) ===="
echo "bench: exit $bench_rc in $bench_s s (table: $out/memkinds_bench.md, json: $out/memkinds_bench.json)"
echo "compute-sanitizer: $sanitize_bad of $sanitize_total runs failed in $sanitize_s s (log: $out/sanitize.log)"
[[ -s $out/memkinds_bench.md ]] && cat "$out/memkinds_bench.md"
[[ $bench_rc -ne 0 ]] && tail -n 20 "$out/memkinds_bench.log"
exit $status
