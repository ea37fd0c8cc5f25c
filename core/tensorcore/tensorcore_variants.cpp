#include "core/tensorcore/tensorcore_variants.h"

#include <string>

namespace ws {

const std::vector<TensorCoreVariantInfo>& tensorCoreVariants() {
    static const std::vector<TensorCoreVariantInfo> all = {
        {TensorCoreVariant::Wmma, "wmma",
         "the tensor cores through the portable WMMA API: each warp multiplies 16 x 16 x 16 "
         "BF16 fragments loaded from padded shared tiles into FP32 accumulators, tiles "
         "loaded by every thread between two barriers"},
        {TensorCoreVariant::MmaSync, "mma-sync",
         "the instruction beneath WMMA: mma.sync m16n8k16 on fragments that ldmatrix reads "
         "from XOR-swizzled shared tiles without bank conflicts, the next tiles already on "
         "their way through cp.async in a three-stage pipeline"},
        {TensorCoreVariant::Wgmma, "wgmma",
         "Hopper's warpgroup MMA: four warps issue wgmma.mma_async m64n128k16 together and "
         "the tensor cores read A and B straight from 128-byte-swizzled shared tiles through "
         "matrix descriptors, no fragments in registers; two warpgroups a block, 64-deep "
         "phases, the tiles still arriving by cp.async in three stages",
         true, true},
        {TensorCoreVariant::WgmmaTma, "wgmma-tma",
         "the Tensor Memory Accelerator: one thread issues one instruction a tile and the "
         "TMA unit copies it, swizzled, into a ring of four stages, each guarded by a "
         "\"full\" mbarrier that completes when its bytes have landed and an \"empty\" one "
         "that completes when every consumer warp has released it; 128 x 256 tiles, "
         "wgmma m64n256k16, no __syncthreads in the loop",
         true, true},
        {TensorCoreVariant::WarpSpecialized, "warp-specialized",
         "a producer warpgroup that only issues loads, running ahead of two consumer "
         "warpgroups that only multiply; setmaxnreg moves registers from the producer (40) "
         "to the consumers (232), who hold 128 accumulators a thread",
         true, true},
        {TensorCoreVariant::Persistent, "persistent",
         "one block per SM for the whole product, walking C's tiles in grouped order (16 "
         "row tiles down a column, so the blocks running together share A's and B's panels "
         "in L2); the producer loads the next tile while the consumers store the last",
         true, true},
        {TensorCoreVariant::Clusters, "clusters",
         "clusters of two blocks on two row tiles of one column: each loads half of the B "
         "tile they share and the TMA unit multicasts it into both, so B crosses from L2 "
         "once for the pair; a stage is free when the consumers of both blocks released it",
         true, true},
        {TensorCoreVariant::Cublas, "cublas",
         "cuBLAS in BF16 with FP32 accumulation on the tensor cores: the yardstick", false},
    };
    return all;
}

const TensorCoreVariantInfo& tensorCoreVariantInfo(TensorCoreVariant v) {
    for (const auto& info : tensorCoreVariants())
        if (info.variant == v) return info;
    return tensorCoreVariants().front();
}

std::optional<TensorCoreVariant> parseTensorCoreVariant(std::string_view id) {
    for (const auto& info : tensorCoreVariants())
        if (id == info.id) return info.variant;
    return std::nullopt;
}

std::optional<TensorCoreOutput> parseTensorCoreOutput(std::string_view id) {
    if (id == "f32") return TensorCoreOutput::F32;
    if (id == "bf16") return TensorCoreOutput::Bf16;
    return std::nullopt;
}

const char* tensorCoreOutputId(TensorCoreOutput o) {
    return o == TensorCoreOutput::F32 ? "f32" : "bf16";
}

Status tensorCoreSizeCheck(std::uint32_t n) {
    const std::string size = "n=" + std::to_string(n);
    if (n < kTensorCoreMinN || n > kTensorCoreMaxN)
        return makeError(size + " is outside " + std::to_string(kTensorCoreMinN) + " .. " +
                         std::to_string(kTensorCoreMaxN));
    if (n % kTensorCoreNMultiple != 0)
        return makeError(size + " is no multiple of 8: the kernels load 8 BF16 values (16 " +
                         "bytes) at a time, and a row of A or B starts on a 16-byte boundary "
                         "only when n is a multiple of 8 (" +
                         std::to_string(n / 8 * 8) + " or " + std::to_string((n / 8 + 1) * 8) +
                         " would do; partial tiles at the edges are computed)");
    return {};
}

Status wgmmaDeviceCheck(TensorCoreVariant v, int ccMajor, int ccMinor,
                        const std::string& deviceName) {
    if (!tensorCoreVariantInfo(v).sm90a || (ccMajor == 9 && ccMinor == 0)) return {};
    return makeError(std::string("variant ") + tensorCoreVariantInfo(v).id +
                     " is built for sm_90a, whose wgmma instructions run only on "
                     "compute capability 9.0 (H100, H200); this GPU, " +
                     deviceName + ", is " + std::to_string(ccMajor) + "." +
                     std::to_string(ccMinor));
}

int bf16TensorFlopsPerClockPerSm(int ccMajor, int ccMinor) {
    if (ccMajor == 8 && ccMinor == 0) return 2048;
    if (ccMajor == 9 && ccMinor == 0) return 4096;
    if (ccMajor == 10 && ccMinor == 0) return 8192;
    return 0;
}

double bf16TensorPeakGflops(const DeviceInfo& d) {
    return double(d.smCount) * bf16TensorFlopsPerClockPerSm(d.ccMajor, d.ccMinor) *
           double(d.smClockKHz) / 1e6;
}

std::optional<MatmulTiling> tensorCoreTiling(TensorCoreVariant v) {
    MatmulTiling t;
    t.tileM = kTensorCoreTileM;
    t.tileN = kTensorCoreTileN;
    t.tileK = kTensorCoreTileK;
    t.block = {kTensorCoreThreads, 1, 1};
    // Each thread ends holding 64 accumulators: 8 rows x 8 columns of the
    // warp's 64 x 32 tile, spread in the fragments' pattern.
    t.threadM = 8;
    t.threadN = 8;
    switch (v) {
        case TensorCoreVariant::Wmma:
            t.sharedBytes = kWmmaSharedBytes;
            return t;
        case TensorCoreVariant::MmaSync:
            t.sharedBytes = kMmaSyncSharedBytes;
            return t;
        case TensorCoreVariant::Wgmma:
            // A warpgroup's 64 x 128 accumulator: each thread holds 2 rows
            // (8 apart) x 32 columns (pairs 8 apart), 64 registers.
            t.tileK = kWgmmaTileK;
            t.threadM = 2;
            t.threadN = 32;
            t.sharedBytes = kWgmmaSharedBytes;
            return t;
        case TensorCoreVariant::WgmmaTma:
        case TensorCoreVariant::WarpSpecialized:
        case TensorCoreVariant::Persistent:
        case TensorCoreVariant::Clusters:
            // Two consumer warpgroups of 64 x 256 (a producer warpgroup
            // beside them from warp-specialized on): each consumer thread
            // holds 2 rows x 64 columns, 128 registers.
            t.tileN = kTmaTileN;
            t.tileK = kWgmmaTileK;
            t.block = {v == TensorCoreVariant::WgmmaTma ? 256u : 384u, 1, 1};
            t.threadM = 2;
            t.threadN = 64;
            t.sharedBytes = kTmaSharedBytes;
            return t;
        case TensorCoreVariant::Cublas:
            break;
    }
    return std::nullopt;
}

}  // namespace ws
