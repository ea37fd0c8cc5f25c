// One variant of the tensor-core product from its parameters: the device's
// limits checked before anything is launched, the kernel pair's plain build
// timed and its recording build recorded (or cuBLAS timed), C checked after
// each, through the matrix multiply lab's measurement (measureMatmul).
#include <cuda_runtime.h>

#include <algorithm>
#include <optional>

#include "core/matmul/matmul_records.h"
#include "core/tensorcore/bf16_reference.h"
#include "core/tensorcore/tensorcore_pipeline.h"
#include "core/tensorcore/tensorcore_settings.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/memory_launch.h"
#include "kernels/matmul/matmul_measure.h"
#include "kernels/matmul/matmul_trace_storage.h"
#include "kernels/tensorcore/tensorcore_cublas.h"
#include "kernels/tensorcore/tensorcore_experiments.h"
#include "kernels/tensorcore/tensorcore_kernels.h"
#include "kernels/tensorcore/tensorcore_pipeline_storage.h"
#include "kernels/tensorcore/tensorcore_tma_launch.h"

namespace ws::tensorcore {

namespace {

using matmul::MatmulRun;
using matmul::MatmulTrace;
using matmul::MatmulTraceStorage;
using matmul::Measured;
using matmul::MeasureSteps;

using Setting = TensorCoreSettings;  // parsed once, in core/tensorcore

// A, B and C plus `extra` bytes of records must fit the free memory.
Status checkMemory(std::uint32_t n, std::uint64_t extra, bool inputsMade) {
    const std::uint64_t matrices = inputsMade ? 0 : TensorCoreInputs::deviceBytes(n);
    return memory::checkFreeMemory("matmul-tc n=" + std::to_string(n) + " (two " +
                                       std::to_string(n) + " x " + std::to_string(n) +
                                       " BF16 matrices, C and the records)",
                                   matrices + extra);
}

Result<TensorCoreInputs*> inputsFor(std::uint32_t n, const RunOptions& options,
                                    TensorCoreInputs* given,
                                    std::unique_ptr<TensorCoreInputs>& owned) {
    if (given && (given->n() != n || given->seed() != options.seed))
        return makeError("the prepared inputs are " + std::to_string(given->n()) + " x " +
                         std::to_string(given->n()) + " with seed " +
                         std::to_string(given->seed()) + ", the run asks for n=" +
                         std::to_string(n) + " with seed " + std::to_string(options.seed));
    if (!given) {
        owned = TensorCoreInputs::make(n, options.seed);
        given = owned.get();
    }
    if (Status s = given->upload(); !s) return makeError(s.error());
    return given;
}

matmul::ResultChecks checksOf(TensorCoreInputs& in, TensorCoreOutput output) {
    return {[&in] { return in.poisonResult(); },
            [&in, output] { return in.checkDeviceResult(output); }};
}

// Header, timing, verification and figures of a measured run.
void fillRun(Run& run, const ParamValues& params, const DeviceInfo& device, const Setting& s,
             TensorCoreInputs& inputs, const Measured& measured) {
    memory::fillRunHeader(run, kTensorCoreExperiment, params, device);
    const double entries = double(s.n) * double(s.n);
    matmul::fillSamples(run.timing, measured.plainMs, measured.recordedMs);
    run.timing.flops = matmulFlops(s.n);
    // The traffic no product can avoid: A and B read once, C written once.
    run.timing.bytesMoved = entries * (2 + 2 + outputBytes(s.output));
    run.timing.transferMs = inputs.uploadMs() + inputs.lastDownloadMs();
    run.texts["transfer"] =
        "A and B (BF16) to the device and C back, from and to pageable host memory";
    matmul::verifyMeasured(run, measured, inputs.reference(),
                           bf16MatmulTolerance(s.n, s.output == TensorCoreOutput::Bf16));
    run.texts["idea"] = tensorCoreVariantInfo(s.variant).idea;
    run.figures["tflops"] = run.timing.gflopPerS() / 1000;
    // Both ceilings of the device, for the ladder's "% of peak" and the
    // lessons: FP32 on the CUDA cores, dense BF16 on the tensor cores.
    run.figures["bf16PeakGflops"] = bf16TensorPeakGflops(device);
    run.figures["fp32PeakGflops"] = fp32PeakGflops(device);
}

Status launchPair(const TensorCoreKernels& k, bool record, dim3 grid, dim3 block,
                  TensorCoreInputs& in, const MatmulTrace& trace) {
    const void* kernel = record ? k.recorded : k.plain;
    const void* a = in.deviceA();
    const void* b = in.deviceB();
    void* c = in.deviceC();  // float* or __nv_bfloat16*, as the kernel's output type
    int n = int(in.n());
    MatmulTrace records = trace;
    void* args[] = {&a, &b, &c, &n, &records};
    const cudaError_t status =
        cudaLaunchKernel(kernel, grid, block, args, k.dynamicShared, nullptr);
    if (status != cudaSuccess)
        return cudaFailure("launch of " + k.name, __FILE__, __LINE__, status);
    return {};
}

// Dynamic shared memory past 48 KiB needs the opt-in; and a kernel that
// takes its tiles from dynamic shared memory asks for the largest shared
// carveout, so that two blocks of 48 KiB fit an SM beside each other.
Status prepareSharedMemory(const TensorCoreKernels& k) {
    if (k.dynamicShared == 0) return {};
    for (const bool record : {false, true}) {
        const void* f = record ? k.recorded : k.plain;
        if (!f) continue;
        if (k.sharedFor(record) > 48 * 1024)
            WS_CUDA_TRY(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                             int(k.sharedFor(record))));
        WS_CUDA_TRY(cudaFuncSetAttribute(f, cudaFuncAttributePreferredSharedMemoryCarveout,
                                         int(cudaSharedmemCarveoutMaxShared)));
    }
    return {};
}

const char* tilingText(TensorCoreVariant v) {
    switch (v) {
        case TensorCoreVariant::Wmma:
            return "128 x 128 x 32 block tiles, 8 warps of 64 x 32 (4 x 2 WMMA fragments of "
                   "16 x 16 x 16), A and B tiles padded by 16 bytes a row, one stage";
        case TensorCoreVariant::MmaSync:
            return "128 x 128 x 32 block tiles, 8 warps of 64 x 32 (4 x 4 mma.sync m16n8k16), "
                   "XOR-swizzled A and B tiles read by ldmatrix, three cp.async stages";
        case TensorCoreVariant::Wgmma:
            return "128 x 128 x 64 block tiles, 2 warpgroups of 64 x 128 (4 wgmma.mma_async "
                   "m64n128k16 a phase each, A K-major and B N-major from shared-memory "
                   "descriptors), 128-byte-swizzled tiles, three cp.async stages";
        case TensorCoreVariant::WgmmaTma:
            return "128 x 256 x 64 block tiles, 2 warpgroups of 64 x 256 (4 wgmma.mma_async "
                   "m64n256k16 a phase each), tiles loaded by TMA into four 48 KiB stages, "
                   "full and empty mbarriers, thread 0 refilling each stage";
        case TensorCoreVariant::WarpSpecialized:
            return "128 x 256 x 64 block tiles, a producer warpgroup (40 registers) issuing TMA "
                   "and 2 consumer warpgroups (232 registers) of 64 x 256, four 48 KiB stages";
        case TensorCoreVariant::Persistent:
            return "as warp-specialized, one block per SM walking the 128 x 256 tiles in "
                   "grouped order (16 row tiles down a column)";
        case TensorCoreVariant::Clusters:
            return "as persistent, in clusters of 2 blocks on two row tiles of one column, "
                   "each block loading half of their B tile and multicasting it to both";
        case TensorCoreVariant::Cublas:
            break;
    }
    return "";
}

Result<TensorCoreKernels> kernelsOf(const Setting& s) {
    switch (s.variant) {
        case TensorCoreVariant::Wmma:
            return wmmaKernels(s.output);
        case TensorCoreVariant::MmaSync:
            return mmaSyncKernels(s.output);
        case TensorCoreVariant::Wgmma:
            return wgmmaKernels(s.output);
        case TensorCoreVariant::WgmmaTma:
        case TensorCoreVariant::WarpSpecialized:
        case TensorCoreVariant::Persistent:
        case TensorCoreVariant::Clusters:
            return tmaKernels(s.variant, s.output);
        case TensorCoreVariant::Cublas:
            break;
    }
    return makeError(std::string(tensorCoreVariantInfo(s.variant).id) + " runs no kernel of ours");
}

// The launch of one build (plain or recording), for either signature.
struct KernelLaunch {
    const TensorCoreKernels* kernels = nullptr;
    dim3 grid, block;
    std::optional<TmaLaunchPlan> tma;  // the TMA rungs
    TensorCoreInputs* inputs = nullptr;

