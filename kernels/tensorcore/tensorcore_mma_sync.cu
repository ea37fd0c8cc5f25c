// mma-sync: the instruction WMMA compiles to, written out. A block of 8
// warps computes a 128 x 128 tile of C in k-phases of 32, as wmma does, but
//  - the tiles arrive by cp.async (16 bytes a copy, global to shared without
//    registers) in a pipeline of three stages: while phase p is multiplied,
//    the copies of phases p + 1 and p + 2 are in flight, and one barrier a
//    phase suffices;
//  - ldmatrix hands each lane its fragment registers: for a 16 x 16 piece of
//    A one ldmatrix.x4, for two 16 x 8 pieces of B one ldmatrix.x4.trans
//    (B is stored as it is in memory, k-rows of n; .trans turns its 8 x 8
//    matrices into the column fragments mma wants);
//  - mma.sync.m16n8k16 multiplies; a warp's 64 x 32 part is 4 x 4 of them
//    per 16-deep step, 64 FP32 accumulators a thread.
// The shared tiles are unpadded and swizzled: the 16-byte chunk c of a row
// is stored at c XOR (a few bits of the row), so that the eight rows one
// 8 x 8 matrix of ldmatrix reads lie in eight different groups of four banks
// (conflict-free), and the cp.async stores of a warp stay as dense. A rows
// are 64 bytes (4 chunks): chunk c of row r at c ^ ((r / 2) % 4). B rows are
// 256 bytes (16 chunks): chunk c of k-row k at c ^ (k % 8).
#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include "kernels/matmul/matmul_trace.h"
#include "kernels/tensorcore/tensorcore_epilogue.cuh"
#include "kernels/tensorcore/tensorcore_kernels.h"
#include "kernels/tensorcore/tensorcore_ptx.cuh"

