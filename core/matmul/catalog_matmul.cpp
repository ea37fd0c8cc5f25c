// The matrix multiply lab of seed 004: the CPU loops, the course's naive and
// tiled kernels (with the printed `sa += sa`), a ladder of one idea per step
// and cublasSgemm, as one catalog entry with a variant parameter; and the
// same product in BF16 on the tensor cores (matmul-tc), a ladder of its own.
#include <cstdio>
#include <string_view>

#include "core/catalog/catalog_entries.h"
#include "core/matmul/matmul_cpu.h"
#include "core/matmul/matmul_variants.h"
#include "core/matmul/tensorcore_variants.h"

namespace ws {

namespace {

std::vector<std::string> variantIds() {
    std::vector<std::string> ids;
    for (const auto& v : matmulVariants()) ids.push_back(v.id);
    return ids;
}

Status cpuLimits(const ParamValues& v) {
    const std::string& variant = paramChoice(v, "variant");
    const long long n = paramInt(v, "n");
    auto refuse = [&](std::uint32_t most, const char* why) -> Status {
        if (n <= most) return {};
        char gflop[32];
        std::snprintf(gflop, sizeof gflop, "%.1f", 2.0 * double(n) * double(n) * double(n) / 1e9);
        return makeError("variant " + variant + " is limited to n <= " + std::to_string(most) +
                         ": n=" + std::to_string(n) + " needs " + gflop + " GFLOP, " + why);
    };
    if (variant == "cpu-naive")
        return refuse(kCpuNaiveMaxN,
                      "more than a few seconds at the 1 to 2 GFLOP/s of one "
                      "thread");
    if (variant == "cpu-blocked")
        return refuse(kCpuBlockedMaxN, "more than a few seconds even on every core");
    return {};
}

std::vector<std::string> tensorCoreVariantIds() {
    std::vector<std::string> ids;
    for (const auto& v : tensorCoreVariants()) ids.push_back(v.id);
    return ids;
}

// "variant=wmma|...|clusters": the rungs whose kernels are warpscope's own,
// every one but the vendor library.
std::string ownKernelVariants() {
    std::string used = "variant=";
    for (const auto& v : tensorCoreVariants())
        if (std::string_view(v.id) != "cublas") {
            if (used.back() != '=') used += '|';
            used += v.id;
        }
    return used;
}

ExperimentSpec tensorCoreExperiment() {
    return {
        .id = kTensorCoreExperiment,
        .title = "Matrix multiply on the tensor cores: BF16 from WMMA towards cuBLAS",
        .group = "matmul",
        .seed = "004's product again, in BF16 on Hopper's tensor cores",
        .summary =
            "C = A x B for square BF16 matrices, accumulated in FP32. The tensor cores "
            "multiply whole 16 x 16 fragments at once; the ladder is about feeding them: the "
            "portable WMMA API, then mma.sync on fragments ldmatrix reads from swizzled "
            "shared tiles that cp.async fills ahead of use, then Hopper's wgmma reading "
            "swizzled shared tiles through descriptors, then the Tensor Memory Accelerator "
            "filling an mbarrier ring, a producer warpgroup, persistent blocks and clusters "
            "sharing tiles by multicast, against cuBLAS in the same precision.",
        .params =
            {
                {.name = "variant",
                 .type = ParamType::Choice,
                 .defaultValue = "wmma",
                 .choices = tensorCoreVariantIds(),
                 .unit = "",
                 .help = "wmma: nvcuda::wmma 16x16x16 fragments from padded shared tiles. "
                         "mma-sync: mma.sync m16n8k16 from ldmatrix on swizzled tiles, "
                         "three cp.async stages. wgmma: wgmma.mma_async m64n128k16 from "
                         "shared-memory descriptors on 128-byte-swizzled tiles, 2 warpgroups "
                         "of 64 x 128, k-phases of 64 (sm_90a: compute capability 9.0 only). "
                         "wgmma-tma: TMA loads into four mbarrier-guarded stages, 128 x 256 "
                         "tiles, wgmma m64n256k16. warp-specialized: plus a producer "
                         "warpgroup and setmaxnreg. persistent: plus one block per SM in "
                         "grouped tile order. clusters: plus 2-block clusters sharing B by TMA "
                         "multicast (all four sm_90a). "
                         "cublas: cublasGemmEx in BF16 with FP32 compute. wmma and mma-sync: "
                         "128 x 128 tiles, k-phases of 32, 8 warps of 64 x 32."},
                {.name = "n",
                 .type = ParamType::Int,
                 .min = double(kTensorCoreMinN),
                 .max = double(kTensorCoreMaxN),
                 .defaultValue = "4096",
                 .choices = {},
                 .unit = "rows and columns",
                 .help = "A, B and C are n x n; n a multiple of 8 (16-byte rows). Sizes "
                         "that are no multiple of the 128 x 128 tile (1000) exercise the "
                         "kernels' edges.",
                 .logScale = true},
                {.name = "output",
                 .type = ParamType::Choice,
                 .defaultValue = "f32",
                 .choices = {"f32", "bf16"},
                 .unit = "",
                 .help = "C as FP32 (the accumulators as they are) or rounded to BF16 (half "
                         "the bytes written). Both accumulate in FP32."},
                {.name = "traced_blocks",
                 .type = ParamType::Int,
                 .min = 0,
                 .max = 8,
                 .defaultValue = "1",
                 .choices = {},
                 .unit = "blocks",
                 .help = "How many blocks record their k-phases with clock64 (block 0, the "
                         "last block and blocks between): the tiles of every phase for wmma, "
                         "mma-sync and wgmma, the TMA ring's pipeline steps for the four TMA "
                         "rungs. Every block records its SM and start and end times "
                         "regardless.",
                 // Every rung of warpscope's own records by it; cuBLAS's kernels not.
                 .usedWith = ownKernelVariants()},
            },
        .records = {"blocks", "phases"},
        .views = {"grid", "timeline"},
        .crossCheck = [](const ParamValues& v) -> Status {
            return tensorCoreSizeCheck(std::uint32_t(paramInt(v, "n")));
        },
        .launchesNoKernel =
            [](const ParamValues& v) { return paramChoice(v, "variant") == "cublas"; },
        .needs = {9, 0, "Hopper's tensor cores; wgmma, sm_90a code, runs on 9.0 alone"},
    };
}

}  // namespace

std::vector<ExperimentSpec> matmulExperiments() {
    ExperimentSpec e{
        .id = "matmul",
        .title = "Matrix multiply: from the CPU and the course's tiles to cuBLAS",
        .group = "matmul",
        .seed = "004, host_matmul, matmul, block_matmul (BLOCK_DIM 8, 350 GFLOPS on 10000 x 10000)",
        .summary =
            "C = A x B for square float matrices. Every entry of C needs a row of A and a "
            "column of B; the ladder is about reusing what was loaded: tiles in shared "
            "memory, then entries held in registers, then float4 loads and warps that "
            "read without bank conflicts, up to cublasSgemm.",
        .params =
            {
                {.name = "variant",
                 .type = ParamType::Choice,
                 .defaultValue = "seed-tiled",
                 .choices = variantIds(),
                 .unit = "",
                 .help = "cpu-naive: the seed's three loops on one thread. cpu-blocked: cache "
                         "blocks on every core. seed-naive, seed-tiled: the course's kernels "
                         "(BLOCK_DIM from block_dim); seed-tiled-bug: as printed, sa += sa "
                         "instead of ia += sa. Then one idea per step: coalesced, "
                         "shared-tiling, blocktile-1d, blocktile-2d, vectorized, warptile, "
                         "warptile-db (double buffering), and cublas (FP32, no tensor cores)."},
                {.name = "n",
                 .type = ParamType::Int,
                 .min = 1,
                 .max = 10000,
                 .defaultValue = "1024",
                 .choices = {},
                 .unit = "rows and columns",
                 .help = "A, B and C are n x n. Sizes that are no multiple of a tile (1000, "
                         "the seed's 10000) exercise every kernel's edges.",
                 .logScale = true},
                {.name = "block_dim",
                 .type = ParamType::Choice,
                 .defaultValue = "8",
                 .choices = {"8", "16", "32"},
                 .unit = "",
                 .help = "BLOCK_DIM of the seed's kernels: blocks of BLOCK_DIM x BLOCK_DIM "
                         "threads and tiles; the course measured 8. The other variants ignore "
                         "it.",
                 .usedWith = "variant=seed-naive|seed-tiled|seed-tiled-bug"},
                {.name = "traced_blocks",
                 .type = ParamType::Int,
                 .min = 0,
                 .max = 8,
                 .defaultValue = "1",
                 .choices = {},
                 .unit = "blocks",
                 .help = "How many blocks record the tiles they load phase by phase (with "
                         "clock64) and one warp's shared-memory reads (block 0, the last block "
                         "and blocks between). Every block records its SM and start and end "
                         "times regardless."},
            },
        .records = {"blocks", "phases", "sharedAccesses"},
        .views = {"grid", "timeline", "tiles", "banks", "reuse", "roofline", "matmul-ladder",
                  "throughput"},
        .crossCheck = cpuLimits,
        .failsByDesign =
            [](const ParamValues& v) {
                // `sa += sa` doubles a partial sum; with one phase (n <= BLOCK_DIM) it
                // happens to agree, so only larger products must fail.
                return paramChoice(v, "variant") == "seed-tiled-bug" &&
                       paramInt(v, "n") > std::stoll(paramChoice(v, "block_dim"));
            },
        .launchesNoKernel =
            [](const ParamValues& v) {
                const std::string& variant = paramChoice(v, "variant");
                return variant == "cublas" || variant.rfind("cpu-", 0) == 0;
            },
    };
    return {e, tensorCoreExperiment()};
}

}  // namespace ws
