// The ladder from the seed's kernels towards cuBLAS, one idea per step (the
// steps of Boehm's SGEMM worklog, with every load and store bounds-checked
// so any n works): coalesced, shared-tiling, blocktile-1d, blocktile-2d,
// vectorized. Blocks are 1D; blockIdx.x picks the column tile, blockIdx.y
// the row tile. Shared tiles live in one buffer, A's first, so the offsets
// a traced warp records are the ones core/matmul/matmul_shared_reads.cpp models.
#include <cuda_runtime.h>

#include "kernels/matmul/matmul_kernels.h"

namespace ws::matmul {

namespace {

__device__ __forceinline__ float loadOrZero(const float* m, int n, int row, int col) {
    return row < n && col < n ? m[row * n + col] : 0.0f;
}

// A warp's 32 threads take 32 neighbouring columns of one row: the loads of
// B coalesce into 128 bytes and the load of A is one broadcast.
template <bool kRecord>
__global__ void __launch_bounds__(1024) mmCoalesced(const float* a, const float* b, float* c, int n,
                                                    const __grid_constant__ MatmulTrace trace) {
    Recorder<kRecord> rec(trace);
    const int row = blockIdx.y * 32 + threadIdx.x / 32;
    const int col = blockIdx.x * 32 + threadIdx.x % 32;
    if (row < n && col < n) {
        float s = 0.0f;
        for (int k = 0; k < n; ++k) s += a[row * n + k] * b[k * n + col];
        c[row * n + col] = s;
    }
    rec.finish();
}

// 32 x 32 tiles of A and B in shared memory: each element loaded from global
// memory once per block serves 32 threads.
template <bool kRecord>
__global__ void __launch_bounds__(1024)
    mmSharedTiling(const float* a, const float* b, float* c, int n,
                   const __grid_constant__ MatmulTrace trace) {
    Recorder<kRecord> rec(trace);
    __shared__ __align__(128) float smem[2 * 32 * 32];
    float* As = smem;
    float* Bs = smem + 32 * 32;
    const int tr = threadIdx.x / 32, tc = threadIdx.x % 32;
    const int rowBase = blockIdx.y * 32, colBase = blockIdx.x * 32;
    float s = 0.0f;
    for (int k0 = 0, phase = 0; k0 < n; k0 += 32, ++phase) {
        rec.phase(phase, rowBase, k0, k0, colBase);
        As[tr * 32 + tc] = loadOrZero(a, n, rowBase + tr, k0 + tc);
        Bs[tr * 32 + tc] = loadOrZero(b, n, k0 + tr, colBase + tc);
        __syncthreads();
        if (phase == 0 && rec.tracesWarp())
            for (int k = 0; k < int(kMatmulTracedKSteps); ++k) {
                rec.sharedRead(&As[tr * 32 + k], smem);
                rec.sharedRead(&Bs[k * 32 + tc], smem);
            }
        for (int k = 0; k < 32; ++k) s += As[tr * 32 + k] * Bs[k * 32 + tc];
        __syncthreads();
    }
    if (rowBase + tr < n && colBase + tc < n) c[(rowBase + tr) * n + colBase + tc] = s;
    rec.finish();
}

// 64 x 64 tiles, k-step 8; each of the 512 threads computes 8 entries down a
// column, so one value of B read from shared memory serves 8 products.
// The replay of the traced warp's reads stays a loop: unrolled, its 18 timed
// reads took the recording build from 53 to 94 registers, one block per SM
// instead of two, and +35 % (rolled: 60 registers, no spill). Asking
// ptxas for two blocks per SM made it spill in both builds.
template <bool kRecord>
__global__ void __launch_bounds__(512)
    mmBlocktile1d(const float* a, const float* b, float* c, int n,
                  const __grid_constant__ MatmulTrace trace) {
    constexpr int BM = 64, BN = 64, BK = 8, TM = 8;
    Recorder<kRecord> rec(trace);
    __shared__ __align__(128) float smem[BM * BK + BK * BN];
    float* As = smem;            // BM x BK, row-major
    float* Bs = smem + BM * BK;  // BK x BN
    const int t = threadIdx.x;
    const int threadCol = t % BN, threadRow = t / BN;
    const int rowBase = blockIdx.y * BM, colBase = blockIdx.x * BN;
    float acc[TM] = {};
    for (int k0 = 0, phase = 0; k0 < n; k0 += BK, ++phase) {
        rec.phase(phase, rowBase, k0, k0, colBase);
        As[(t / BK) * BK + t % BK] = loadOrZero(a, n, rowBase + t / BK, k0 + t % BK);
        Bs[(t / BN) * BN + t % BN] = loadOrZero(b, n, k0 + t / BN, colBase + t % BN);
        __syncthreads();
        if (phase == 0 && rec.tracesWarp())
#pragma unroll 1
            for (int k = 0; k < int(kMatmulTracedKSteps); ++k) {
                rec.sharedRead(&Bs[k * BN + threadCol], smem);
#pragma unroll 1
                for (int r = 0; r < TM; ++r)
                    rec.sharedRead(&As[(threadRow * TM + r) * BK + k], smem);
            }
#pragma unroll
        for (int dot = 0; dot < BK; ++dot) {
            const float tmpB = Bs[dot * BN + threadCol];
#pragma unroll
            for (int r = 0; r < TM; ++r) acc[r] += As[(threadRow * TM + r) * BK + dot] * tmpB;
        }
        __syncthreads();
    }
    const int col = colBase + threadCol;
#pragma unroll
    for (int r = 0; r < TM; ++r) {
        const int row = rowBase + threadRow * TM + r;
        if (row < n && col < n) c[row * n + col] = acc[r];
    }
    rec.finish();
}

// 128 x 128 tiles, k-step 8; each of the 256 threads computes an 8 x 8 tile of
// C from 8 values of A and 8 of B held in registers: 64 products per 16 reads.
template <bool kRecord>
__global__ void __launch_bounds__(256)
    mmBlocktile2d(const float* a, const float* b, float* c, int n,
                  const __grid_constant__ MatmulTrace trace) {
    constexpr int BM = 128, BN = 128, BK = 8, TM = 8, TN = 8, THREADS = 256;
    Recorder<kRecord> rec(trace);
    __shared__ __align__(128) float smem[BM * BK + BK * BN];
    float* As = smem;            // BM x BK, row-major
    float* Bs = smem + BM * BK;  // BK x BN
    const int t = threadIdx.x;
    const int threadCol = t % (BN / TN), threadRow = t / (BN / TN);
    const int rowBase = blockIdx.y * BM, colBase = blockIdx.x * BN;
    float acc[TM][TN] = {};
    float regM[TM], regN[TN];
    for (int k0 = 0, phase = 0; k0 < n; k0 += BK, ++phase) {
        rec.phase(phase, rowBase, k0, k0, colBase);
#pragma unroll
        for (int l = t; l < BM * BK; l += THREADS)
            As[(l / BK) * BK + l % BK] = loadOrZero(a, n, rowBase + l / BK, k0 + l % BK);
#pragma unroll
        for (int l = t; l < BK * BN; l += THREADS)
            Bs[(l / BN) * BN + l % BN] = loadOrZero(b, n, k0 + l / BN, colBase + l % BN);
        __syncthreads();
        if (phase == 0 && rec.tracesWarp())
            for (int k = 0; k < int(kMatmulTracedKSteps); ++k) {
                for (int i = 0; i < TM; ++i)
                    rec.sharedRead(&As[(threadRow * TM + i) * BK + k], smem);
                for (int i = 0; i < TN; ++i) rec.sharedRead(&Bs[k * BN + threadCol * TN + i], smem);
            }
#pragma unroll
        for (int dot = 0; dot < BK; ++dot) {
#pragma unroll
            for (int i = 0; i < TM; ++i) regM[i] = As[(threadRow * TM + i) * BK + dot];
#pragma unroll
            for (int i = 0; i < TN; ++i) regN[i] = Bs[dot * BN + threadCol * TN + i];
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) {
            const int row = rowBase + threadRow * TM + i, col = colBase + threadCol * TN + j;
            if (row < n && col < n) c[row * n + col] = acc[i][j];
        }
    rec.finish();
}

// As blocktile-2d, with float4 everywhere it fits: one 16-byte global load
// per thread per tile of A and of B, the A tile stored transposed (As[k][m])
// so that 4 values of A for one k are one float4 in shared memory too. The
// float4 global loads need the whole tile inside and 16-byte aligned rows (n
// a multiple of 4); other tiles take the same elements one by one.
template <bool kRecord>
__global__ void __launch_bounds__(256) mmVectorized(const float* a, const float* b, float* c, int n,
                                                    const __grid_constant__ MatmulTrace trace) {
    constexpr int BM = 128, BN = 128, BK = 8, TM = 8, TN = 8;
    Recorder<kRecord> rec(trace);
    __shared__ __align__(128) float smem[BK * BM + BK * BN];
    float* As = smem;            // BK x BM: transposed
    float* Bs = smem + BK * BM;  // BK x BN
    const int t = threadIdx.x;
    const int threadCol = t % (BN / TN), threadRow = t / (BN / TN);
    const int rowBase = blockIdx.y * BM, colBase = blockIdx.x * BN;
    const int rowA = t / (BK / 4), colA = t % (BK / 4) * 4;  // a float4 of A's tile
    const int rowB = t / (BN / 4), colB = t % (BN / 4) * 4;  // a float4 of B's tile
    const bool interior = n % 4 == 0 && rowBase + BM <= n && colBase + BN <= n;
    float acc[TM][TN] = {};
    for (int k0 = 0, phase = 0; k0 < n; k0 += BK, ++phase) {
        rec.phase(phase, rowBase, k0, k0, colBase);
        float4 va, vb;
        if (interior && k0 + BK <= n) {
            va = *reinterpret_cast<const float4*>(&a[(rowBase + rowA) * n + k0 + colA]);
            vb = *reinterpret_cast<const float4*>(&b[(k0 + rowB) * n + colBase + colB]);
        } else {
            const int ra = rowBase + rowA, ca = k0 + colA, rb = k0 + rowB, cb = colBase + colB;
            va = make_float4(loadOrZero(a, n, ra, ca), loadOrZero(a, n, ra, ca + 1),
                             loadOrZero(a, n, ra, ca + 2), loadOrZero(a, n, ra, ca + 3));
            vb = make_float4(loadOrZero(b, n, rb, cb), loadOrZero(b, n, rb, cb + 1),
                             loadOrZero(b, n, rb, cb + 2), loadOrZero(b, n, rb, cb + 3));
        }
        As[(colA + 0) * BM + rowA] = va.x;
        As[(colA + 1) * BM + rowA] = va.y;
        As[(colA + 2) * BM + rowA] = va.z;
        As[(colA + 3) * BM + rowA] = va.w;
        *reinterpret_cast<float4*>(&Bs[rowB * BN + colB]) = vb;
        __syncthreads();
        if (phase == 0 && rec.tracesWarp())
            for (int k = 0; k < int(kMatmulTracedKSteps); ++k) {
                for (int i = 0; i < TM; i += 4)
                    rec.sharedRead(
                        reinterpret_cast<const float4*>(&As[k * BM + threadRow * TM + i]), smem);
                for (int i = 0; i < TN; i += 4)
                    rec.sharedRead(
                        reinterpret_cast<const float4*>(&Bs[k * BN + threadCol * TN + i]), smem);
            }
#pragma unroll
        for (int dot = 0; dot < BK; ++dot) {
            float regM[TM], regN[TN];
#pragma unroll
            for (int i = 0; i < TM; i += 4) {
                const float4 v =
                    *reinterpret_cast<const float4*>(&As[dot * BM + threadRow * TM + i]);
                regM[i] = v.x, regM[i + 1] = v.y, regM[i + 2] = v.z, regM[i + 3] = v.w;
            }
#pragma unroll
            for (int i = 0; i < TN; i += 4) {
                const float4 v =
                    *reinterpret_cast<const float4*>(&Bs[dot * BN + threadCol * TN + i]);
                regN[i] = v.x, regN[i + 1] = v.y, regN[i + 2] = v.z, regN[i + 3] = v.w;
            }
#pragma unroll
            for (int i = 0; i < TM; ++i)
#pragma unroll
                for (int j = 0; j < TN; ++j) acc[i][j] += regM[i] * regN[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int row = rowBase + threadRow * TM + i;
#pragma unroll
        for (int j = 0; j < TN; j += 4) {
            const int col = colBase + threadCol * TN + j;
            if (interior) {
                *reinterpret_cast<float4*>(&c[row * n + col]) =
                    make_float4(acc[i][j], acc[i][j + 1], acc[i][j + 2], acc[i][j + 3]);
            } else {
#pragma unroll
                for (int q = 0; q < 4; ++q)
                    if (row < n && col + q < n) c[row * n + col + q] = acc[i][j + q];
            }
        }
    }
    rec.finish();
}

}  // namespace

Result<KernelPair> ladderKernels(MatmulVariant v) {
    using V = MatmulVariant;
    switch (v) {
        case V::Coalesced:
            return KernelPair{"mmCoalesced", mmCoalesced<false>, mmCoalesced<true>};
        case V::SharedTiling:
            return KernelPair{"mmSharedTiling 32x32", mmSharedTiling<false>, mmSharedTiling<true>};
        case V::Blocktile1d:
            return KernelPair{"mmBlocktile1d 64x64x8, 8 per thread", mmBlocktile1d<false>,
                              mmBlocktile1d<true>};
        case V::Blocktile2d:
            return KernelPair{"mmBlocktile2d 128x128x8, 8x8 per thread", mmBlocktile2d<false>,
                              mmBlocktile2d<true>};
        case V::Vectorized:
            return KernelPair{"mmVectorized 128x128x8, float4", mmVectorized<false>,
                              mmVectorized<true>};
        default:
            return makeError(std::string(matmulVariantInfo(v).id) + " is not a ladder kernel");
    }
}

}  // namespace ws::matmul
