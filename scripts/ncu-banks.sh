#!/usr/bin/env bash
# Runs the bank probe under Nsight Compute and prints the hardware's count of
# shared-memory bank conflicts beside what core/access/bank_conflicts.h predicts.
# usage: scripts/ncu-banks.sh [BUILD_DIR]   (default build-gpu)
#
# The probe's first launch (the warm-up) is measured: 1025 dependent loads
# (one untimed round, then 1024) and 1024 stores of the pattern, plus
# conflict-free stores that zero the buffer. Each load or store needing P
# passes adds P - 1 conflicts, so the prediction is (P - 1) * 1025 for loads
# and (P - 1) * 1024 for stores, where 1 becomes the minimum passes of the width
# (2 for 8-byte, 4 for 16-byte accesses).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-gpu}
bench=$build/bench/gpu_memory/memory_bench
command -v ncu >/dev/null || { echo "ncu-banks: ncu is not on PATH" >&2; exit 1; }
[[ -x $bench ]] || { echo "ncu-banks: $bench not built" >&2; exit 1; }
ld=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
st=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
# --page raw --csv: a header line of metric names, a units line, then values.
parse_csv='
import csv, sys
rows = [r for r in csv.reader(l for l in sys.stdin if l.startswith("\""))]
head, vals = rows[0], rows[-1]
print(*(vals[head.index(m)].replace(",", "") for m in sys.argv[1:3]))
'
printf '%-7s %-6s %7s %13s %13s %13s %13s\n' stride width passes "ld predicted" "ld measured" \
    "st predicted" "st measured"
for width in 4 8 16; do
    for stride in 1 2 4 8 16 32 33; do
        out=$(ncu --kernel-name regex:bankProbe --launch-count 1 --metrics "$ld,$st" \
                  --csv --page raw "$bench" --probe "$stride" "$width" 2>/dev/null)
        passes=$(grep -o 'passes [0-9]*' <<<"$out" | awk '{print $2}')
        # --page raw --csv: a header line of metric names, a units line, then values.
        read -r ldv stv < <(python3 -c "$parse_csv" "$ld" "$st" <<<"$out")
        # The counters count passes beyond the access's own minimum (an 8-byte
        # access needs two 128-byte wavefronts without any conflict).
        ideal=$(( width <= 4 ? 1 : width / 4 ))
        printf '%-7s %-6s %7s %13s %13s %13s %13s\n' "$stride" "$width" "$passes" \
            $(( (passes - ideal) * 1025 )) "$ldv" $(( (passes - ideal) * 1024 )) "$stv"
    done
done
