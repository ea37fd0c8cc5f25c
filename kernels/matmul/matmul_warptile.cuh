#pragma once
// The warp-tiled SGEMM, C = A * B for n x n row-major floats, as a template
// over its tile sizes so the benchmark can time several configurations in
// one run (core/matmul/matmul_variants.h, WarptileConfig, says what each one means).
//
// A block of THREADS threads owns a BM x BN tile of C and walks k in steps
// of BK. Per step, every thread loads BM*BK/4/THREADS float4 of A and
// BK*BN/4/THREADS of B from global memory (rows of A and of B: sectors fully
// used) and stores them to shared memory, A transposed into As[k][m] (rows
// padded by 4 floats so the transposing stores do not conflict) and B as it
// is. Warps own WM x WN sub-tiles; a thread computes TM x TN entries as
// (TM/4) x (TN/4) groups of 4 x 4 spread WM/(TM/4) rows and WN/(TN/4)
// columns apart, its lanes laid out lanesM x lanesN inside a group. Reading
// its fragments for one k, a quarter-warp then takes 8 consecutive float4 of
// As (128 bytes, one pass, no conflict) and one float4 of Bs that its 8
// lanes share (a broadcast): TM/4 + TN/4 shared loads feed TM*TN FMAs.
//
// STAGES = 2 keeps two copies of the tiles: the next step's global loads are
// issued into registers before this step's FMAs and stored after them, so
// their latency hides behind the arithmetic and one barrier per step
// suffices. Not cp.async: it copies 4 to 16 bytes from global to shared
// memory as they lie, and the A tile is stored transposed for its
// conflict-free float4 fragment reads; 16-byte copies cannot transpose it
// and 4-byte ones take four instructions per float4. Staging through
// registers keeps the transposing store and hides the same latency; the
// benchmark's sweep measures whether the second stage pays on the device. Tiles reaching past the
// matrix (and rows not 16-byte aligned, n % 4 != 0) are loaded element by element with zeros
// outside; the choice is the same for the whole block, so warps do not diverge.
#include <cuda_runtime.h>

#include <type_traits>

#include "core/matmul/matmul_variants.h"
#include "kernels/matmul/matmul_trace.h"

