// The TMA rungs of matmul-tc, one kernel template whose parameters are the
// ladder's ideas, each added to the one before:
//  - wgmma-tma: the Tensor Memory Accelerator loads each k-phase's tiles
//    (one instruction a box, from one thread) into a ring of four stages,
//    each guarded by two mbarriers: "full" completes when the stage's bytes
//    have landed, "empty" when every consumer warp has released it. Two
//    warpgroups multiply 128 x 256 tiles with wgmma m64n256k16; the thread
//    that issues the loads is one of them, so refilling a stage waits for
//    both warpgroups to release it.
//  - warp-specialized: a third warpgroup only produces. It gives up
//    registers (setmaxnreg) to the two consumers, which hold 128
//    accumulators a thread, and runs ahead of them as far as the ring lets.
//  - persistent: one block per SM walks the tiles in grouped order
//    (tensorcore_tma_layout.h), the producer loading the next tile's first
//    stages while the consumers store the last one's C.
//  - clusters: two blocks of a cluster take two row tiles of one column;
//    each loads half of the B tile they share and the TMA unit multicasts it
//    to both, so B crosses from L2 once for the pair. A stage is then free
//    only when the consumers of both blocks have released it.
// Every rung computes C for any n that is a multiple of 8: boxes reaching
// past the matrices arrive as zeros (and count their full bytes on the
// barrier), stores outside are skipped.
//
// sm_90a only, like the wgmma rung (kernels/tensorcore/CMakeLists.txt).
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include "kernels/matmul/matmul_trace.h"
#include "kernels/tensorcore/tensorcore_async_ptx.cuh"
#include "kernels/tensorcore/tensorcore_epilogue.cuh"
#include "kernels/tensorcore/tensorcore_kernels.h"
#include "kernels/tensorcore/tensorcore_pipeline_trace.h"
#include "kernels/tensorcore/tensorcore_ptx.cuh"
#include "kernels/tensorcore/tensorcore_tma_layout.h"
#include "kernels/tensorcore/tensorcore_wgmma_ptx.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "tensorcore_tma.cu needs sm_90a (wgmma.mma_async, setmaxnreg): build it for 90a only"
#endif

namespace ws::tensorcore {

namespace {

using matmul::MatmulTrace;
using matmul::Recorder;
using namespace tma;

static_assert(kStages == int(kTmaStages) && kSharedBytes == int(kTmaSharedBytes) &&
                  kBn == int(kTmaTileN) && kBm == int(kTensorCoreTileM) && kBk == int(kWgmmaTileK),
              "the tiling core/tensorcore/tensorcore_variants.h describes");

// The recording build's dynamic buffer also holds a traced block's step
// records while it runs, after the staging of C: the stages stay where the
// plain build has them.
inline constexpr int kStepRecordBytes = int(kSharedPipelineSteps * sizeof(PipelineSlot));
static_assert(kSharedBytes + kStepRecordBytes + 128 <= 227 * 1024, "an H100 block's opt-in limit");

// The register budgets of the warp-specialized rungs: 40 for the producer,
// 232 for each consumer (128 x 40 + 256 x 232 = 64,512 of the SM's 65,536).
inline constexpr int kProducerRegisters = 40;
inline constexpr int kConsumerRegisters = 232;

template <bool kProducer, bool kPersistent, int kCluster>
struct Rung {
    static constexpr int kThreads = 128 * (kConsumers + (kProducer ? 1 : 0));
};

// The tiles one block (or one cluster) computes: its own tile, or every
// `stride`-th unit of the grouped walk from `first`.
template <bool kPersistent, int kCluster>
struct Walk {
    int rowTiles, colTiles, first, stride, count;
    std::uint32_t rank;

    __device__ explicit Walk(int n, std::uint32_t clusterRankIn) : rank(clusterRankIn) {
        rowTiles = (n + kBm - 1) / kBm;
        colTiles = (n + kBn - 1) / kBn;
        if constexpr (kPersistent) {
            first = int(blockIdx.x) / kCluster;
            stride = int(gridDim.x) / kCluster;
            count = unitCount(rowTiles, colTiles, kCluster);
        } else {
            // One tile, but not as a constant: with `count` known to be 1
            // ptxas serialised the warp-specialized build's wgmma (warning
            // C7515: the accumulators' zeroing seen inside the pipeline),
            // undoing the batch each consumer keeps in flight.
            first = 0;
            stride = 1;
            count = n > 0 ? 1 : 0;
        }
    }
    __device__ TileAt tile(int u) const {
        if constexpr (kPersistent) return groupedTile(u, int(rank), rowTiles, colTiles, kCluster);
        return {int(blockIdx.y), int(blockIdx.x)};
    }
};

// The stage ring: tiles from `base` (1024-aligned), barriers beside it,
// the consumer warps' staging of C after the last stage.
struct Ring {
    std::uint32_t base, full, empty;  // shared addresses of stage 0 and its barriers
    unsigned char* generic;           // `base` as a generic pointer

