#!/usr/bin/env bash
# Fuzzes the trace decoder: builds the "fuzz" preset (clang, libFuzzer, ASan,
# UBSan, core only), seeds a corpus with small valid traces and runs the
# fuzzer. Usage: scripts/run-fuzz.sh [SECONDS=120] [JOBS=2]
# Findings (crash-*, leak-*, timeout-*, oom-*) land in build-fuzz/findings.
set -euo pipefail
seconds=${1:-120}
jobs=${2:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz

cmake --preset fuzz -S "$root" >/dev/null
cmake --build "$build" --target trace_fuzz trace_seed_corpus -j "$jobs"

corpus=$build/corpus/trace
findings=$build/findings
mkdir -p "$corpus" "$findings"
"$build/tests/fuzz/trace_seed_corpus" "$corpus"

log=$build/fuzz-trace.log
set +e
"$build/tests/fuzz/trace_fuzz" "$corpus" \
    -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$findings/" -print_final_stats=1 2>"$log"
status=$?
set -e

runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
shopt -s nullglob
found=("$findings"/crash-* "$findings"/leak-* "$findings"/timeout-* "$findings"/oom-*)
echo "trace_fuzz: $runs executions in ${seconds}s, corpus $(ls "$corpus" | wc -l) inputs"
if ((${#found[@]} > 0)) || ((status != 0)); then
    echo "findings (${#found[@]}), exit status $status; log: $log"
    for f in "${found[@]}"; do echo "  $f"; done
    grep -E '^(==[0-9]+==ERROR|SUMMARY)|runtime error' "$log" | head -20 || true
    exit 1
fi
echo "no findings"
