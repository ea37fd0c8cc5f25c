#!/usr/bin/env bash
# The shared GPU server on a real GPU (docs/class-server.md):
#   1. the NVML environment of a plain run, and its spread;
#   2. two recorders asked to run at the same moment never overlap their
#      measured launches (the %globaltimer spans of their block records, read
#      from one device clock, do not intersect) and the second reports its wait;
#      as a control, the same pair under two different lock ids does overlap;
#   3. two `serve` workers asked at the same moment: the second says `queued`;
#   4. a run made while another process computes on the GPU carries the
#      shared-GPU badge (scripts/gpu/busy_gpu.cu: a process outside the queue);
#   5. the GPU tests of the lock and the environment.
# Prints a short table last. Takes about half a minute.
#
# usage: scripts/gpu/server.sh BUILD_DIR OUT_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:?usage: server.sh BUILD_DIR OUT_DIR}")
out=$(realpath -m "${2:?usage: server.sh BUILD_DIR OUT_DIR}")
rec=$build/app/record/warpscope-record
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out"
[ -x "$rec" ] || { echo "server.sh: no $rec (build first)" >&2; exit 1; }
# A lock folder of this check's own: nothing stale from earlier runs in it.
export WARPSCOPE_LOCK_DIR=$out/locks
rm -rf "$WARPSCOPE_LOCK_DIR"
summary=()
note() { summary+=("$1|$2|$3"); }

# info --json is printed with one key per line; these read it without python.
field() { awk -F': ' -v k="\"$2\"" '$1 ~ k"$" {gsub(/[ ,]/, "", $2); print $2; exit}' "$1"; }
span() {  # first start and last end of every block record, ns
    awk -F': ' '/"firstStartNs"/ {gsub(/[ ,]/, "", $2); if (lo == "" || $2 + 0 < lo + 0) lo = $2}
                /"lastEndNs"/ {gsub(/[ ,]/, "", $2); if ($2 + 0 > hi + 0) hi = $2}
                END {print lo, hi}' "$1"
}
badges() {
    awk '/"badges": \[\]/ {exit} /"badges": \[/ {on = 1; next} on && /^ *\]/ {exit}
         on {gsub(/^ *"|",? *$/, ""); print}' "$1"
}
# Whether two spans [a0,a1] and [b0,b1] intersect, and the gap or overlap in ms.
relation() {
    awk -v a0="$1" -v a1="$2" -v b0="$3" -v b1="$4" 'BEGIN {
        if (a1 < b0) printf "apart, %.3f ms between them\n", (b0 - a1) / 1e6
        else if (b1 < a0) printf "apart, %.3f ms between them\n", (a0 - b1) / 1e6
        else printf "OVERLAP of %.3f ms\n", ((a1 < b1 ? a1 : b1) - (a0 > b0 ? a0 : b0)) / 1e6 }'
}

run_args=(reduce-ladder variant=sequential n=2^26 block=256 type=float -r 30)

echo "== 1. a plain run and its environment"
"$rec" run reduce-ladder variant=best n=2^24 type=float -r 30 -o "$out/plain.wstrace" \
    >"$out/plain.txt" 2>&1 || { cat "$out/plain.txt"; exit 1; }
"$rec" info "$out/plain.wstrace" | tee "$out/plain-info.txt"
"$rec" info --json "$out/plain.wstrace" >"$out/plain.json"
note "plain run: kernel ms / CV %" "$(field "$out/plain.json" kernelMs) / $(field "$out/plain.json" kernelCvPercent)" \
    "badges: $(badges "$out/plain.json" | paste -sd ';' -)"

echo "== 2. two recorders at the same moment, one lock"
"$rec" run "${run_args[@]}" -o "$out/a.wstrace" >"$out/a.txt" 2>&1 &
pa=$!
"$rec" run "${run_args[@]}" -o "$out/b.wstrace" >"$out/b.txt" 2>&1 &
pb=$!
wait $pa; ra=$?
wait $pb; rb=$?
cat "$out/a.txt" "$out/b.txt"
[ $ra -eq 0 ] && [ $rb -eq 0 ] || { echo "server.sh: a recorder failed" >&2; exit 1; }
"$rec" info --json "$out/a.wstrace" >"$out/a.json"
"$rec" info --json "$out/b.wstrace" >"$out/b.json"
read -r a0 a1 < <(span "$out/a.json")
read -r b0 b1 < <(span "$out/b.json")
locked=$(relation "$a0" "$a1" "$b0" "$b1")
echo "block records of a: $a0..$a1, of b: $b0..$b1: $locked"
waited=$(grep -h "waiting for the GPU" "$out/a.txt" "$out/b.txt" | head -n 1)
note "same lock: block spans" "$locked" \
    "waits (ms): a $(field "$out/a.json" lockWaitMs), b $(field "$out/b.json" lockWaitMs); ahead: a $(field "$out/a.json" runsAheadAtStart), b $(field "$out/b.json" runsAheadAtStart); said: ${waited:-nothing}"

