#!/usr/bin/env bash
# The concurrency lab on a GPU machine, after `cmake --build build-gpu`:
#   scripts/gpu/concurrency.sh BUILD_DIR OUT_DIR
# 1. concurrency_bench: streams overlap per stream count and host memory kind,
#    the dot product, unified-memory patterns, launch latency, the CUPTI clock
#    offset (markdown + JSON, every result verified against the CPU);
# 2. compute-sanitizer memcheck and racecheck on small sizes of every kernel
#    (CUPTI off: WARPSCOPE_NO_CUPTI=1; racecheck refuses the module that
#    launches kernels from the device, so the reduction's block tree is
#    race-checked in tests/kernels/concurrency/dp_block_tree_test, and the
#    launching kernels get memcheck);
# 3. one traced run per experiment kept, with `info`, and a Chrome export.
# Prints a short table last. The GPU tests run through ctest
# (concurrency_kernels_gpu_test); this script does not repeat them.
set -uo pipefail
build=${1:-build-gpu}
out=${2:-$build/concurrency}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
rec=$build/app/record/warpscope-record
bench=$build/bench/gpu_concurrency/concurrency_bench
started=$SECONDS
status=0
summary=()

t=$SECONDS
timeout 150 "$bench" --json "$out/concurrency_bench.json" >"$out/concurrency_bench.md" \
    2>"$out/concurrency_bench.log"
rc=$?
[[ $rc -ne 0 ]] && status=1
summary+=("bench: exit $rc in $((SECONDS - t)) s ($out/concurrency_bench.md)")

t=$SECONDS
: >"$out/sanitize.log"
bad=0
sanitize() {  # TOOL EXPERIMENT PARAMS...
    local tool=$1; shift
    if ! WARPSCOPE_NO_CUPTI=1 timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 9 \
            "$rec" run "$@" -r 1 -o "$out/sanitize.wstrace" >>"$out/sanitize.log" 2>&1; then
        bad=$((bad + 1))
        echo "FAILED: $tool $*" >>"$out/sanitize.log"
    fi
}
for tool in memcheck racecheck; do
    sanitize $tool streams n=5003 chunks=3 streams=2 kernel_work=3 block=128
    sanitize $tool streams mode=dot n=5003 streams=3 block=128
    sanitize $tool unified-memory pattern=first-touch n=5003 block=96
    sanitize $tool unified-memory pattern=managed-variable n=5003 block=96
done
# racecheck refuses modules that launch kernels from the device ("CUDA Dynamic
# Parallelism is not supported by the selected tool"), so the reduction's
# block tree is race-checked in a whole-program build of the same header.
if ! timeout 120 compute-sanitizer --tool racecheck --error-exitcode 9 \
        "$build/tests/kernels/concurrency/dp_block_tree_test" >>"$out/sanitize.log" 2>&1; then
    bad=$((bad + 1))
    echo "FAILED: racecheck dp_block_tree_test" >>"$out/sanitize.log"
fi
sanitize memcheck dynamic-parallelism pattern=recursive-reduction driver=host n=5003 block=64
sanitize memcheck dynamic-parallelism pattern=parent-child n=5003 parent_blocks=5 child_blocks=2 block=64
sanitize memcheck dynamic-parallelism pattern=parent-child mode=tail n=5003 parent_blocks=5 child_blocks=2 block=64
sanitize memcheck dynamic-parallelism pattern=recursive-reduction driver=device n=5003 block=32
[[ $bad -ne 0 ]] && status=1
summary+=("compute-sanitizer: $bad failing runs in $((SECONDS - t)) s ($out/sanitize.log)")

t=$SECONDS
traced() {  # NAME EXPERIMENT PARAMS...
    local name=$1; shift
    if "$rec" run "$@" -r 5 -o "$out/$name.wstrace" >"$out/$name.run.log" 2>&1 &&
            "$rec" info "$out/$name.wstrace" >"$out/$name.info.txt" 2>&1; then
        summary+=("$name: $(grep -E '^(clocks|CUPTI):' "$out/$name.info.txt" | head -n 1)")
    else
        status=1
        summary+=("$name: FAILED (see $out/$name.run.log)")
    fi
}
traced streams-4-pinned streams n=2^22 chunks=8 streams=4
traced streams-4-pageable streams n=2^22 chunks=8 streams=4 host_memory=pageable
traced dp-tail dynamic-parallelism pattern=parent-child mode=tail n=2^20 parent_blocks=16 child_blocks=4
traced um-first-touch unified-memory pattern=first-touch n=2^22
"$rec" export-chrome "$out/streams-4-pinned.wstrace" -o "$out/streams-4-pinned.json" 2>>"$out/sanitize.log" ||
    status=1
summary+=("traced runs and export in $((SECONDS - t)) s")

echo
echo "==== concurrency lab ($((SECONDS - started)) s) ===="
for line in "${summary[@]}"; do echo "$line"; done
echo
grep -E "^goal " "$out/concurrency_bench.md" || echo "(no goals: the benchmark did not finish)"
exit $status
