// wmma: the tensor cores through the portable WMMA API (nvcuda::wmma), the
// first rung of the BF16 ladder. A block of 8 warps computes a 128 x 128
// tile of C in k-phases of 32: every thread copies two 16-byte chunks of A's
// 128 x 32 tile and two of B's 32 x 128 tile into shared memory, a barrier,
// then each warp multiplies its 64 x 32 part (4 x 2 accumulator fragments
// of 16 x 16) with two 16-deep steps of BF16 fragments, a barrier. Each row
// of the shared tiles is padded by 8 BF16 (16 bytes): A's rows are 80 bytes
// apart and B's 272, so the eight 16-byte rows a fragment load reads at
// once fall in eight different groups of four banks. No overlap of loads
// with arithmetic: that is the next rung's business.
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <mma.h>

#include "kernels/matmul/matmul_trace.h"
#include "kernels/tensorcore/tensorcore_kernels.h"

namespace ws::tensorcore {

namespace {

using matmul::MatmulTrace;
using matmul::Recorder;
namespace wmma = nvcuda::wmma;

constexpr int kBm = 128, kBn = 128, kBk = 32;
constexpr int kThreads = 256;
constexpr int kLda = kBk + 8;  // BF16 per row of the A tile (80 bytes)
constexpr int kLdb = kBn + 8;  // BF16 per row of the B tile (272 bytes)
constexpr int kWarpM = 64, kWarpN = 32;
constexpr int kFragsM = kWarpM / 16, kFragsN = kWarpN / 16;
constexpr int kSharedElements = kBm * kLda + kBk * kLdb;
static_assert(kBm == int(kTensorCoreTileM) && kBn == int(kTensorCoreTileN) &&
                  kBk == int(kTensorCoreTileK) && kThreads == int(kTensorCoreThreads) &&
                  kSharedElements * 2 == int(kWmmaSharedBytes),
              "the tiling core/tensorcore/tensorcore_variants.h describes");
static_assert((kBm / kWarpM) * (kBn / kWarpN) * 32 == kThreads);
static_assert(kBm * kBk / 8 == 2 * kThreads && kBk * kBn / 8 == 2 * kThreads);
// The epilogue's per-warp 16 x 16 FP32 scratch fits in the tiles' space.
static_assert(kThreads / 32 * 256 * 4 <= kSharedElements * 2);

// 8 consecutive BF16 of a row, or zeros where the chunk lies outside the
// matrix (n is a multiple of 8: a chunk is wholly inside or wholly outside).
__device__ __forceinline__ uint4 chunkOrZero(const __nv_bfloat16* m, int n, int row, int col) {
    if (row < n && col < n) return *reinterpret_cast<const uint4*>(m + std::size_t(row) * n + col);
    return make_uint4(0, 0, 0, 0);
}

// 8 consecutive FP32 results of a row of C, from the warp's scratch.
__device__ __forceinline__ void storeEight(float* c, const float* v) {
    reinterpret_cast<float4*>(c)[0] = make_float4(v[0], v[1], v[2], v[3]);
    reinterpret_cast<float4*>(c)[1] = make_float4(v[4], v[5], v[6], v[7]);
}

__device__ __forceinline__ void storeEight(__nv_bfloat16* c, const float* v) {
    uint4 packed;
    __nv_bfloat162* pairs = reinterpret_cast<__nv_bfloat162*>(&packed);
    for (int i = 0; i < 4; ++i) pairs[i] = __floats2bfloat162_rn(v[2 * i], v[2 * i + 1]);
    *reinterpret_cast<uint4*>(c) = packed;
}

template <bool kRecord, typename Out>
__global__ void __launch_bounds__(kThreads)
    tcWmma(const __nv_bfloat16* a, const __nv_bfloat16* b, Out* c, int n,
           const __grid_constant__ MatmulTrace trace) {
    Recorder<kRecord> rec(trace);
    __shared__ __align__(128) __nv_bfloat16 smem[kSharedElements];
    __nv_bfloat16* As = smem;               // 128 x 32, row stride kLda
    __nv_bfloat16* Bs = smem + kBm * kLda;  // 32 x 128, row stride kLdb
    const int tid = threadIdx.x, warp = tid / 32, lane = tid % 32;
    const int rowBase = blockIdx.y * kBm, colBase = blockIdx.x * kBn;
    const int warpRow = (warp % (kBm / kWarpM)) * kWarpM;
    const int warpCol = (warp / (kBm / kWarpM)) * kWarpN;

    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[kFragsM][kFragsN];
    for (int i = 0; i < kFragsM; ++i)
        for (int j = 0; j < kFragsN; ++j) wmma::fill_fragment(acc[i][j], 0.0f);

    for (int k0 = 0, phase = 0; k0 < n; k0 += kBk, ++phase) {
        rec.phase(phase, rowBase, k0, k0, colBase);
        for (int i = 0; i < 2; ++i) {
            const int chunk = tid + i * kThreads;
            const int r = chunk / (kBk / 8), ca = chunk % (kBk / 8);  // A: 4 chunks a row
            *reinterpret_cast<uint4*>(&As[r * kLda + ca * 8]) =
                chunkOrZero(a, n, rowBase + r, k0 + ca * 8);
            const int k = chunk / (kBn / 8), cb = chunk % (kBn / 8);  // B: 16 chunks a row
            *reinterpret_cast<uint4*>(&Bs[k * kLdb + cb * 8]) =
                chunkOrZero(b, n, k0 + k, colBase + cb * 8);
        }
        __syncthreads();
        for (int kk = 0; kk < kBk; kk += 16) {
            wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> af[kFragsM];
            wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> bf[kFragsN];
            for (int i = 0; i < kFragsM; ++i)
                wmma::load_matrix_sync(af[i], As + (warpRow + i * 16) * kLda + kk, kLda);
            for (int j = 0; j < kFragsN; ++j)
                wmma::load_matrix_sync(bf[j], Bs + kk * kLdb + warpCol + j * 16, kLdb);
            for (int i = 0; i < kFragsM; ++i)
                for (int j = 0; j < kFragsN; ++j)
                    wmma::mma_sync(acc[i][j], af[i], bf[j], acc[i][j]);
        }
        __syncthreads();  // the tiles are read before the next phase overwrites them
    }

    // Each fragment through the warp's 16 x 16 scratch (the tiles' space, free
    // after the last barrier): its element order is opaque, so lanes write C
    // from the scratch, two lanes a row, 8 entries each, bounds checked.
    float* scratch = reinterpret_cast<float*>(smem) + warp * 256;
    const int r = lane / 2, cc = (lane % 2) * 8;
    for (int i = 0; i < kFragsM; ++i)
        for (int j = 0; j < kFragsN; ++j) {
            wmma::store_matrix_sync(scratch, acc[i][j], 16, wmma::mem_row_major);
            __syncwarp();
            const int row = rowBase + warpRow + i * 16 + r;
            const int col = colBase + warpCol + j * 16 + cc;
            if (row < n && col < n)
                storeEight(c + std::size_t(row) * n + col, scratch + r * 16 + cc);
            __syncwarp();  // read before the next fragment's store overwrites it
        }
    rec.finish();
}

template <typename Out>
TensorCoreKernels kernelsFor() {
    return {"tcWmma", reinterpret_cast<const void*>(&tcWmma<false, Out>),
            reinterpret_cast<const void*>(&tcWmma<true, Out>), 0};
}

}  // namespace

Result<TensorCoreKernels> wmmaKernels(TensorCoreOutput output) {
    switch (output) {
        case TensorCoreOutput::F32:
            return kernelsFor<float>();
        case TensorCoreOutput::Bf16:
            return kernelsFor<__nv_bfloat16>();
    }
    return makeError("wmma: unknown output type");
}

}  // namespace ws::tensorcore