namespace ws::matmul {

template <int BM, int BN, int BK, int WM, int WN, int TM, int TN, int STAGES>
struct WarptileShape {
    static constexpr WarptileConfig kConfig{BM, BN, BK, WM, WN, TM, TN, STAGES};
    static_assert(kConfig.valid(), "not a warp-tile configuration a kernel can run");
    static constexpr int kThreads = kConfig.threads();
    static constexpr int kPitchA = BM + kConfig.padA();  // floats per k-row of As
    static constexpr int kLanesM = kConfig.lanesM();
    static constexpr int kGroupsM = TM / 4, kGroupsN = TN / 4;
    static constexpr int kSubM = WM / kGroupsM, kSubN = WN / kGroupsN;  // group spacing
    static constexpr int kChunksA = BM * BK / 4 / kThreads;  // float4 per thread per step
    static constexpr int kChunksB = BK * BN / 4 / kThreads;
    static constexpr int kRowStepA = kThreads / (BK / 4);  // rows between a thread's chunks
    static constexpr int kRowStepB = kThreads / (BN / 4);
    static constexpr int kStageA = BK * kPitchA, kStageB = BK * BN;
    static constexpr int kSharedFloats = kConfig.sharedFloats();
    // 2 blocks per SM fit the register file with 64 accumulators a thread.
    static constexpr int kMinBlocks = TM * TN <= 64 ? 2 : 1;
};

__device__ __forceinline__ float loadOrZeroW(const float* m, int n, int row, int col) {
    return row < n && col < n ? m[std::size_t(row) * n + col] : 0.0f;
}

template <int BM, int BN, int BK, int WM, int WN, int TM, int TN, int STAGES, bool kRecord>
__global__ void __launch_bounds__(WarptileShape<BM, BN, BK, WM, WN, TM, TN, STAGES>::kThreads,
                                  WarptileShape<BM, BN, BK, WM, WN, TM, TN, STAGES>::kMinBlocks)
    mmWarptile(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c,
               int n, const __grid_constant__ MatmulTrace trace) {
    using S = WarptileShape<BM, BN, BK, WM, WN, TM, TN, STAGES>;
    extern __shared__ __align__(
        128) float smem[];  // As[STAGES][BK][kPitchA], then Bs[STAGES][BK][BN]
    float* const As = smem;
    float* const Bs = smem + STAGES * S::kStageA;
    Recorder<kRecord> rec(trace);

    const int t = threadIdx.x, warp = t / 32, lane = t % 32;
    const int warpRow = warp / (BN / WN), warpCol = warp % (BN / WN);
    const int lm = lane % S::kLanesM, ln = lane / S::kLanesM;
    const int rowBase = blockIdx.y * BM, colBase = blockIdx.x * BN;
    // This thread's chunks: A rows aRow0 + i * kRowStepA at k-offset aCol;
    // B rows bRow0 + i * kRowStepB at column offset bCol.
    const int aRow0 = t / (BK / 4), aCol = t % (BK / 4) * 4;
    const int bRow0 = t / (BN / 4), bCol = t % (BN / 4) * 4;
    const bool inside = n % 4 == 0 && rowBase + BM <= n && colBase + BN <= n;
    const int steps = (n + BK - 1) / BK;

    float4 ra[S::kChunksA], rb[S::kChunksB];
    // Whole-tile float4 loads through pointers that step along k; the guarded
    // loads element by element with zeros outside. Each block runs one kind
    // for all its steps (fastBlock), so the fast loop carries no guard code
    // and its registers go to the accumulators.
    const bool fastBlock = inside && n % BK == 0;
    const float* pa = a + std::size_t(rowBase + aRow0) * n + aCol;
    const float* pb = b + std::size_t(bRow0) * n + colBase + bCol;
    const std::size_t strideA = std::size_t(S::kRowStepA) * n,
                      strideB = std::size_t(S::kRowStepB) * n;
    auto fetch = [&](int step, auto guarded) {
        const int k0 = step * BK;
        if constexpr (!decltype(guarded)::value) {
#pragma unroll
            for (int i = 0; i < S::kChunksA; ++i)
                ra[i] = __ldg(reinterpret_cast<const float4*>(pa + k0 + i * strideA));
#pragma unroll
            for (int i = 0; i < S::kChunksB; ++i)
                rb[i] =
                    __ldg(reinterpret_cast<const float4*>(pb + std::size_t(k0) * n + i * strideB));
        } else {
#pragma unroll
            for (int i = 0; i < S::kChunksA; ++i) {
                const int row = rowBase + aRow0 + i * S::kRowStepA, col = k0 + aCol;
                ra[i] =
                    make_float4(loadOrZeroW(a, n, row, col), loadOrZeroW(a, n, row, col + 1),
                                loadOrZeroW(a, n, row, col + 2), loadOrZeroW(a, n, row, col + 3));
            }
#pragma unroll
            for (int i = 0; i < S::kChunksB; ++i) {
                const int row = k0 + bRow0 + i * S::kRowStepB, col = colBase + bCol;
                rb[i] =
                    make_float4(loadOrZeroW(b, n, row, col), loadOrZeroW(b, n, row, col + 1),
                                loadOrZeroW(b, n, row, col + 2), loadOrZeroW(b, n, row, col + 3));
            }
        }
    };
    auto stash = [&](int stage) {
        float* as = As + stage * S::kStageA;
        float* bs = Bs + stage * S::kStageB;
#pragma unroll
        for (int i = 0; i < S::kChunksA; ++i) {
            const int m = aRow0 + i * S::kRowStepA;
            as[(aCol + 0) * S::kPitchA + m] = ra[i].x;
            as[(aCol + 1) * S::kPitchA + m] = ra[i].y;
            as[(aCol + 2) * S::kPitchA + m] = ra[i].z;
            as[(aCol + 3) * S::kPitchA + m] = ra[i].w;
        }
#pragma unroll
        for (int i = 0; i < S::kChunksB; ++i)
            *reinterpret_cast<float4*>(&bs[(bRow0 + i * S::kRowStepB) * BN + bCol]) = rb[i];
    };

    float acc[TM][TN];
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = 0.0f;

    auto compute = [&](int stage) {
        // Fragment bases: constant offsets k * pitch + g * spacing follow.
        const float* aFrag = As + stage * S::kStageA + warpRow * WM + lm * 4;
        const float* bFrag = Bs + stage * S::kStageB + warpCol * WN + ln * 4;
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            float fa[TM], fb[TN];
#pragma unroll
            for (int g = 0; g < S::kGroupsM; ++g) {
                const float4 v =
                    *reinterpret_cast<const float4*>(aFrag + k * S::kPitchA + g * S::kSubM);
                fa[4 * g] = v.x, fa[4 * g + 1] = v.y, fa[4 * g + 2] = v.z, fa[4 * g + 3] = v.w;
            }
#pragma unroll
            for (int g = 0; g < S::kGroupsN; ++g) {
                const float4 v = *reinterpret_cast<const float4*>(bFrag + k * BN + g * S::kSubN);
                fb[4 * g] = v.x, fb[4 * g + 1] = v.y, fb[4 * g + 2] = v.z, fb[4 * g + 3] = v.w;
            }
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(fa[i], fb[j], acc[i][j]);
        }
    };
    // The traced warp's fragment reads of the first k-steps, the same
    // expressions as compute(), each timed on its own.
    auto replay = [&](int stage) {
        const float* aFrag = As + stage * S::kStageA + warpRow * WM + lm * 4;
        const float* bFrag = Bs + stage * S::kStageB + warpCol * WN + ln * 4;
        for (int k = 0; k < int(kMatmulTracedKSteps) && k < BK; ++k) {
            for (int g = 0; g < S::kGroupsM; ++g)
                rec.sharedRead(
                    reinterpret_cast<const float4*>(aFrag + k * S::kPitchA + g * S::kSubM), smem);
            for (int g = 0; g < S::kGroupsN; ++g)
                rec.sharedRead(reinterpret_cast<const float4*>(bFrag + k * BN + g * S::kSubN),
                               smem);
        }
    };