namespace ws::tensorcore {

namespace {

using matmul::MatmulTrace;
using matmul::Recorder;

constexpr int kBm = 128, kBn = 128, kBk = 32;
constexpr int kStages = 3;
constexpr int kThreads = 256;
constexpr int kWarpM = 64, kWarpN = 32;
constexpr int kTilesM = kWarpM / 16;         // m16 pieces of a warp's part
constexpr int kTilesN = kWarpN / 8;          // n8 pieces
constexpr int kStageABytes = kBm * kBk * 2;  // 8 KiB
constexpr int kStageBBytes = kBk * kBn * 2;  // 8 KiB
constexpr int kStageBytes = kStageABytes + kStageBBytes;
constexpr int kSharedBytes = kStages * kStageBytes;  // 48 KiB
constexpr int kChunksA = kBk / 8;                    // 16-byte chunks per row of the A tile (4)
constexpr int kChunksB = kBn / 8;                    // per k-row of the B tile (16)
static_assert(kBm == int(kTensorCoreTileM) && kBn == int(kTensorCoreTileN) &&
                  kBk == int(kTensorCoreTileK) && kThreads == int(kTensorCoreThreads) &&
                  kStages == int(kMmaSyncStages) && kSharedBytes == int(kMmaSyncSharedBytes),
              "the tiling core/tensorcore/tensorcore_variants.h describes");
static_assert((kBm / kWarpM) * (kBn / kWarpN) * 32 == kThreads);
static_assert(kBm * kChunksA == 2 * kThreads && kBk * kChunksB == 2 * kThreads);
static_assert(kChunksA == 4 && kChunksB == 16, "the swizzles below assume these widths");

// Byte offsets inside one stage's A and B tiles (see the top of the file).
__device__ __forceinline__ std::uint32_t aOffset(int row, int chunk) {
    return std::uint32_t(row * (kBk * 2) + ((chunk ^ ((row >> 1) & 3)) << 4));
}
__device__ __forceinline__ std::uint32_t bOffset(int k, int chunk) {
    return std::uint32_t(k * (kBn * 2) + ((chunk ^ (k & 7)) << 4));
}

// Every thread issues two 16-byte copies of A's tile and two of B's for
// phase `kt` into stage `stage`; chunks outside the matrices are zeros
// (n is a multiple of 8: a chunk is wholly inside or wholly outside).
__device__ __forceinline__ void loadStage(std::uint32_t stage, const __nv_bfloat16* a,
                                          const __nv_bfloat16* b, int n, int rowBase, int colBase,
                                          int kt) {
    const int k0 = kt * kBk;
    const std::uint32_t aTile = stage, bTile = stage + kStageABytes;
    for (int i = 0; i < 2; ++i) {
        const int chunk = int(threadIdx.x) + i * kThreads;
        const int r = chunk / kChunksA, ca = chunk % kChunksA;
        const int row = rowBase + r, ka = k0 + ca * 8;
        const bool aInside = row < n && ka < n;
        cpAsync16(aTile + aOffset(r, ca), aInside ? a + std::size_t(row) * n + ka : a, aInside);
        const int k = chunk / kChunksB, cb = chunk % kChunksB;
        const int kb = k0 + k, col = colBase + cb * 8;
        const bool bInside = kb < n && col < n;
        cpAsync16(bTile + bOffset(k, cb), bInside ? b + std::size_t(kb) * n + col : b, bInside);
    }
}

template <bool kRecord, typename Out>
__global__ void __launch_bounds__(kThreads)
    tcMmaSync(const __nv_bfloat16* a, const __nv_bfloat16* b, Out* c, int n,
              const __grid_constant__ MatmulTrace trace) {
    Recorder<kRecord> rec(trace);
    extern __shared__ __align__(128) unsigned char smem[];
    const std::uint32_t base = sharedAddress(smem);
    const int warp = int(threadIdx.x) / 32, lane = int(threadIdx.x) % 32;
    const int rowBase = int(blockIdx.y) * kBm, colBase = int(blockIdx.x) * kBn;
    const int warpRow = (warp % (kBm / kWarpM)) * kWarpM;
    const int warpCol = (warp / (kBm / kWarpM)) * kWarpN;
    const int phases = (n + kBk - 1) / kBk;

    float acc[kTilesM][kTilesN][4];
    for (int i = 0; i < kTilesM; ++i)
        for (int j = 0; j < kTilesN; ++j)
            for (int e = 0; e < 4; ++e) acc[i][j][e] = 0.0f;

    // The first kStages - 1 phases on their way; a group is committed for
    // every phase, empty past the last, so that waiting for all but the
    // newest kStages - 2 groups always means "phase kt has arrived".
    for (int s = 0; s < kStages - 1; ++s) {
        if (s < phases) loadStage(base + s * kStageBytes, a, b, n, rowBase, colBase, s);
        cpAsyncCommit();
    }

    for (int kt = 0; kt < phases; ++kt) {
        cpAsyncWait<kStages - 2>();
        // Phase kt is in shared memory for every thread, and every warp is
        // done with phase kt - 1, whose stage the copies below refill.
        __syncthreads();
        rec.phase(kt, rowBase, kt * kBk, kt * kBk, colBase);
        const int next = kt + kStages - 1;
        if (next < phases)
            loadStage(base + (next % kStages) * kStageBytes, a, b, n, rowBase, colBase, next);
        cpAsyncCommit();

        const std::uint32_t aTile = base + (kt % kStages) * kStageBytes;
        const std::uint32_t bTile = aTile + kStageABytes;
        for (int kk = 0; kk < kBk; kk += 16) {
            std::uint32_t af[kTilesM][4];
            std::uint32_t bf[kTilesN][2];
            // A: lanes 0-15 give rows 0-15 at k kk, lanes 16-31 the same rows
            // at kk + 8: matrices (rows 0-7, k 0-7), (8-15, 0-7), (0-7, 8-15),
            // (8-15, 8-15), the order of a0..a3.
            for (int i = 0; i < kTilesM; ++i)
                ldmatrixX4(af[i], aTile + aOffset(warpRow + i * 16 + (lane & 15),
                                                  (kk >> 3) + (lane >> 4)));
            // B: lanes 0-15 give k-rows kk + 0..15 at columns n0..n0+7, lanes
            // 16-31 the same k-rows at n0+8..n0+15: after .trans, registers
            // 0, 1 are b0, b1 of the n8 piece at n0 and 2, 3 those at n0 + 8.
            for (int j = 0; j < kTilesN; j += 2) {
                std::uint32_t r[4];
                const int col = warpCol + j * 8 + (lane >> 4) * 8;
                ldmatrixX4Trans(r, bTile + bOffset(kk + (lane & 15), col >> 3));
                bf[j][0] = r[0];
                bf[j][1] = r[1];
                bf[j + 1][0] = r[2];
                bf[j + 1][1] = r[3];
            }
            for (int i = 0; i < kTilesM; ++i)
                for (int j = 0; j < kTilesN; ++j) mmaBf16(acc[i][j], af[i], bf[j]);
        }
    }
    cpAsyncWait<0>();  // no copy outlives the block (the ones left are empty groups)

    // Lane (g = lane / 4, q = lane % 4) holds rows g and g + 8, columns 2q
    // and 2q + 1 of every 16 x 8 piece: pairs of adjacent entries, stored as
    // one 8-byte (FP32) or 4-byte (BF16) write each, bounds checked (n is
    // even and the column even, so a pair is wholly inside or outside).
    const int g = lane >> 2, q = lane & 3;
    for (int i = 0; i < kTilesM; ++i)
        for (int j = 0; j < kTilesN; ++j) {
            const int row = rowBase + warpRow + i * 16 + g;
            const int col = colBase + warpCol + j * 8 + 2 * q;
            if (col >= n) continue;
            if (row < n) storePair(c + std::size_t(row) * n + col, acc[i][j][0], acc[i][j][1]);
            if (row + 8 < n)
                storePair(c + std::size_t(row + 8) * n + col, acc[i][j][2], acc[i][j][3]);
        }
    rec.finish();
}

template <typename Out>
TensorCoreKernels kernelsFor() {
    return {"tcMmaSync", reinterpret_cast<const void*>(&tcMmaSync<false, Out>),
            reinterpret_cast<const void*>(&tcMmaSync<true, Out>), std::uint32_t(kSharedBytes)};
}

}  // namespace

Result<TensorCoreKernels> mmaSyncKernels(TensorCoreOutput output) {
    switch (output) {
        case TensorCoreOutput::F32:
            return kernelsFor<float>();
        case TensorCoreOutput::Bf16:
            return kernelsFor<__nv_bfloat16>();
    }
    return makeError("mma-sync: unknown output type");
}

}  // namespace ws::tensorcore
