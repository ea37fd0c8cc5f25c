#!/usr/bin/env bash
# compute-sanitizer memcheck, racecheck and synccheck of every memory-lab
# kernel in both recording builds (block records alone: traced_blocks=0; the
# access tracer: traced blocks) and of the reductions with non-commutative
# operands (maps modulo 97), on small sizes that no tile divides, through
# warpscope-record. After `cmake --build build-gpu`:
#   scripts/gpu/sanitize-memory-reduction.sh BUILD_DIR OUT_DIR
# Prints one line per failing run and a summary; exit 1 when any run failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
build=${1:-build-gpu}
out=${2:-$build/sanitize-memory-reduction}
mkdir -p "$out"
rec=$build/app/record/warpscope-record
[[ -x $rec ]] || { echo "sanitize: $rec is missing: build $build first" >&2; exit 2; }

runs=()
for traced in 0 2; do
    for v in naive shared padded; do
        runs+=("transpose-u8 width=100 height=70 variant=$v traced_blocks=$traced")
    done
    for vr in copy:4 naive:4 tiled:1 tiled:4 padded:1 padded:4 best:4; do
        runs+=("transpose-f32 width=100 height=70 variant=${vr%:*} rows_per_thread=${vr#*:} traced_blocks=$traced")
    done
    runs+=("reduce-columns width=100 height=70 traced_blocks=$traced")
    runs+=("reduce-rows-atomic width=300 height=70 traced_blocks=$traced")
    runs+=("reduce-rows-block width=300 height=70 traced_blocks=$traced")
    runs+=("reduce-single-block-noncomm n=3000 op=affine traced_blocks=$traced")
    runs+=("reduce-multi-block-noncomm n=100003 op=affine traced_blocks=$traced")
    runs+=("reduce-warp n=5000 variant=noncomm op=affine traced_blocks=$traced")
    runs+=("reduce-warp n=5000 variant=noncomm-padded op=affine traced_blocks=$traced")
done
runs+=("bank-probe stride=2 width=4" "bank-probe stride=33 width=8")

: >"$out/sanitize.log"
bad=0 total=0
started=$SECONDS
for run in "${runs[@]}"; do
    for tool in memcheck racecheck synccheck; do
        total=$((total + 1))
        echo "== $tool $run" >>"$out/sanitize.log"
        # shellcheck disable=SC2086
        compute-sanitizer --tool $tool --error-exitcode 9 "$rec" run $run -r 1 \
            -o "$out/sanitize.wstrace" >>"$out/sanitize.log" 2>&1
        rc=$?
        # A failed check of the result (exit 3) is a finding too: these runs must verify.
        if ((rc != 0)); then
            bad=$((bad + 1))
            echo "FAILED (exit $rc): $tool $run" | tee -a "$out/sanitize.log"
        fi
    done
done
echo "compute-sanitizer: $bad of $total runs failed in $((SECONDS - started)) s (log: $out/sanitize.log)"
((bad == 0))