echo "== 2b. control: the same pair under two lock ids (no queue between them)"
WARPSCOPE_LOCK_ID=control-a "$rec" run "${run_args[@]}" -o "$out/ca.wstrace" >"$out/ca.txt" 2>&1 &
pa=$!
WARPSCOPE_LOCK_ID=control-b "$rec" run "${run_args[@]}" -o "$out/cb.wstrace" >"$out/cb.txt" 2>&1 &
pb=$!
wait $pa; wait $pb
"$rec" info --json "$out/ca.wstrace" >"$out/ca.json"
"$rec" info --json "$out/cb.wstrace" >"$out/cb.json"
read -r a0 a1 < <(span "$out/ca.json")
read -r b0 b1 < <(span "$out/cb.json")
control=$(relation "$a0" "$a1" "$b0" "$b1")
echo "without a shared lock: $control"
note "control, two locks: block spans" "$control" \
    "kernel ms a/b: $(field "$out/ca.json" kernelMs) / $(field "$out/cb.json" kernelMs), CV % $(field "$out/ca.json" kernelCvPercent) / $(field "$out/cb.json" kernelCvPercent); badges a: $(badges "$out/ca.json" | paste -sd ';' -)"

echo "== 3. two serve workers asked at the same moment"
request='{"type":"run","id":1,"experiment":"reduce-ladder","params":{"variant":"sequential","n":"2^26","type":"float"},"repetitions":30}'
printf '%s\n' "$request" | "$rec" serve >"$out/serve1.out" 2>"$out/serve1.err" &
pa=$!
printf '%s\n' "$request" | "$rec" serve >"$out/serve2.out" 2>"$out/serve2.err" &
pb=$!
wait $pa; wait $pb
q1=$(grep -ac '"type":"queued"' "$out/serve1.out")
q2=$(grep -ac '"type":"queued"' "$out/serve2.out")
r1=$(grep -ac '"type":"result"' "$out/serve1.out")
r2=$(grep -ac '"type":"result"' "$out/serve2.out")
grep -ah '"type":"queued"' "$out/serve1.out" "$out/serve2.out" | head -n 3
echo "worker 1: $q1 queued, $r1 result; worker 2: $q2 queued, $r2 result"
note "serve pair: queued messages" "worker 1: $q1, worker 2: $q2" "results: $r1 + $r2"

echo "== 4. a run while another process computes on the GPU"
nvcc -arch=sm_90 -o "$out/busy_gpu" "$here/busy_gpu.cu" || exit 1
"$out/busy_gpu" 15 >"$out/busy.txt" 2>&1 &
busy=$!
for _ in $(seq 100); do grep -q computing "$out/busy.txt" && break; sleep 0.1; done
"$rec" run reduce-ladder variant=best n=2^24 type=float -r 30 -o "$out/shared.wstrace" \
    >"$out/shared.txt" 2>&1
kill $busy 2>/dev/null; wait $busy 2>/dev/null
"$rec" info "$out/shared.wstrace" | tee "$out/shared-info.txt"
"$rec" info --json "$out/shared.wstrace" >"$out/shared.json"
grep -q "shared GPU" "$out/shared.json" && sharedBadge=yes || sharedBadge=NO
grep -q "\b$busy\b" "$out/shared.json" && busySeen="pid $busy listed" || busySeen="pid $busy NOT listed"
note "run beside busy_gpu: shared badge" "$sharedBadge ($busySeen)" \
    "kernel ms $(field "$out/shared.json" kernelMs), CV % $(field "$out/shared.json" kernelCvPercent); badges: $(badges "$out/shared.json" | paste -sd ';' -)"

echo "== 5. GPU tests of the lock and the environment"
"$build/tests/app/record/record_cli_test" --gtest_filter='MeasuredRun.*:GpuEnvironment.*:ServeQueue.*:GpuQueue.*' \
    >"$out/tests.txt" 2>&1
tests=$(grep -E '^\[  (PASSED|FAILED) ' "$out/tests.txt" | paste -sd ' ' -)
grep -A12 "RecordsTheEnvironmentAndTheSpread" "$out/tests.txt" | grep '^  ' || true
note "record_cli_test (lock, environment)" "$tests" "$out/tests.txt"

{
    echo "| check | result | detail |"
    echo "| --- | --- | --- |"
    for row in "${summary[@]}"; do
        IFS='|' read -r a b c <<<"$row"
        echo "| $a | $b | $c |"
    done
} | tee "$out/summary.md"
