// The matrix products of seed 004, as the course prints them (square n):
// matmul, one thread per entry of C, and block_matmul, BLOCK_DIM x BLOCK_DIM
// tiles of A and B staged in shared memory. Both take threadIdx.x as the row,
// so a warp's loads of A walk down a column, n floats apart.
//
// The printed block_matmul steps its loop with `sa += sa` where it means
// `ia += sa`: the A tile never moves, every phase multiplies the first tile
// of the row panel. kBug keeps the printed step (the lesson); without it the
// kernel is corrected. Below one tile (n <= BLOCK_DIM) the two agree.
#include <cuda_runtime.h>

#include "kernels/matmul/matmul_kernels.h"

namespace ws::matmul {

namespace {

template <bool kRecord>
__global__ void mmSeedNaive(const float* a, const float* b, float* c, int n,
                            const __grid_constant__ MatmulTrace trace) {
    Recorder<kRecord> rec(trace);
    const int i = threadIdx.x + blockIdx.x * blockDim.x;  // row
    const int j = threadIdx.y + blockIdx.y * blockDim.y;  // column
    if (i < n && j < n) {
        float s = 0.0f;
        for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
        c[i * n + j] = s;
    }
    rec.finish();
}

template <bool kRecord, int kBlockDim, bool kBug>
__global__ void mmSeedTiled(const float* a, const float* b, float* c, int n,
                            const __grid_constant__ MatmulTrace trace) {
    constexpr int BLOCK_DIM = kBlockDim;
    Recorder<kRecord> rec(trace);
    // One buffer, A's tile then B's, so recorded offsets are the model's.
    __shared__ __align__(128) float smem[2 * BLOCK_DIM * BLOCK_DIM];
    auto blockA = reinterpret_cast<float(*)[BLOCK_DIM]>(smem);
    auto blockB = reinterpret_cast<float(*)[BLOCK_DIM]>(smem + BLOCK_DIM * BLOCK_DIM);
    // start of the A, B and C tiles
    int ia = blockIdx.x * n * BLOCK_DIM;
    int ib = blockIdx.y * BLOCK_DIM;
    const int ic = blockIdx.x * n * BLOCK_DIM + blockIdx.y * BLOCK_DIM;
    // steps in A and B (unsigned: the printed step doubles it past 2^31)
    unsigned sa = BLOCK_DIM;
    const int sb = n * BLOCK_DIM;
    const int i = blockIdx.x * BLOCK_DIM + threadIdx.x;
    const int j = blockIdx.y * BLOCK_DIM + threadIdx.y;
    float s = 0.0f;
    unsigned phase = 0;
    for (int k = 0; k < n; k += BLOCK_DIM, ++phase, ib += sb) {
        rec.phase(phase, blockIdx.x * BLOCK_DIM, ia - int(blockIdx.x) * n * BLOCK_DIM, k,
                  blockIdx.y * BLOCK_DIM);
        const int pm = min(BLOCK_DIM, n - k);
        // one element per thread into shared memory; outside the matrix, 0
        if (i < n && threadIdx.y < pm)
            blockA[threadIdx.x][threadIdx.y] = a[ia + threadIdx.y + threadIdx.x * n];
        else
            blockA[threadIdx.x][threadIdx.y] = 0.0f;
        if (j < n && threadIdx.x < pm)
            blockB[threadIdx.x][threadIdx.y] = b[ib + threadIdx.y + threadIdx.x * n];
        else
            blockB[threadIdx.x][threadIdx.y] = 0.0f;
        __syncthreads();  // the tiles are complete
        if (phase == 0 && rec.tracesWarp())
            for (int l = 0; l < pm && l < int(kMatmulTracedKSteps); l++) {
                rec.sharedRead(&blockA[threadIdx.x][l], smem);
                rec.sharedRead(&blockB[l][threadIdx.y], smem);
            }
        for (int l = 0; l < pm; l++) s += blockA[threadIdx.x][l] * blockB[l][threadIdx.y];
        __syncthreads();  // everyone is done with the tiles
        if (kBug)
            sa += sa;  // as printed: the stride doubles, the A tile stays
        else
            ia += sa;
    }
    if (i < n && j < n) c[ic + threadIdx.y + threadIdx.x * n] = s;
    rec.finish();
}

template <int kBlockDim>
KernelPair tiledPair(bool bug) {
    const std::string name = "block_matmul BLOCK_DIM " + std::to_string(kBlockDim);
    if (bug)
        return {name + " (printed: sa += sa)", mmSeedTiled<false, kBlockDim, true>,
                mmSeedTiled<true, kBlockDim, true>};
    return {name, mmSeedTiled<false, kBlockDim, false>, mmSeedTiled<true, kBlockDim, false>};
}

}  // namespace

Result<KernelPair> seedKernels(MatmulVariant v, std::uint32_t blockDim) {
    if (blockDim != 8 && blockDim != 16 && blockDim != 32)
        return makeError("BLOCK_DIM " + std::to_string(blockDim) + " is not 8, 16 or 32");
    if (v == MatmulVariant::SeedNaive)
        return KernelPair{"matmul BLOCK_DIM " + std::to_string(blockDim), mmSeedNaive<false>,
                          mmSeedNaive<true>};
    if (v != MatmulVariant::SeedTiled && v != MatmulVariant::SeedTiledBug)
        return makeError(std::string(matmulVariantInfo(v).id) +
                         " is not one of the seed's kernels");
    const bool bug = v == MatmulVariant::SeedTiledBug;
    if (blockDim == 8) return tiledPair<8>(bug);
    if (blockDim == 16) return tiledPair<16>(bug);
    return tiledPair<32>(bug);
}

}  // namespace ws::matmul
