// wgmma: Hopper's warpgroup MMA. Four warps (a warpgroup, 128 threads)
// issue one wgmma.mma_async.m64n128k16 together: the tensor cores read both
// operands from shared memory themselves, through 64-bit matrix
// descriptors, and accumulate a 64 x 128 FP32 tile held 64 registers a
// thread; no ldmatrix, no fragments in registers. The instruction is
// asynchronous: wgmma.fence before it (the accumulators were touched),
// wgmma.commit_group to close the batch, wgmma.wait_group to see it done.
// A block of two warpgroups computes a 128 x 128 tile of C in k-phases of
// 64 (four wgmma a warpgroup a phase); the tiles arrive by cp.async, as in
// mma-sync, in three stages of 32 KiB, in the 128-byte swizzle the
// descriptors name (tensorcore_wgmma_layout.h: the layout, the
// descriptors and the accumulators' places, checked on the host). Writes
// by cp.async belong to the generic proxy and wgmma reads through the async
// proxy, so every thread fences the proxies (fence.proxy.async) after its
// copies land and before the barrier that lets the wgmma read them. Each
// phase waits for its own wgmma before the next barrier, so the stage the
// next copies refill is no longer read; two blocks share an SM (96 KiB of
// stages each), and one's copies and barriers overlap the other's MMA.
//
// sm_90a only: this file is built for that architecture alone
// (kernels/tensorcore/CMakeLists.txt), and the launcher refuses any device
// that is not compute capability 9.0.
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include "kernels/matmul/matmul_trace.h"
#include "kernels/tensorcore/tensorcore_epilogue.cuh"
#include "kernels/tensorcore/tensorcore_kernels.h"
#include "kernels/tensorcore/tensorcore_ptx.cuh"
#include "kernels/tensorcore/tensorcore_wgmma_layout.h"
#include "kernels/tensorcore/tensorcore_wgmma_ptx.cuh"

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "tensorcore_wgmma.cu needs sm_90a (wgmma.mma_async): build it for 90a only"
#endif

namespace ws::tensorcore {

namespace {

using matmul::MatmulTrace;
using matmul::Recorder;
using namespace wgmma;

static_assert(kBm == int(kTensorCoreTileM) && kBn == int(kTensorCoreTileN) &&
                  kBk == int(kWgmmaTileK) && kThreads == int(kTensorCoreThreads) &&
                  kStages == int(kWgmmaStages) && kSharedBytes == int(kWgmmaSharedBytes),
              "the tiling core/tensorcore/tensorcore_variants.h describes");

// Orders this thread's generic-proxy writes of shared memory (its cp.async
// copies, waited for) before later async-proxy reads (wgmma) of them.
__device__ __forceinline__ void fenceProxyAsyncShared() {
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
}

// Every thread copies kCopies 16-byte chunks of A's tile and as many of
// B's for phase `kt` into the stage at shared address `aTile`; chunks
// outside the matrices are zeros (n is a multiple of 8: a chunk is wholly
// inside or wholly outside).
__device__ __forceinline__ void loadStage(std::uint32_t aTile, const __nv_bfloat16* a,
                                          const __nv_bfloat16* b, int n, int rowBase, int colBase,
                                          int kt) {
    const int k0 = kt * kBk;
    const std::uint32_t bTile = aTile + kStageABytes;
    const int t = int(threadIdx.x);
    for (int i = 0; i < kCopies; ++i) {
        const TileChunk ca = aChunkOf(t, i);
        const int row = rowBase + ca.row, ka = k0 + ca.chunk * 8;
        const bool aInside = row < n && ka < n;
        cpAsync16(aTile + aTileOffset(ca.row, ca.chunk),
                  aInside ? a + std::size_t(row) * n + ka : a, aInside);
        const TileChunk cb = bChunkOf(t, i);
        const int kb = k0 + cb.row, col = colBase + cb.chunk * 8;
        const bool bInside = kb < n && col < n;
        cpAsync16(bTile + bTileOffset(cb.row, cb.chunk),
                  bInside ? b + std::size_t(kb) * n + col : b, bInside);
    }
}

template <bool kRecord, typename Out>
__global__ void __launch_bounds__(kThreads, 2)
    tcWgmma(const __nv_bfloat16* a, const __nv_bfloat16* b, Out* c, int n,
            const __grid_constant__ MatmulTrace trace) {
    Recorder<kRecord> rec(trace);
    extern __shared__ __align__(128) unsigned char smem[];
    // The stages on a 1024-byte boundary, where the swizzle pattern starts
    // (base offset 0 in every descriptor); kSharedBytes holds the slack.
    const std::uint32_t raw = sharedAddress(smem);
    const std::uint32_t base = (raw + kSwizzleAlign - 1) & ~std::uint32_t(kSwizzleAlign - 1);
    const int group = int(threadIdx.x) / 128, t = int(threadIdx.x) % 128;
    const int rowBase = int(blockIdx.y) * kBm, colBase = int(blockIdx.x) * kBn;
    const int phases = (n + kBk - 1) / kBk;

    float acc[kAccumulators];
    for (int v = 0; v < kAccumulators; ++v) acc[v] = 0.0f;

    // The first kStages - 1 phases on their way; a group is committed for
    // every phase, empty past the last, so that waiting for all but the
    // newest kStages - 2 groups always means "phase kt has arrived".
    for (int s = 0; s < kStages - 1; ++s) {
        if (s < phases) loadStage(base + s * kStageBytes, a, b, n, rowBase, colBase, s);
        cpAsyncCommit();
    }

    for (int kt = 0; kt < phases; ++kt) {
        cpAsyncWait<kStages - 2>();
        fenceProxyAsyncShared();
        // Phase kt is in shared memory for every thread and visible to the
        // async proxy; both warpgroups have waited for their wgmma of phase
        // kt - 1, whose stage the copies below refill.
        __syncthreads();
        rec.phase(kt, rowBase, kt * kBk, kt * kBk, colBase);
        const int next = kt + kStages - 1;
        if (next < phases)
            loadStage(base + (next % kStages) * kStageBytes, a, b, n, rowBase, colBase, next);
        cpAsyncCommit();

        const std::uint32_t aTile = base + (kt % kStages) * kStageBytes;
        wgmmaFence();
        for (int step = 0; step < kBk / 16; ++step)
            wgmmaM64N128K16(acc, aDescriptor(aTile, group, step), bDescriptor(aTile, step));
        wgmmaCommit();
        wgmmaWait<0>();
    }
    cpAsyncWait<0>();  // no copy outlives the block (the ones left are empty groups)

    // The warpgroup's 64 x 128 part of the tile.
    storeWarpgroupTile<false>(c, n, rowBase + group * 64, colBase, t, acc);
    rec.finish();
}

template <typename Out>
TensorCoreKernels kernelsFor() {
    return {"tcWgmma", reinterpret_cast<const void*>(&tcWgmma<false, Out>),
            reinterpret_cast<const void*>(&tcWgmma<true, Out>), std::uint32_t(kSharedBytes)};
}

}  // namespace

Result<TensorCoreKernels> wgmmaKernels(TensorCoreOutput output) {
    switch (output) {
        case TensorCoreOutput::F32:
            return kernelsFor<float>();
        case TensorCoreOutput::Bf16:
            return kernelsFor<__nv_bfloat16>();
    }
    return makeError("wgmma: unknown output type");
}

}  // namespace ws::tensorcore