    __device__ std::uint32_t stage(int s) const { return base + std::uint32_t(s * kStageBytes); }
    __device__ unsigned char* staging(int consumerWarp) const {
        return generic + kStages * kStageBytes + consumerWarp * kStagingBytes;
    }
    // Only the recording build's buffer reaches this far.
    __device__ PipelineSlot* stepRecords() const {
        return reinterpret_cast<PipelineSlot*>(generic + kStages * kStageBytes + kEpilogueBytes);
    }
    __device__ std::uint32_t fullBar(int s) const { return full + std::uint32_t(8 * s); }
    __device__ std::uint32_t emptyBar(int s) const { return empty + std::uint32_t(8 * s); }
};

// Step `step` of the producer: wait until the ring slot is free (every
// consumer warp of every block of the cluster released its last use),
// announce the stage's bytes on its full barrier and issue its boxes.
template <int kCluster, bool kRecord>
__device__ __forceinline__ void produceStep(const Ring& ring, const CUtensorMap* mapA,
                                            const CUtensorMap* mapB, std::uint32_t step,
                                            TileAt tile, int kt, std::uint32_t rank,
                                            Recorder<kRecord>& rec,
                                            PipelineRecorder<kRecord>& pipe) {
    const int s = int(step % kStages);
    const std::int64_t waitFrom = pipe.now();
    mbarrierWait(ring.emptyBar(s), ((step / kStages) & 1u) ^ 1u);
    const std::int64_t issuedAt = pipe.now();
    const std::uint32_t full = ring.fullBar(s), aTile = ring.stage(s);
    mbarrierArriveExpectTx(full, kStageBytes);
    tmaLoad2d(aTile, mapA, full, kt * kBk, tile.row * kBm);
    if constexpr (kCluster == 1) {
        for (int j = 0; j < kBBoxes; ++j)
            tmaLoad2d(aTile + bBoxOffset(j), mapB, full, tile.col * kBn + j * kBoxColumns,
                      kt * kBk);
    } else {
        // This block's share of B's boxes, written into every block's stage.
        constexpr int kShare = kBBoxes / kCluster;
        constexpr std::uint16_t kAll = std::uint16_t((1u << kCluster) - 1);
        for (int i = 0; i < kShare; ++i) {
            const int j = int(rank) * kShare + i;
            tmaLoad2dMulticast(aTile + bBoxOffset(j), mapB, full, tile.col * kBn + j * kBoxColumns,
                               kt * kBk, kAll);
        }
    }
    // Recorded once the loads are on their way.
    pipe.produced(step, waitFrom, issuedAt, std::uint32_t(tile.row), std::uint32_t(tile.col),
                  std::uint32_t(kt), std::uint32_t(s));
    rec.phaseAt(step, issuedAt, std::uint32_t(tile.row * kBm), std::uint32_t(kt * kBk),
                std::uint32_t(kt * kBk), std::uint32_t(tile.col * kBn));
}

// A consumer warp hands stage `s` back: once in every block of the cluster.
template <int kCluster>
__device__ __forceinline__ void releaseStage(const Ring& ring, int s, int t) {
    if (t % 32 != 0) return;
    if constexpr (kCluster == 1) {
        mbarrierArrive(ring.emptyBar(s));
    } else {
        for (int r = 0; r < kCluster; ++r) mbarrierArriveCluster(ring.emptyBar(s), r);
    }
}

// Step `step` of consumer warpgroup `group`: wait for the stage's bytes,
// multiply its 64 rows of A by B's 256 columns, 16 of k at a time. With
// kOverlap false it waits for its own wgmma and releases the stage; with
// kOverlap true it leaves this batch running, waits only for the previous
// step's (wgmma.wait_group 1) and releases that step's stage when
// `previousInFlight` (not at a tile's first step), so the tensor cores
// always hold the next batch (finishConsuming releases a tile's last one).
template <int kCluster, bool kOverlap, bool kRecord>
__device__ __forceinline__ void consumeStep(const Ring& ring, std::uint32_t step, int group, int t,
                                            float (&acc)[kAccumulators],
                                            PipelineRecorder<kRecord>& pipe,
                                            bool previousInFlight = false) {
    const int s = int(step % kStages);
    const std::int64_t waitFrom = pipe.now();
    mbarrierWait(ring.fullBar(s), (step / kStages) & 1u);
    const std::int64_t readyAt = pipe.now();
    const std::uint32_t aTile = ring.stage(s);
    wgmmaFence();
    for (int k16 = 0; k16 < kBk / 16; ++k16)
        wgmmaM64N256K16(acc, aDescriptor(aTile, group, k16), bDescriptor(aTile, k16));
    wgmmaCommit();
    if (t < 32) pipe.consumed(step, group, waitFrom, readyAt);
    if constexpr (kOverlap) {
        wgmmaWait<1>();
        if (previousInFlight) {
            const std::int64_t releasedAt = pipe.now();
            releaseStage<kCluster>(ring, int((step - 1) % kStages), t);
            if (t < 32) pipe.released(step - 1, group, releasedAt);
        }
    } else {
        wgmmaWait<0>();
        const std::int64_t releasedAt = pipe.now();
        releaseStage<kCluster>(ring, s, t);
        if (t < 32) pipe.released(step, group, releasedAt);
    }
}

// After a tile's last step under kOverlap: its batch done, its stage released.
template <int kCluster, bool kRecord>
__device__ __forceinline__ void finishConsuming(const Ring& ring, std::uint32_t lastStep, int group,
                                                int t, PipelineRecorder<kRecord>& pipe) {
    wgmmaWait<0>();
    const std::int64_t releasedAt = pipe.now();
    releaseStage<kCluster>(ring, int(lastStep % kStages), t);
    if (t < 32) pipe.released(lastStep, group, releasedAt);
}

// Consumer `group`'s 64 x 256 part of the tile to C, staged through each
// warp's part of shared memory, with streaming stores: C is written once
// and never read back by the kernel.
template <typename Out>
__device__ __forceinline__ void storeTile(const Ring& ring, Out* c, int n, TileAt tile, int group,
                                          int t, const float (&acc)[kAccumulators]) {
    storeWarpgroupTileStaged(c, n, tile.row * kBm + group * 64, tile.col * kBn, t, acc,
                             ring.staging(group * 4 + t / 32));
}

template <bool kProducer, bool kPersistent, int kCluster, bool kRecord, typename Out>
__global__ void __launch_bounds__(Rung<kProducer, kPersistent, kCluster>::kThreads, 1)
    tcTma(const __grid_constant__ CUtensorMap mapA, const __grid_constant__ CUtensorMap mapB,
          Out* c, int n, const __grid_constant__ MatmulTrace trace,
          const __grid_constant__ PipelineTrace pipeline) {
    Recorder<kRecord> rec(trace);
    extern __shared__ __align__(128) unsigned char smem[];
    __shared__ __align__(8) std::uint64_t barriers[2 * kStages];
    const std::uint32_t raw = sharedAddress(smem);
    const std::uint32_t base = (raw + kSwizzleAlign - 1) & ~std::uint32_t(kSwizzleAlign - 1);
    const Ring ring{base, sharedAddress(&barriers[0]), sharedAddress(&barriers[kStages]),
                    smem + (base - raw)};
    PipelineRecorder<kRecord> pipe(trace, pipeline, ring.stepRecords());
    const int warpgroup = int(threadIdx.x) / 128, t = int(threadIdx.x) % 128;
    std::uint32_t rank = 0;
    if constexpr (kCluster > 1) rank = clusterRank();
    const Walk<kPersistent, kCluster> walk(n, rank);
    const int phases = (n + kBk - 1) / kBk;

    if (threadIdx.x == 0) {
        for (int s = 0; s < kStages; ++s) {
            mbarrierInit(ring.fullBar(s), 1);
            mbarrierInit(ring.emptyBar(s), emptyArrivals(kCluster));
        }
        fenceBarrierInit();
        prefetchTensorMap(&mapA);
        prefetchTensorMap(&mapB);
    }
    pipe.clear(int(threadIdx.x), int(blockDim.x));
    // The barriers ready before any block of the cluster arrives on them.
    if constexpr (kCluster > 1)
        clusterSync();
    else
        __syncthreads();

    if constexpr (kProducer) {
        if (warpgroup == 0) {
            releaseRegisters<kProducerRegisters>();
            if (threadIdx.x == 0) {
                std::uint32_t step = 0;
                for (int u = walk.first; u < walk.count; u += walk.stride) {
                    const TileAt tile = walk.tile(u);
                    for (int kt = 0; kt < phases; ++kt, ++step)
                        produceStep<kCluster>(ring, &mapA, &mapB, step, tile, kt, rank, rec, pipe);
                }
            }
            // Warp 0 whole again before the aligned barriers below.
            __syncwarp();
        } else {
            claimRegisters<kConsumerRegisters>();
            const int group = warpgroup - 1;  // the producer is warpgroup 0
            std::uint32_t step = 0;
            float acc[kAccumulators];
            for (int u = walk.first; u < walk.count; u += walk.stride) {
                for (int v = 0; v < kAccumulators; ++v) acc[v] = 0.0f;
                // A tile's last stage is released before its C is stored,
                // so the next tile's first step has nothing to release.
                for (int kt = 0; kt < phases; ++kt, ++step)
                    consumeStep<kCluster, true>(ring, step, group, t, acc, pipe, kt > 0);
                finishConsuming<kCluster>(ring, step - 1, group, t, pipe);
                storeTile(ring, c, n, walk.tile(u), group, t, acc);
            }
        }
    } else {
        // No producer warpgroup: thread 0 fills the ring, then refills each
        // stage after both warpgroups have released it.
        const TileAt tile = walk.tile(walk.first);
        if (threadIdx.x == 0)
            for (int kt = 0; kt < phases && kt < kStages; ++kt)
                produceStep<kCluster>(ring, &mapA, &mapB, std::uint32_t(kt), tile, kt, rank, rec,
                                      pipe);
        float acc[kAccumulators];
        for (int v = 0; v < kAccumulators; ++v) acc[v] = 0.0f;
        for (int kt = 0; kt < phases; ++kt) {
            consumeStep<kCluster, false>(ring, std::uint32_t(kt), warpgroup, t, acc, pipe);
            if (threadIdx.x == 0 && kt + kStages < phases)
                produceStep<kCluster>(ring, &mapA, &mapB, std::uint32_t(kt + kStages), tile,
                                      kt + kStages, rank, rec, pipe);
            __syncwarp();
        }
        storeTile(ring, c, n, tile, warpgroup, t, acc);
    }
    rec.finish();  // a barrier: every step recorded
    pipe.flush(int(threadIdx.x), int(blockDim.x));
    // No block leaves while another may still arrive on its barriers or
    // multicast into its stages.
    if constexpr (kCluster > 1) clusterSync();
}

template <bool kProducer, bool kPersistent, int kCluster, typename Out>
TensorCoreKernels kernelsFor(const char* name) {
    TensorCoreKernels k;
    k.name = name;
    k.plain = reinterpret_cast<const void*>(&tcTma<kProducer, kPersistent, kCluster, false, Out>);
    k.recorded = reinterpret_cast<const void*>(&tcTma<kProducer, kPersistent, kCluster, true, Out>);
    k.dynamicShared = std::uint32_t(kSharedBytes);
    k.recordedDynamicShared = std::uint32_t(kSharedBytes + kStepRecordBytes);
    k.tma = true;
    k.persistent = kPersistent;
    k.cluster = kCluster;
    return k;
}

template <typename Out>
Result<TensorCoreKernels> kernelsOf(TensorCoreVariant v) {
    switch (v) {
        case TensorCoreVariant::WgmmaTma:
            return kernelsFor<false, false, 1, Out>("tcWgmmaTma");
        case TensorCoreVariant::WarpSpecialized:
            return kernelsFor<true, false, 1, Out>("tcWarpSpecialized");
        case TensorCoreVariant::Persistent:
            return kernelsFor<true, true, 1, Out>("tcPersistent");
        case TensorCoreVariant::Clusters:
            return kernelsFor<true, true, 2, Out>("tcClusters");
        default:
            break;
    }
    return makeError(std::string("variant ") + tensorCoreVariantInfo(v).id + " is no TMA rung");
}

}  // namespace

Result<TensorCoreKernels> tmaKernels(TensorCoreVariant variant, TensorCoreOutput output) {
    if (output == TensorCoreOutput::F32) return kernelsOf<float>(variant);
    return kernelsOf<__nv_bfloat16>(variant);
}

}  // namespace ws::tensorcore
