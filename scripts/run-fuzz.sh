#!/usr/bin/env bash
# Fuzzes one of warpscope's readers with libFuzzer under AddressSanitizer and
# UndefinedBehaviorSanitizer: builds the "fuzz" preset (clang, core only),
# seeds a corpus and runs the target.
#
# Usage: scripts/run-fuzz.sh [-t SECONDS] [-n RUNS] [-l MAX_LEN] [-j BUILD_JOBS] TARGET
#        scripts/run-fuzz.sh --list
#   -t  stop after this many seconds (default 120; 0: no time limit)
#   -n  stop after this many executions (default 0: no limit)
#   -l  largest input the fuzzer makes, in bytes (default 65536)
#   -j  parallel compile jobs for the build (default 2)
# The corpus is kept in build-fuzz/corpus/TARGET between runs; findings
# (crash-*, leak-*, timeout-*, oom-*) land in build-fuzz/findings/TARGET and
# the log in build-fuzz/fuzz-TARGET.log. Exit status 1 when anything was found.
#
# A target NAME is the executable NAME_fuzz built in tests/fuzz. Its seeds are
# the files its seed_NAME function below prints, plus what NAME_seed_corpus
# writes when tests/fuzz builds one. To add a target: add the executable in
# tests/fuzz/CMakeLists.txt, a seed_NAME function here, and its name in
# the targets list below.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-fuzz

targets=(trace lesson cubin_line kernel_description npy fatbin)

# The trace reader: every bundled trace, every old-version sample, and the
# synthetic runs trace_seed_corpus writes. Run it with -l 8192: the traces
# longer than that are cut down to a few records of each kind, which reach
# the same code and run ten times as often.
seed_trace() {
    find "$root/resources/traces" "$root/tests/data" -name '*.wstrace' -type f
}

# The lesson parser: every bundled lesson (the documented example is among
# the tests' inputs). Lessons are small: run it with -l 1024 to stay quick.
seed_lesson() {
    find "$root/resources/lessons" -name '*.yaml' -type f
}

# The cubin line-table reader: the cubins its tests were built from. Run it
# with -l 16384 (they are 8 to 15 KB).
seed_cubin_line() {
    find "$root/tests/core/device/line_tables" -name '*.cubin' -type f
}

# Kernel files' launch descriptions: the bundled examples and the tests'
# kernel files. Run it with -l 4096.
seed_kernel_description() {
    find "$root/examples/kernels" "$root/tests/data/kernelfiles" -name '*.cu' -type f
}

# NumPy files: the tests' inputs and expected outputs. Run it with -l 1024.
seed_npy() {
    find "$root/tests/data/kernelfiles" -name '*.npy' -type f
}

# A traced program's fatbinary: the .nv_fatbin section of a program nvcc
# builds here (one container per kernel file, PTX compressed), and the
# interception's logs. Run it with -l 20000.
seed_fatbin() {
    local dir
    dir=$(mktemp -d)
    printf '__global__ void k(float* a) { a[threadIdx.x] += 1; }\nint main() { k<<<1, 32>>>(nullptr); }\n' >"$dir/k.cu"
    if nvcc -arch=sm_90 -o "$dir/k" "$dir/k.cu" 2>/dev/null &&
        objcopy -O binary --only-section=.nv_fatbin "$dir/k" "$dir/k.nv_fatbin"; then
        echo "$dir/k.nv_fatbin"
    fi
    # and the interception's logs of a program traced on the H100
    find "$root/tests/data/program" -name '*.jsonl' -type f
}

usage() {
    sed -n '/^# Usage/,/^#   -j/p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

seconds=120 runs=0 max_len=65536 jobs=2
if [[ ${1:-} == --list ]]; then
    printf '%s\n' "${targets[@]}"
    exit 0
fi
while getopts "t:n:l:j:h" opt; do
    case $opt in
        t) seconds=$OPTARG ;;
        n) runs=$OPTARG ;;
        l) max_len=$OPTARG ;;
        j) jobs=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
(($# == 1)) || usage
target=$1
if ! printf '%s\n' "${targets[@]}" | grep -qx -- "$target"; then
    echo "run-fuzz: no target '$target' (targets: ${targets[*]})" >&2
    exit 2
fi

cmake --preset fuzz -S "$root" >/dev/null
build_targets=("${target}_fuzz")
if grep -q "${target}_seed_corpus" "$root/tests/fuzz/CMakeLists.txt"; then
    build_targets+=("${target}_seed_corpus")
fi
cmake --build "$build" --target "${build_targets[@]}" -j "$jobs"

corpus=$build/corpus/$target
findings=$build/findings/$target
mkdir -p "$corpus" "$findings"
# Seeds no longer than the fuzzer's inputs are copied whole; the seed
# corpus program (where a target has one) cuts the longer ones down.
long_seeds=()
while read -r seed; do
    if (($(stat -c %s "$seed") <= max_len)); then
        cp -n "$seed" "$corpus/seed-$(basename "$(dirname "$seed")")-$(basename "$seed")"
    else
        long_seeds+=("$seed")
    fi
done < <("seed_$target")
if [[ -x $build/tests/fuzz/${target}_seed_corpus ]]; then
    "$build/tests/fuzz/${target}_seed_corpus" "$corpus" "${long_seeds[@]}"
fi

log=$build/fuzz-$target.log
start=$(date +%s)
set +e
# -entropic=0: libFuzzer's entropic scheduler spent two thirds of the time of
# these targets weighing features; without it they run three times as fast.
"$build/tests/fuzz/${target}_fuzz" "$corpus" -entropic=0 \
    -max_total_time="$seconds" -runs="$((runs > 0 ? runs : -1))" -max_len="$max_len" \
    -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$findings/" -print_final_stats=1 \
    2>"$log"
status=$?
set -e
elapsed=$(($(date +%s) - start))

executed=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || echo "?")
coverage=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -Eo 'cov: [0-9]+ ft: [0-9]+' || echo "cov: ? ft: ?")
shopt -s nullglob
found=("$findings"/crash-* "$findings"/leak-* "$findings"/timeout-* "$findings"/oom-*)
echo "${target}_fuzz: $executed executions in ${elapsed}s, $coverage, corpus $(ls "$corpus" | wc -l) inputs"
if ((${#found[@]} > 0)) || ((status != 0)); then
    echo "findings (${#found[@]}), exit status $status; log: $log"
    for f in "${found[@]}"; do echo "  $f"; done
    grep -E '^(==[0-9]+==ERROR|SUMMARY)|runtime error' "$log" | head -20 || true
    exit 1
fi
echo "no findings"
