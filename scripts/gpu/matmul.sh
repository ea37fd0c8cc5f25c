#!/usr/bin/env bash
# The matrix multiply lab on a machine with a CUDA device, after
# `cmake --preset gpu && cmake --build build-gpu`:
#   scripts/gpu/matmul.sh BUILD_DIR OUT_DIR
# 1. matmul_bench: every variant at 4096^3 beside cublasSgemm, the ladder at
#    1024/2048/8192, the course's 10000 x 10000, the CPU, the warp-tile sweep
#    and the recording overhead (OUT_DIR/matmul.md and matmul.json); then
#    tensorcore_bench: the tensor cores in BF16 (matmul-tc at 4096 and 8192
#    beside cuBLAS in BF16) (OUT_DIR/tensorcore.md and tensorcore.json);
# 2. compute-sanitizer memcheck and racecheck of every GPU variant on small,
#    awkward sizes, matmul-tc's kernels among them (OUT_DIR/sanitize/*.log;
#    racecheck's verdict on the wgmma rungs, whose shared tiles the tensor
#    cores and the TMA unit reach through the async proxy, is weighed in
#    docs/reliability.md);
# 3. Nsight Compute's DRAM, L2 and L1 counters of every GPU variant at 2048
#    (OUT_DIR/matmul-counters.json: copy it to resources/traces/ so the reuse
#    view and the roofline show measured traffic beside the model).
# Prints a short table last. The GPU tests run through ctest (-R matmul).
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:?usage: scripts/gpu/matmul.sh BUILD_DIR OUT_DIR}
out=${2:?usage: scripts/gpu/matmul.sh BUILD_DIR OUT_DIR}
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out/sanitize"
rec=$build/app/record/warpscope-record
bench=$build/bench/gpu_matmul/matmul_bench
tcbench=$build/bench/gpu_tensorcore/tensorcore_bench
for tool in "$rec" "$bench" "$tcbench"; do
    [[ -x $tool ]] || { echo "matmul.sh: $tool is not built" >&2; exit 2; }
done
started=$SECONDS
status=0
summary=()

# 1. The benchmarks.
if "$bench" --json "$out/matmul.json" >"$out/matmul.md" 2>"$out/matmul-bench.log"; then
    summary+=("benchmark: ok in $((SECONDS - started)) s")
else
    summary+=("benchmark: FAILED (see $out/matmul-bench.log)")
    status=1
fi
t=$SECONDS
if "$tcbench" --json "$out/tensorcore.json" >"$out/tensorcore.md" 2>"$out/tensorcore-bench.log"; then
    summary+=("tensor-core benchmark: ok in $((SECONDS - t)) s")
else
    summary+=("tensor-core benchmark: FAILED (see $out/tensorcore-bench.log)")
    status=1
fi

# 2. compute-sanitizer on sizes no tile divides, one traced block; four runs
# at a time (nothing is timed here, and each run is mostly start-up).
variants=(seed-naive seed-tiled seed-tiled-bug coalesced shared-tiling blocktile-1d
          blocktile-2d vectorized warptile warptile-db cublas)
t=$SECONDS
sanitize_one() {  # TOOL VARIANT N BLOCK_DIM
    local name="$1-$2-n$3-bd$4" rc
    # The printed kernel fails its check (exit 1) by design; only the
    # sanitizer's own verdict counts here.
    compute-sanitizer --tool "$1" --error-exitcode 86 "$rec" run matmul variant="$2" n="$3" \
        block_dim="$4" traced_blocks=1 -r 1 -o "$out/sanitize/$name.wstrace" \
        >"$out/sanitize/$name.log" 2>&1
    rc=$?
    rm -f "$out/sanitize/$name.wstrace"
    if [[ $rc == 86 ]] || grep -q "ERROR SUMMARY: [1-9]" "$out/sanitize/$name.log"; then
        echo "DIRTY $name"
    else
        echo "CLEAN $name"
    fi
}
# The tensor-core kernels at 520 = 4 x 128 + 8: partial tiles and a last
# phase 8 deep; one traced block, BF16 output (the narrower stores).
sanitize_tc() {  # TOOL VARIANT
    local name="$1-tc-$2-n520" rc
    compute-sanitizer --tool "$1" --error-exitcode 86 "$rec" run matmul-tc variant="$2" n=520 \
        output=bf16 traced_blocks=1 -r 1 -o "$out/sanitize/$name.wstrace" \
        >"$out/sanitize/$name.log" 2>&1
    rc=$?
    rm -f "$out/sanitize/$name.wstrace"
    if [[ $rc != 0 ]] || grep -q "ERROR SUMMARY: [1-9]" "$out/sanitize/$name.log"; then
        echo "DIRTY $name"
    else
        echo "CLEAN $name"
    fi
}
export -f sanitize_one sanitize_tc
export rec out
for tool in memcheck racecheck; do
    for v in "${variants[@]}"; do
        echo "sanitize_one $tool $v 67 8"
        [[ $v == seed-* ]] && echo "sanitize_one $tool $v 131 32"
    done
    for v in wmma mma-sync wgmma wgmma-tma warp-specialized persistent clusters; do
        echo "sanitize_tc $tool $v"
    done
