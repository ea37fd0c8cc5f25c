// The tensor-core lab: seed 004's product again, in BF16 on Hopper's tensor
// cores (matmul-tc), a ladder of its own from WMMA towards cuBLAS.
#include <string_view>

#include "core/catalog/catalog_entries.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws {

namespace {

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

std::vector<ExperimentSpec> tensorCoreExperiments() { return {tensorCoreExperiment()}; }

}  // namespace ws
