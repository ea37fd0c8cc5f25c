#pragma once
// The matrix multiply lab's variants (seed 004 and the ladder to cuBLAS) and
// how each one cuts C = A * B (square n x n, row-major floats) into blocks,
// threads and k-phases. The kernels launch exactly these shapes, the views
// draw them and the tests hold the recorded tiles to them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/run/run.h"

namespace ws {

enum class MatmulVariant {
    CpuNaive,      // the seed's host_matmul: i, j, k loops, one thread
    CpuBlocked,    // cache blocks and all cores
    SeedNaive,     // the seed's matmul kernel: one thread per C entry, threadIdx.x = row
    SeedTiled,     // the seed's block_matmul with BLOCK_DIM x BLOCK_DIM shared tiles, corrected
    SeedTiledBug,  // block_matmul as printed: `sa += sa` leaves the A tile where it started
    Coalesced,     // threadIdx.x = column: a warp reads one row of B together
    SharedTiling,  // 32 x 32 tiles of A and B in shared memory
    Blocktile1d,   // each thread computes 8 entries of a column (1D register blocking)
    Blocktile2d,   // each thread computes an 8 x 8 tile (2D register blocking)
    Vectorized,    // float4 global and shared loads, A tile stored transposed
    Warptile,      // warps own 64 x 32 sub-tiles; conflict-free, broadcast fragment reads
    WarptileDb,    // warp tiling + the next k-tile fetched while this one is computed
    Cublas,        // cublasSgemm, FP32 on CUDA cores (pedantic math: no tensor cores)
};

struct MatmulVariantInfo {
    MatmulVariant variant;
    const char* id;    // catalog value: "seed-tiled", ...
    const char* idea;  // the one idea this step adds, for the views and the docs
    bool cpu = false;
    bool usesBlockDim = false;  // the seed's kernels take BLOCK_DIM from block_dim
    // The public A6000 staircase (Boehm's SGEMM worklog), % of cuBLAS; < 0: none.
    double a6000PercentOfCublas = -1;
};

// In the order of the ladder (the catalog's choice list and the charts follow it).
const std::vector<MatmulVariantInfo>& matmulVariants();
const MatmulVariantInfo& matmulVariantInfo(MatmulVariant v);
std::optional<MatmulVariant> parseMatmulVariant(std::string_view id);

// A warp-tiled kernel's shape. Block tile bm x bn, k-step bk; warps own wm x wn
// sub-tiles; each thread tm x tn entries, as (tm/4) x (tn/4) groups of 4 x 4
// spread over the warp tile so that a quarter-warp reads 8 consecutive float4
// of A (conflict-free) and one float4 of B (a broadcast). stages = 2 fetches
// the next k-tile into registers while the current one is computed.
struct WarptileConfig {
    int bm, bn, bk, wm, wn, tm, tn, stages;
    constexpr int warps() const { return (bm / wm) * (bn / wn); }
    constexpr int threads() const { return warps() * 32; }
    // Lanes of a warp along M and N within one group (lanesM * lanesN = 32).
    constexpr int lanesM() const { return wm / tm; }
    constexpr int lanesN() const { return wn / tn; }
    constexpr int padA() const { return 4; }  // floats added to each k-row of the A tile
    constexpr int sharedFloats() const { return stages * bk * ((bm + padA()) + bn); }
    constexpr bool valid() const {
        return bm % wm == 0 && bn % wn == 0 && tm % 4 == 0 && tn % 4 == 0 && wm % tm == 0 &&
               wn % tn == 0 && lanesM() * lanesN() == 32 && bk % 4 == 0 &&
               (bm * bk / 4) % threads() == 0 && (bk * bn / 4) % threads() == 0 &&
               (stages == 1 || stages == 2);
    }
    bool operator==(const WarptileConfig&) const = default;
};

// The configurations the catalog's warptile and warptile-db run. The
// benchmark times these and the others of its sweep in one run;
// docs/performance.md says which was fastest on the H100: 128x128x16 with
// two stages (0.889x cuBLAS at 4096^3), so warptile-db runs it, and warptile
// is the same tile with one stage, so the two differ by the double buffer alone.
inline constexpr WarptileConfig kWarptileCatalog{128, 128, 16, 64, 32, 8, 8, 1};
inline constexpr WarptileConfig kWarptileDbCatalog{128, 128, 16, 64, 32, 8, 8, 2};
static_assert(kWarptileCatalog.valid() && kWarptileDbCatalog.valid());
std::string warptileConfigText(
    const WarptileConfig& c);  // "128x128x16, warp 64x32, thread 8x8, 1 stage"

// How a GPU variant covers C.
struct MatmulTiling {
    std::uint32_t tileM = 0, tileN = 0;      // C entries per block: rows x columns
    std::uint32_t tileK = 0;                 // k per phase; 0: no shared tiles (one phase per k)
    Dim3 block;                              // threads
    bool rowTilesOnX = false;                // the seed's kernels: blockIdx.x picks the row tile
    std::uint32_t threadM = 1, threadN = 1;  // C entries per thread
    std::uint32_t sharedBytes = 0;
    std::optional<WarptileConfig> warptile;
};

// nullopt for the CPU variants and cuBLAS (whose tiling is its own).
std::optional<MatmulTiling> matmulTiling(MatmulVariant v, std::uint32_t blockDim);
MatmulTiling warptileTiling(const WarptileConfig& c);
Dim3 matmulGrid(const MatmulTiling& t, std::uint32_t n);

// A rectangle of a matrix, clipped to n x n: rows [row, row + rows), columns [col, col + cols).
struct MatrixRect {
    std::uint32_t row = 0, col = 0, rows = 0, cols = 0;
    bool operator==(const MatrixRect&) const = default;
};

// The C tile of a block (linear id: blockIdx.x + gridDim.x * blockIdx.y).
MatrixRect blockTileOfC(const MatmulTiling& t, std::uint32_t n, std::uint32_t linearBlock);
// k-phases a block walks through: ceil(n / tileK), or n for the untiled kernels.
std::uint32_t phaseCount(const MatmulTiling& t, std::uint32_t n);
// The A and B tiles phase `phase` of a block loads. The seed's printed code
// (`buggy`) advances its stride instead of its A offset: A stays at k = 0.
struct PhaseTiles {
    MatrixRect a, b;
};
PhaseTiles phaseTiles(const MatmulTiling& t, std::uint32_t n, std::uint32_t linearBlock,
                      std::uint32_t phase, bool buggy = false);

// FP32 lanes per SM by compute capability (64 on 6.0, 7.x and 8.0; 128 on
// 6.1, 8.6 and later), and the peak: SMs x lanes x 2 (an FMA) x clock.
int fp32LanesPerSm(int ccMajor, int ccMinor);
double fp32PeakGflops(const DeviceInfo& device);

// k-steps of phase 0 whose shared-memory reads a traced warp records.
inline constexpr std::uint32_t kMatmulTracedKSteps = 2;

inline double matmulFlops(std::uint64_t n) { return 2.0 * double(n) * double(n) * double(n); }

}  // namespace ws