done | xargs -P 4 -L 1 bash -c '"$@"' _ >"$out/sanitize/verdicts.txt"
clean=$(grep -c '^CLEAN' "$out/sanitize/verdicts.txt")
dirty=$(grep '^DIRTY' "$out/sanitize/verdicts.txt" | cut -d' ' -f2 | tr '\n' ' ')
if [[ -z $dirty ]]; then
    summary+=("sanitizers: $clean runs clean in $((SECONDS - t)) s")
else
    summary+=("sanitizers: runs with errors: $dirty")
    status=1
fi

# 3. Hardware counters, while the time allows (the script stays within 4 minutes).
metrics=dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
if command -v ncu >/dev/null && ((SECONDS - started < 170)); then
    t=$SECONDS
    : >"$out/matmul-counters.csv"
    measured=0
    for v in "${variants[@]}"; do
        ((SECONDS - started < 225)) || break
        # Unanchored: the name ncu matches may carry the kernels' namespaces.
        kernel='regex:mm(SeedNaive|SeedTiled|Coalesced|SharedTiling|Blocktile|Vectorized|Warptile)'
        # cuBLAS's FP32 kernel carries no 'gemm' in its name in every release
        # (CUDA 13's is 'Kernel2'); the timer probe's name has neither.
        [[ $v == cublas ]] && kernel='regex:Kernel|gemm'
        ncu --kernel-name "$kernel" --launch-count 1 --metrics "$metrics" --csv --page raw \
            "$rec" run matmul variant="$v" n=2048 traced_blocks=0 -r 1 \
            -o "$out/ncu-$v.wstrace" >"$out/ncu-$v.csv" 2>"$out/ncu-$v.log" || true
        rm -f "$out/ncu-$v.wstrace"
        python3 - "$v" "$out/ncu-$v.csv" >>"$out/matmul-counters.csv" <<'PY' && measured=$((measured + 1))
import csv, sys
variant, path = sys.argv[1], sys.argv[2]
rows = [r for r in csv.reader(l for l in open(path) if l.startswith('"'))]
if len(rows) < 2:
    sys.exit(f"{variant}: ncu profiled no kernel (see {path})")
head, vals = rows[0], rows[-1]
get = lambda m: vals[head.index(m)].replace(",", "")
print(variant, get("dram__bytes_read.sum"), get("lts__t_sectors_srcunit_tex_op_read.sum"),
      get("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"))
PY
    done
    python3 - "$out/matmul-counters.csv" >"$out/matmul-counters.json" <<'PY'
import json, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
print(json.dumps({"format": "warpscope-matmul-counters", "n": 2048,
                  "metrics": {"dramReadBytes": "dram__bytes_read.sum",
                              "l2ReadSectors": "lts__t_sectors_srcunit_tex_op_read.sum",
                              "l1GlobalLoadSectors": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"},
                  "variants": [{"variant": v, "dramReadBytes": float(d), "l2ReadSectors": float(l2),
                                "l1GlobalLoadSectors": float(l1)} for v, d, l2, l1 in rows]},
                 indent=1))
PY
    summary+=("ncu counters: $measured of ${#variants[@]} variants at n=2048 in $((SECONDS - t)) s")
else
    summary+=("ncu counters: skipped (no ncu, or no time left)")
fi

echo
grep -E '^goal' "$out/matmul.md" || true
grep -A14 'at 4096' "$out/matmul.md" | head -16 || true
printf '%s\n' "${summary[@]}"
echo "matmul.sh: $((SECONDS - started)) s in all; results in $out"
exit $status
