// The matrix multiply lab of seed 004: the CPU loops, the course's naive and
// tiled kernels (with the printed `sa += sa`), a ladder of one idea per step
// and cublasSgemm, as one catalog entry with a variant parameter. The same
// product in BF16 on the tensor cores is the tensor-core lab's
// (core/tensorcore/catalog_tensorcore.cpp).
#include <cstdio>
#include <string_view>

#include "core/catalog/catalog_entries.h"
#include "core/matmul/matmul_cpu.h"
#include "core/matmul/matmul_variants.h"

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
    return {e};
}

}  // namespace ws