    auto mainLoop = [&](auto guarded) {
        if constexpr (STAGES == 1) {
            for (int step = 0; step < steps; ++step) {
                rec.phase(step, rowBase, step * BK, step * BK, colBase);
                fetch(step, guarded);
                stash(0);
                __syncthreads();
                if (step == 0 && rec.tracesWarp()) replay(0);
                compute(0);
                __syncthreads();
            }
        } else {
            fetch(0, guarded);
            stash(0);
            __syncthreads();
            for (int step = 0; step < steps; ++step) {
                rec.phase(step, rowBase, step * BK, step * BK, colBase);
                const bool more = step + 1 < steps;
                if (more) fetch(step + 1, guarded);  // in flight during the FMAs below
                if (step == 0 && rec.tracesWarp()) replay(0);
                compute(step & 1);
                // The other stage was last read in step - 1, before the barrier
                // that ended it: writing it now races with no one.
                if (more) stash((step + 1) & 1);
                __syncthreads();
            }
        }
    };
    if (fastBlock)
        mainLoop(std::false_type{});
    else
        mainLoop(std::true_type{});

#pragma unroll
    for (int gi = 0; gi < S::kGroupsM; ++gi)
#pragma unroll
        for (int r = 0; r < 4; ++r) {
            const int row = rowBase + warpRow * WM + gi * S::kSubM + lm * 4 + r;
#pragma unroll
            for (int gj = 0; gj < S::kGroupsN; ++gj) {
                const int col = colBase + warpCol * WN + gj * S::kSubN + ln * 4;
                const float* v = &acc[4 * gi + r][4 * gj];
                if (inside) {
                    *reinterpret_cast<float4*>(&c[std::size_t(row) * n + col]) =
                        make_float4(v[0], v[1], v[2], v[3]);
                } else {
#pragma unroll
                    for (int q = 0; q < 4; ++q)
                        if (row < n && col + q < n) c[std::size_t(row) * n + col + q] = v[q];
                }
            }
        }
    rec.finish();
}

}  // namespace ws::matmul
