#!/usr/bin/env bash
# The GPU check, on a machine with a CUDA device and no Qt: configure with the
# "gpu" preset, build, run every test that was built (the kernel tests on the
# GPU among them), then the reduction benchmark, and print a short summary last.
#
#   scripts/gpu-check.sh [--stages build,test,bench] [--sanitize] [--quick]
#
# Needs .carry/include (scripts/carry-headers.sh makes it on a machine that has
# the headers; carry it along, it is git-ignored). Logs, the JUnit report and
# the benchmark's JSON and table go to $OUT if set, else build-gpu/gpu-check.
# --sanitize adds compute-sanitizer racecheck and memcheck runs of the
# warp-synchronous kernels; --quick benchmarks 2^24 elements only.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=/usr/local/cuda/bin:$PATH

stages=build,test,bench
sanitize=0
quick=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --stages) stages=$2; shift 2 ;;
        --sanitize) sanitize=1; shift ;;
        --quick) quick=(--quick); shift ;;
        *) echo "usage: $0 [--stages build,test,bench] [--sanitize] [--quick]" >&2; exit 2 ;;
    esac
done
has() { [[ ",$stages," == *",$1,"* ]]; }

out=${OUT:-build-gpu/gpu-check}
mkdir -p "$out"
summary=()
status=0
note() { summary+=("$1"); }
started=$SECONDS

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null \
    | sed 's/^/gpu: /' | tee "$out/gpu.txt"

if has build; then
    if [[ ! -f .carry/include/nlohmann/json.hpp || ! -f .carry/include/CLI/CLI.hpp ]]; then
        echo "gpu-check: .carry/include is missing; run scripts/carry-headers.sh where the" \
             "headers are installed and carry .carry to this machine" >&2
        exit 2
    fi
    if ! cmake --preset gpu >"$out/configure.log" 2>&1; then
        tail -n 30 "$out/configure.log"
        echo "gpu-check: configure failed (log: $out/configure.log)"
        exit 1
    fi
    t=$SECONDS
    if ! cmake --build build-gpu -j16 >"$out/build.log" 2>&1; then
        grep -E "error|FAILED" -A3 "$out/build.log" | head -n 60
        echo "gpu-check: build failed (log: $out/build.log)"
        exit 1
    fi
    grep -i "spill" "$out/build.log" | sort -u | head -n 20 >"$out/spills.txt" || true
    note "build: ok in $((SECONDS - t)) s; spill warnings: $(wc -l <"$out/spills.txt")"
fi

if has test; then
    t=$SECONDS
    # GPU tests share the device; they check results, not timings, so they
    # may run side by side.
    ctest --test-dir build-gpu -j8 --output-on-failure --timeout 600 \
          --output-junit "$PWD/$out/ctest-junit.xml" >"$out/ctest.log" 2>&1
    rc=$?
    [[ $rc -ne 0 ]] && status=1
    result=$(grep -E "tests passed|tests failed" "$out/ctest.log" | tail -n 1)
    failed=$(sed -n '/The following tests FAILED/,$p' "$out/ctest.log" | grep -E "^\s+[0-9]+ - " | head -n 20)
    skipped=$(grep -c "Skipped" "$out/ctest.log" || true)
    note "tests: ${result:-no summary (see $out/ctest.log)} in $((SECONDS - t)) s, $skipped skipped"
    [[ -n $failed ]] && note "failed:"$'\n'"$failed"
    build-gpu/tests/kernels/device/kernels_device_gpu_test --gtest_filter='DeviceQuery.FactsAndTimerTick' \
        2>/dev/null | grep "\[ device" | sed 's/^\[ device   \] /device: /' >>"$out/gpu.txt"
fi

if [[ $sanitize -eq 1 ]]; then
    rec=build-gpu/app/record/warpscope-record
    : >"$out/sanitize.log"
    bad=0
    for v in comm comm-compact noncomm noncomm-padded shuffle; do
        op=add; [[ $v == noncomm* || $v == shuffle ]] && op=affine
        for tool in racecheck memcheck; do
            if ! compute-sanitizer --tool $tool --error-exitcode 9 "$rec" run reduce-warp \
                    variant=$v op=$op n=5000 block=256 -r 1 -o "$out/sanitize.trace" \
                    >>"$out/sanitize.log" 2>&1; then
                bad=$((bad + 1)); echo "FAILED: $tool reduce-warp variant=$v" >>"$out/sanitize.log"
            fi
        done
    done
    for v in unroll-last-warp complete-unroll multi-element best; do
        if ! compute-sanitizer --tool racecheck --error-exitcode 9 "$rec" run reduce-ladder \
                variant=$v n=100000 block=256 -r 1 -o "$out/sanitize.trace" \
                >>"$out/sanitize.log" 2>&1; then
            bad=$((bad + 1)); echo "FAILED: racecheck reduce-ladder variant=$v" >>"$out/sanitize.log"
        fi
    done
    [[ $bad -ne 0 ]] && status=1
    note "compute-sanitizer: $bad failing runs (log: $out/sanitize.log)"
fi

if has bench; then
    t=$SECONDS
    build-gpu/bench/gpu/reduce_bench --json "$out/reduce_bench.json" "${quick[@]}" \
        >"$out/reduce_bench.md" 2>"$out/reduce_bench.log"
    rc=$?
    [[ $rc -ne 0 ]] && status=1
    note "bench: exit $rc in $((SECONDS - t)) s (table: $out/reduce_bench.md, json: $out/reduce_bench.json)"
fi

echo
echo "==== gpu-check summary ($((SECONDS - started)) s) ===="
cat "$out/gpu.txt" 2>/dev/null
for line in "${summary[@]}"; do echo "$line"; done
if has bench && [[ -s $out/reduce_bench.md ]]; then
    echo
    cat "$out/reduce_bench.md"
fi
exit $status
