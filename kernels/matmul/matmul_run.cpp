// One GPU variant of the matrix multiply lab from its parameters: the
// kernel pair of its family, the grid of its tiling, the device's limits
// checked before anything is launched, the records of the traced blocks.
#include <cuda_runtime.h>

#include "core/matmul/matmul_records.h"
#include "core/matmul/matmul_traffic.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/matmul/matmul_cublas.h"
#include "kernels/matmul/matmul_experiments.h"
#include "kernels/matmul/matmul_kernels.h"
#include "kernels/matmul/matmul_measure.h"
#include "kernels/matmul/matmul_runs.h"
#include "kernels/matmul/matmul_trace_storage.h"

namespace ws::matmul {

namespace {

Result<KernelPair> kernelsOf(MatmulVariant v, std::uint32_t blockDim) {
    using V = MatmulVariant;
    switch (v) {
        case V::SeedNaive:
        case V::SeedTiled:
        case V::SeedTiledBug:
            return seedKernels(v, blockDim);
        case V::Warptile:
            return warptileKernels(kWarptileCatalog);
        case V::WarptileDb:
            return warptileKernels(kWarptileDbCatalog);
        default:
            return ladderKernels(v);
    }
}

dim3 dimOf(const Dim3& d) { return dim3(d.x, d.y, d.z); }

// A, B and C (n x n floats) plus `extra` bytes must fit the free memory.
Status checkMemory(std::uint32_t n, std::uint64_t extra, bool inputsMade) {
    const std::uint64_t matrices = inputsMade ? 0 : 3ull * n * n * sizeof(float);
    return memory::checkFreeMemory("matmul n=" + std::to_string(n) + " (three " +
                                       std::to_string(n) + " x " + std::to_string(n) +
                                       " float matrices and the records)",
                                   matrices + extra);
}

Result<MatmulInputs*> inputsFor(std::uint32_t n, const RunOptions& options, MatmulInputs* given,
                                std::unique_ptr<MatmulInputs>& owned) {
    if (given && (given->n() != n || given->seed() != options.seed))
        return makeError("the prepared inputs are " + std::to_string(given->n()) + " x " +
                         std::to_string(given->n()) + " with seed " +
                         std::to_string(given->seed()) + ", the run asks for n=" +
                         std::to_string(n) + " with seed " + std::to_string(options.seed));
    if (!given) {
        owned = MatmulInputs::make(n, options.seed);
        given = owned.get();
    }
    if (Status s = given->upload(); !s) return makeError(s.error());
    return given;
}

// Launch a kernel pair's chosen build over the variant's grid.
Status launchPair(const KernelPair& k, bool record, dim3 grid, dim3 block, MatmulInputs& in,
                  const MatmulTrace& trace) {
    const MatmulKernel kernel = record ? k.recorded : k.plain;
    const float* a = in.deviceA();
    const float* b = in.deviceB();
    float* c = in.deviceC();
    int n = int(in.n());
    MatmulTrace records = trace;
    void* args[] = {&a, &b, &c, &n, &records};
    const cudaError_t status = cudaLaunchKernel(reinterpret_cast<const void*>(kernel), grid, block,
                                                args, k.dynamicShared, nullptr);
    if (status != cudaSuccess)
        return cudaFailure("launch of " + k.name, __FILE__, __LINE__, status);
    return {};
}

Status allowDynamicShared(const KernelPair& k) {
    if (k.dynamicShared <= 48 * 1024) return {};
    for (MatmulKernel f : {k.plain, k.recorded})
        if (f)
            WS_CUDA_TRY(cudaFuncSetAttribute(reinterpret_cast<const void*>(f),
                                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             int(k.dynamicShared)));
    return {};
}

// `params` are the strings the trace keeps; n, the variant and the traced
// blocks come typed.
Result<MatmulRun> runKernel(const ParamValues& params, std::uint32_t n, const KernelPair& kernels,
                            const MatmulTiling& tiling, MatmulVariant variant,
                            std::uint32_t tracedBlocks, const RunOptions& options,
                            const DeviceInfo& device, MatmulInputs* given) {
    const Dim3 g = matmulGrid(tiling, n);
    const dim3 grid = dimOf(g), block = dimOf(tiling.block);
    const bool optIn = kernels.dynamicShared > 48 * 1024;
    if (Status s = memory::checkShape(device, kernels.name, grid, block, tiling.sharedBytes, optIn);
        !s)
        return makeError(s.error());
    const bool record = kernels.recorded != nullptr;
    MatmulTraceStorage::Shape shape{.blocks = record ? g.count() : 0,
                                    .tracedBlocks = tracedBlocks,
                                    .maxPhases = tiling.tileK ? phaseCount(tiling, n) : 0,
                                    .maxShared = tiling.tileK ? 32u : 0u};
    if (Status s = checkMemory(n, MatmulTraceStorage::deviceBytes(shape), given != nullptr); !s)
        return makeError(s.error());
    std::unique_ptr<MatmulInputs> owned;
    auto inputs = inputsFor(n, options, given, owned);
    if (!inputs) return makeError(inputs.error());
    if (Status s = allowDynamicShared(kernels); !s) return makeError(s.error());
    MatmulTraceStorage storage;
    if (record)
        if (Status s = storage.allocate(shape); !s) return makeError(s.error());

    const MatmulTrace none{};
    MeasureSteps steps;
    steps.plain = [&] { return launchPair(kernels, false, grid, block, **inputs, none); };
    if (record) {
        steps.recorded = [&] {
            return launchPair(kernels, true, grid, block, **inputs, storage.trace());
        };
        steps.beforeRecorded = [&] { return storage.clear(); };
        steps.storage = &storage;
    }
    // The dynamic bytes the launch passes (0 for the static tiles of the seed
    // and ladder kernels): the occupancy ceiling adds the cubin's static ones.
    Launch launch = memory::makeLaunch(kernels.name, grid, block, kernels.dynamicShared);
    auto measured = measureMatmul(**inputs, steps, options, &launch);
    if (!measured) return makeError(measured.error());
    MatmulRun out;
    fillMatmulRun(out.run, params, device, **inputs, *measured);
    storeMatmulTiling(out.run, tiling);
    if (record) out.run.launches.push_back(std::move(launch));
    out.run.texts["idea"] = matmulVariantInfo(variant).idea;
    if (tiling.warptile) out.run.texts["tiling"] = warptileConfigText(*tiling.warptile);
    out.plainMs = std::move(measured->plainMs);
    out.recordedMs = std::move(measured->recordedMs);
    return out;
}

Result<MatmulRun> runCublas(const ParamValues& params, std::uint32_t n, const RunOptions& options,
                            const DeviceInfo& device, MatmulInputs* given) {
    if (Status s = checkMemory(n, 0, given != nullptr); !s) return makeError(s.error());
    std::unique_ptr<MatmulInputs> owned;
    auto inputs = inputsFor(n, options, given, owned);
    if (!inputs) return makeError(inputs.error());
    CublasSgemm sgemm;
    if (Status s = sgemm.create(); !s) return makeError(s.error());
    MatmulInputs& in = **inputs;
    MeasureSteps steps;
    steps.plain = [&] { return sgemm.multiply(in.deviceA(), in.deviceB(), in.deviceC(), n); };
    auto measured = measureMatmul(in, steps, options, nullptr);
    if (!measured) return makeError(measured.error());
    MatmulRun out;
    fillMatmulRun(out.run, params, device, in, *measured);
    out.run.texts["idea"] = matmulVariantInfo(MatmulVariant::Cublas).idea;
    out.run.texts["kernel"] =
        "cublasSgemm with CUBLAS_PEDANTIC_MATH: FP32 FMAs on the CUDA cores, no tensor cores, "
        "no TF32; the library's own kernel and tiling, so no block records";
    out.plainMs = std::move(measured->plainMs);
    return out;
}

}  // namespace

Result<MatmulRun> runMatmulGpu(const ParamValues& params, const MatmulSettings& settings,
                               const RunOptions& options, const DeviceInfo& device,
                               MatmulInputs* inputs, bool record) {
    const MatmulVariant variant = settings.variant;
    if (variant == MatmulVariant::Cublas)
        return runCublas(params, settings.n, options, device, inputs);
    const std::uint32_t blockDim = settings.blockDim;
    const auto tiling = matmulTiling(variant, blockDim);
    if (!tiling) return makeError(std::string(matmulVariantInfo(variant).id) + " runs no kernel");
    auto kernels = kernelsOf(variant, blockDim);
    if (!kernels) return makeError(kernels.error());
    if (!record) kernels->recorded = nullptr;
    return runKernel(params, settings.n, *kernels, *tiling, variant, settings.tracedBlocks, options,
                     device, inputs);
}

Result<MatmulRun> runWarptileConfig(const WarptileConfig& config, MatmulInputs& inputs,
                                    const RunOptions& options, const DeviceInfo& device) {
    auto kernels = warptileKernels(config);
    if (!kernels) return makeError(kernels.error());
    kernels->recorded = nullptr;  // a sweep times the plain build only
    const ParamValues params = {{"variant", "warptile"},
                                {"n", std::to_string(inputs.n())},
                                {"block_dim", "8"},
                                {"traced_blocks", "0"}};
    return runKernel(params, std::uint32_t(inputs.n()), *kernels, warptileTiling(config),
                     MatmulVariant::Warptile, 0, options, device, &inputs);
}

}  // namespace ws::matmul
