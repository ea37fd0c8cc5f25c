#!/usr/bin/env bash
# The first-kernels lab on the GPU machine, after `cmake --build build-gpu`:
#   scripts/gpu/basics.sh BUILD_DIR OUT_DIR
# Runs the lab's GPU tests, basics_bench (bandwidth 1 KiB..1 GiB, set0,
# CPU-against-GPU crossovers), compute-sanitizer memcheck and racecheck on
# small sizes, writes everything into OUT_DIR and prints a short table last.
# Well within 4 minutes on the H100.
set -uo pipefail
build=${1:-build-gpu}
out=${2:-$build/basics-check}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
status=0
started=$SECONDS
summary=()

t=$SECONDS
"$build/tests/kernels/basics/kernels_basics_gpu_test" --gtest_output="xml:$out/gpu_test.xml" \
    >"$out/gpu_test.log" 2>&1 || status=1
"$build/tests/kernels/basics/kernels_basics_cpu_test" >"$out/cpu_test.log" 2>&1 || status=1
"$build/tests/app/record/record_cli_test" --gtest_filter='ServePrintf*' >"$out/serve_test.log" 2>&1 || status=1
summary+=("tests: $(grep -E 'PASSED|FAILED' "$out/gpu_test.log" | tail -n 2 | tr '\n' ' ')in $((SECONDS - t)) s")

t=$SECONDS
"$build/bench/gpu_basics/basics_bench" --json "$out/basics_bench.json" >"$out/basics_bench.md" \
    2>"$out/basics_bench.log" || status=1
summary+=("bench: $((SECONDS - t)) s (table $out/basics_bench.md, json $out/basics_bench.json)")

rec="$build/app/record/warpscope-record"
bad=0
: >"$out/sanitize.log"
sanitize() {  # tool experiment params...
    local tool=$1; shift
    if ! compute-sanitizer --tool "$tool" --error-exitcode 9 "$rec" run "$@" -r 1 \
            -o "$out/sanitize.wstrace" >>"$out/sanitize.log" 2>&1; then
        # vector-add without the bounds check fails its verification on purpose (exit 3);
        # only a sanitizer finding (exit 9) counts here.
        if grep -q "ERROR SUMMARY: [1-9]" "$out/sanitize.log"; then bad=$((bad + 1)); fi
    fi
    echo "== $tool $*" >>"$out/sanitize.log"
}
for tool in memcheck racecheck; do
    sanitize $tool hello grid=2 block=40 repeats=1
    sanitize $tool vector-add n=1000 launch=grid-block block=96 traced_blocks=4
    sanitize $tool vector-add n=5 variant=no-bounds-check
    sanitize $tool set0-mul24 n=100003 block=512
done
sanitize memcheck host-device-bandwidth min_bytes=1024 max_bytes=2^20
[[ $bad -ne 0 ]] && status=1
summary+=("compute-sanitizer: $bad runs with findings (log $out/sanitize.log)")

echo
echo "==== basics ($((SECONDS - started)) s) ===="
for line in "${summary[@]}"; do echo "$line"; done
grep -E "^goal|^latency|^multiply|^crossover" "$out/basics_bench.md"
exit $status