    Status operator()(bool record, const MatmulTrace& trace, const PipelineTrace& pipe) const {
        if (tma)
            return launchTma(*kernels, *tma, record, inputs->deviceC(), inputs->n(), trace, pipe);
        return launchPair(*kernels, record, grid, block, *inputs, trace);
    }
};

Result<MatmulRun> runKernel(const ParamValues& params, const Setting& s, bool record,
                            const RunOptions& options, const DeviceInfo& device,
                            TensorCoreInputs* given) {
    const auto tiling = tensorCoreTiling(s.variant);
    auto kernels = kernelsOf(s);
    if (!tiling || !kernels) return makeError(kernels ? "no tiling" : kernels.error());
    if (!record) kernels->recorded = nullptr;
    KernelLaunch launchOf;
    launchOf.kernels = &*kernels;
    const Dim3 g = matmulGrid(*tiling, s.n);
    launchOf.grid = dim3(g.x, g.y, g.z);
    launchOf.block = dim3(tiling->block.x, tiling->block.y, tiling->block.z);
    if (Status st = checkMemory(s.n, 0, given != nullptr); !st) return makeError(st.error());
    std::unique_ptr<TensorCoreInputs> owned;
    auto inputs = inputsFor(s.n, options, given, owned);
    if (!inputs) return makeError(inputs.error());
    launchOf.inputs = *inputs;
    // Before the persistent rungs ask how many blocks fit an SM: that
    // answer counts the opted-in shared memory.
    if (Status st = prepareSharedMemory(*kernels); !st) return makeError(st.error());
    std::uint32_t tilesPerBlock = 1;
    if (kernels->tma) {
        auto plan = planTmaLaunch(*kernels, launchOf.block, s.n, (*inputs)->deviceA(),
                                  (*inputs)->deviceB());
        if (!plan) return makeError(plan.error());
        launchOf.grid = plan->grid;
        tilesPerBlock = plan->tilesPerBlock;
        launchOf.tma = *plan;
    }
    const dim3 grid = launchOf.grid, block = launchOf.block;
    const bool optIn = kernels->dynamicShared > 48 * 1024;
    if (Status st =
            memory::checkShape(device, kernels->name, grid, block, tiling->sharedBytes, optIn);
        !st)
        return makeError(st.error());
    const std::uint64_t blocks = std::uint64_t(grid.x) * grid.y * grid.z;
    MatmulTraceStorage::Shape shape{.blocks = record ? blocks : 0,
                                    .tracedBlocks = s.tracedBlocks,
                                    .maxPhases = phaseCount(*tiling, s.n) * tilesPerBlock,
                                    .maxShared = 0};
    const std::uint32_t traced =
        std::uint32_t(std::min<std::uint64_t>({s.tracedBlocks, shape.blocks, kMaxTracedSlots}));
    const std::uint32_t maxSteps =
        kernels->tma
            ? std::min(phaseCount(*tiling, s.n) * std::min(tilesPerBlock, kPipelineTracedTiles),
                       kSharedPipelineSteps)
            : 0;
    if (Status st = checkMemory(
            s.n,
            MatmulTraceStorage::deviceBytes(shape) + PipelineStorage::deviceBytes(traced, maxSteps),
            true);
        !st)
        return makeError(st.error());
    MatmulTraceStorage storage;
    PipelineStorage pipeline;
    if (record) {
        if (Status st = storage.allocate(shape); !st) return makeError(st.error());
        const MatmulTrace& t = storage.trace();
        if (Status st = pipeline.allocate(
                std::vector<std::uint32_t>(t.tracedBlock, t.tracedBlock + t.tracedCount), maxSteps);
            !st)
            return makeError(st.error());
    }

    const MatmulTrace none{};
    const PipelineTrace noSteps{};
    MeasureSteps steps;
    steps.plain = [&] { return launchOf(false, none, noSteps); };
    if (record) {
        steps.recorded = [&] { return launchOf(true, storage.trace(), pipeline.trace()); };
        steps.beforeRecorded = [&]() -> Status {
            if (Status st = storage.clear(); !st) return st;
            return pipeline.clear();
        };
        steps.storage = &storage;
    }
    // The dynamic bytes the plain launch passes (WMMA's tile is static): the
    // occupancy ceiling adds the cubin's static ones.
    Launch launch = memory::makeLaunch(kernels->name, grid, block, kernels->dynamicShared);
    auto measured = matmul::measureMatmul(checksOf(**inputs, s.output), steps, options, &launch);
    if (!measured) return makeError(measured.error());
    if (record)
        if (Status st = pipeline.download(launch); !st) return makeError(st.error());
    MatmulRun out;
    fillRun(out.run, params, device, s, **inputs, *measured);
    storeMatmulTiling(out.run, *tiling);
    if (record) out.run.launches.push_back(std::move(launch));
    if (kernels->tma) {
        if (record && !out.run.launches.empty()) {
            // A record that breaks the pipeline's order leaves the run (whose
            // C was verified) standing: the table is dropped and the run says why.
            Launch& l = out.run.launches.back();
            auto steps = readPipeline(l, kTmaStages);
            if (steps) {
                for (const auto& [name, value] : pipelineFigures(*steps))
                    out.run.figures[name] = value;
            } else {
                std::erase_if(l.tables, [](const RecordTable& t) { return t.name == "pipeline"; });
                out.run.texts["pipeline"] = "the pipeline records were dropped: " + steps.error();
            }
        }
        out.run.figures["stages"] = kTmaStages;
        out.run.figures["clusterBlocks"] = kernels->cluster;
        out.run.figures["tilesPerBlock"] = tilesPerBlock;
    }
    out.run.texts["tiling"] = tilingText(s.variant);
    out.plainMs = std::move(measured->plainMs);
    out.recordedMs = std::move(measured->recordedMs);
    return out;
}

Result<MatmulRun> runCublas(const ParamValues& params, const Setting& s, const RunOptions& options,
                            const DeviceInfo& device, TensorCoreInputs* given) {
    if (Status st = checkMemory(s.n, 0, given != nullptr); !st) return makeError(st.error());
    std::unique_ptr<TensorCoreInputs> owned;
    auto inputs = inputsFor(s.n, options, given, owned);
    if (!inputs) return makeError(inputs.error());
    CublasBf16Gemm gemm;
    if (Status st = gemm.create(); !st) return makeError(st.error());
    TensorCoreInputs& in = **inputs;
    MeasureSteps steps;
    steps.plain = [&] {
        return gemm.multiply(in.deviceA(), in.deviceB(), in.deviceC(), s.n, s.output);
    };
    auto measured = matmul::measureMatmul(checksOf(in, s.output), steps, options, nullptr);
    if (!measured) return makeError(measured.error());
    MatmulRun out;
    fillRun(out.run, params, device, s, in, *measured);
    out.run.texts["kernel"] =
        std::string("cublasGemmEx with BF16 A and B, CUBLAS_COMPUTE_32F, ") +
        (s.output == TensorCoreOutput::F32 ? "FP32" : "BF16") +
        " C, default math (tensor cores): the library's own kernel and tiling, so no block "
        "records";
    out.plainMs = std::move(measured->plainMs);
    return out;
}

}  // namespace

Result<MatmulRun> runTensorCore(const ParamValues& given, const RunOptions& options,
                                const DeviceInfo& device, TensorCoreInputs* inputs, bool record) {
    // Defaults filled in and every value checked (n among them), once, into
    // the settings: callers may pass only what a user changed.
    auto settings = tensorCoreSettings(given);
    if (!settings) return makeError(settings.error());
    const Setting& s = *settings;
    const ParamValues* params = &s.resolved;
    // sm_90a code has no image for any other device (the catalog's 9.0 is a
    // minimum): refused in one sentence before anything touches the GPU.
    if (Status st = wgmmaDeviceCheck(s.variant, device.ccMajor, device.ccMinor, device.name); !st)
        return makeError(st.error());
    DeviceInfo limits = device;
    if (Status st = memory::completeLimits(limits, options.device); !st)
        return makeError(st.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    if (!tensorCoreVariantInfo(s.variant).ownKernel)
        return runCublas(*params, s, options, limits, inputs);
    return runKernel(*params, s, record, options, limits, inputs);
}

}  // namespace ws::tensorcore
