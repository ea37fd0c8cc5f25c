#include "kernels/tensorcore/tensorcore_tma_launch.h"

#include <cudaTypedefs.h>

#include <algorithm>
#include <string>

#include "kernels/common/cuda_check.h"
#include "kernels/tensorcore/tensorcore_tma_layout.h"

namespace ws::tensorcore {

namespace {

Result<PFN_cuTensorMapEncodeTiled_v12000> encoder() {
    // Looked up once, by whichever thread asks first (a local static's
    // initialisation is thread-safe): runs may plan launches from several.
    static void* const function = [] {
        void* f = nullptr;
        cudaDriverEntryPointQueryResult found{};
        const cudaError_t status = cudaGetDriverEntryPointByVersion(
            "cuTensorMapEncodeTiled", &f, 12000, cudaEnableDefault, &found);
        return status == cudaSuccess && found == cudaDriverEntryPointSuccess ? f : nullptr;
    }();
    if (!function)
        return makeError(
            "the driver offers no cuTensorMapEncodeTiled (CUDA 12.0 or later): the TMA rungs "
            "cannot describe their tiles");
    return reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(function);
}

// An n x n row-major BF16 matrix, copied in boxes of `boxRows` rows of 64
// elements (128 bytes, the widest box the 128-byte swizzle takes), written
// in that swizzle; elements outside the matrix arrive as zeros.
Result<CUtensorMap> tileMap(const void* matrix, std::uint32_t n, std::uint32_t boxRows,
                            const char* which) {
    auto encode = encoder();
    if (!encode) return makeError(encode.error());
    CUtensorMap map{};
    const cuuint64_t dims[2] = {n, n};
    const cuuint64_t strides[1] = {cuuint64_t(n) * 2};
    const cuuint32_t box[2] = {cuuint32_t(tma::kBoxColumns), boxRows};
    const cuuint32_t elementStrides[2] = {1, 1};
    const CUresult r = (*encode)(
        &map, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, const_cast<void*>(matrix), dims, strides, box,
        elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
        CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS)
        return makeError(std::string("cuTensorMapEncodeTiled refused the map of ") + which +
                         " (n=" + std::to_string(n) + "): CUresult " + std::to_string(int(r)));
    return map;
}

// Blocks of this kernel that run at once on the whole device: SMs x blocks
// an SM holds, or whole clusters as the GPCs hold them.
Result<std::uint32_t> residentBlocks(const TensorCoreKernels& k, dim3 block) {
    int device = 0;
    WS_CUDA_TRY(cudaGetDevice(&device));
    if (k.cluster > 1) {
        cudaLaunchConfig_t config{};
        config.gridDim = dim3(k.cluster * 64, 1, 1);
        config.blockDim = block;
        config.dynamicSmemBytes = k.dynamicShared;
        cudaLaunchAttribute attribute{};
        attribute.id = cudaLaunchAttributeClusterDimension;
        attribute.val.clusterDim.x = k.cluster;
        attribute.val.clusterDim.y = 1;
        attribute.val.clusterDim.z = 1;
        config.attrs = &attribute;
        config.numAttrs = 1;
        int clusters = 0;
        WS_CUDA_TRY(cudaOccupancyMaxActiveClusters(&clusters, k.plain, &config));
        if (clusters < 1)
            return makeError("no cluster of " + std::to_string(k.cluster) + " blocks of " +
                             std::to_string(k.dynamicShared) + " bytes fits this GPU");
        return std::uint32_t(clusters) * k.cluster;
    }
    int sms = 0, perSm = 0;
    WS_CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    WS_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, k.plain, int(block.x),
                                                              k.dynamicShared));
    if (perSm < 1)
        return makeError("no block of " + std::to_string(block.x) + " threads and " +
                         std::to_string(k.dynamicShared) + " bytes fits an SM");
    return std::uint32_t(sms * perSm);
}

}  // namespace

Result<TmaLaunchPlan> planTmaLaunch(const TensorCoreKernels& k, dim3 block, std::uint32_t n,
                                    const void* a, const void* b) {
    TmaLaunchPlan plan;
    auto mapA = tileMap(a, n, tma::kBm, "A");
    if (!mapA) return makeError(mapA.error());
    auto mapB = tileMap(b, n, tma::kBk, "B");
    if (!mapB) return makeError(mapB.error());
    plan.a = *mapA;
    plan.b = *mapB;
    const int rowTiles = int((n + tma::kBm - 1) / tma::kBm);
    const int colTiles = int((n + tma::kBn - 1) / tma::kBn);
    plan.block = block;
    if (!k.persistent) {
        plan.grid = dim3(colTiles, rowTiles, 1);
        return plan;
    }
    auto resident = residentBlocks(k, plan.block);
    if (!resident) return makeError(resident.error());
    const std::uint32_t units = std::uint32_t(tma::unitCount(rowTiles, colTiles, int(k.cluster)));
    // No more blocks than there are units of work (small n).
    const std::uint32_t clusters = std::min(*resident / k.cluster, units);
    plan.grid = dim3(clusters * k.cluster, 1, 1);
    plan.tilesPerBlock = (units + clusters - 1) / clusters;
    return plan;
}

Status launchTma(const TensorCoreKernels& k, const TmaLaunchPlan& plan, bool record, void* c,
                 std::uint32_t n, const matmul::MatmulTrace& trace, const PipelineTrace& pipeline) {
    cudaLaunchConfig_t config{};
    config.gridDim = plan.grid;
    config.blockDim = plan.block;
    config.dynamicSmemBytes = k.sharedFor(record);
    cudaLaunchAttribute attribute{};
    if (k.cluster > 1) {
        attribute.id = cudaLaunchAttributeClusterDimension;
        attribute.val.clusterDim.x = k.cluster;
        attribute.val.clusterDim.y = 1;
        attribute.val.clusterDim.z = 1;
        config.attrs = &attribute;
        config.numAttrs = 1;
    }
    CUtensorMap mapA = plan.a, mapB = plan.b;
    int size = int(n);
    matmul::MatmulTrace records = trace;
    PipelineTrace steps = pipeline;
    void* args[] = {&mapA, &mapB, &c, &size, &records, &steps};
    const cudaError_t status = cudaLaunchKernelExC(&config, record ? k.recorded : k.plain, args);
    if (status != cudaSuccess)
        return cudaFailure("launch of " + k.name, __FILE__, __LINE__, status);
    return {};
}

}  // namespace ws::tensorcore
