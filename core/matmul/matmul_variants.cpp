#include "core/matmul/matmul_variants.h"

#include <algorithm>

namespace ws {

const std::vector<MatmulVariantInfo>& matmulVariants() {
    using V = MatmulVariant;
    static const std::vector<MatmulVariantInfo> list = {
        {V::CpuNaive, "cpu-naive", "the seed's i, j, k loops on one CPU thread", true},
        {V::CpuBlocked, "cpu-blocked", "cache blocks, a 4 x 16 register tile, every CPU core",
         true},
        {V::SeedNaive, "seed-naive", "one thread per entry of C, reading A and B from global",
         false, true, 1.3},
        {V::SeedTiled, "seed-tiled", "BLOCK_DIM x BLOCK_DIM tiles of A and B in shared memory",
         false, true},
        {V::SeedTiledBug, "seed-tiled-bug",
         "the printed sa += sa: every phase multiplies the same A tile", false, true},
        {V::Coalesced, "coalesced", "threadIdx.x walks along a row of C: loads coalesce", false,
         false, 8.5},
        {V::SharedTiling, "shared-tiling", "32 x 32 tiles staged in shared memory", false, false,
         12.8},
        {V::Blocktile1d, "blocktile-1d", "8 results per thread down a column (registers)", false,
         false, 36.5},
        {V::Blocktile2d, "blocktile-2d", "an 8 x 8 tile of results per thread", false, false, 68.7},
        {V::Vectorized, "vectorized", "float4 loads, A tile stored transposed", false, false, 78.4},
        {V::Warptile, "warptile", "warps own sub-tiles: conflict-free, broadcast float4 reads",
         false, false, 93.7},
        {V::WarptileDb, "warptile-db",
         "the next k-tile fetched into registers while this one is computed"},
        {V::Cublas, "cublas", "cublasSgemm in FP32 on CUDA cores (no tensor cores)"},
    };
    return list;
}

const MatmulVariantInfo& matmulVariantInfo(MatmulVariant v) {
    for (const auto& info : matmulVariants())
        if (info.variant == v) return info;
    return matmulVariants().front();
}

std::optional<MatmulVariant> parseMatmulVariant(std::string_view id) {
    for (const auto& info : matmulVariants())
        if (id == info.id) return info.variant;
    return std::nullopt;
}

std::string warptileConfigText(const WarptileConfig& c) {
    auto x = [](int a, int b) { return std::to_string(a) + "x" + std::to_string(b); };
    return x(c.bm, c.bn) + "x" + std::to_string(c.bk) + ", warp " + x(c.wm, c.wn) + ", thread " +
           x(c.tm, c.tn) + ", " + std::to_string(c.threads()) + " threads, " +
           (c.stages == 2 ? "2 stages" : "1 stage");
}

MatmulTiling warptileTiling(const WarptileConfig& c) {
    MatmulTiling t;
    t.tileM = std::uint32_t(c.bm);
    t.tileN = std::uint32_t(c.bn);
    t.tileK = std::uint32_t(c.bk);
    t.block = {std::uint32_t(c.threads()), 1, 1};
    t.threadM = std::uint32_t(c.tm);
    t.threadN = std::uint32_t(c.tn);
    t.sharedBytes = std::uint32_t(c.sharedFloats() * 4);
    t.warptile = c;
    return t;
}

std::optional<MatmulTiling> matmulTiling(MatmulVariant v, std::uint32_t blockDim) {
    using V = MatmulVariant;
    MatmulTiling t;
    auto square = [&](std::uint32_t side, std::uint32_t k, Dim3 block) {
        t.tileM = t.tileN = side;
        t.tileK = k;
        t.block = block;
    };
    switch (v) {
        case V::CpuNaive:
        case V::CpuBlocked:
        case V::Cublas:
            return std::nullopt;
        case V::SeedNaive:
        case V::SeedTiled:
        case V::SeedTiledBug:
            square(blockDim, v == V::SeedNaive ? 0 : blockDim, {blockDim, blockDim, 1});
            t.rowTilesOnX = true;
            t.sharedBytes = v == V::SeedNaive ? 0 : 2 * blockDim * blockDim * 4;
            return t;
        case V::Coalesced:
            square(32, 0, {1024, 1, 1});
            return t;
        case V::SharedTiling:
            square(32, 32, {1024, 1, 1});
            t.sharedBytes = 2 * 32 * 32 * 4;
            return t;
        case V::Blocktile1d:
            square(64, 8, {512, 1, 1});
            t.threadM = 8;
            t.sharedBytes = (64 * 8 + 8 * 64) * 4;
            return t;
        case V::Blocktile2d:
        case V::Vectorized:
            square(128, 8, {256, 1, 1});
            t.threadM = t.threadN = 8;
            t.sharedBytes = (128 * 8 + 8 * 128) * 4;
            return t;
        case V::Warptile:
            return warptileTiling(kWarptileCatalog);
        case V::WarptileDb:
            return warptileTiling(kWarptileDbCatalog);
    }
    return std::nullopt;
}

Dim3 matmulGrid(const MatmulTiling& t, std::uint32_t n) {
    const std::uint32_t rows = (n + t.tileM - 1) / t.tileM;
    const std::uint32_t cols = (n + t.tileN - 1) / t.tileN;
    return t.rowTilesOnX ? Dim3{rows, cols, 1} : Dim3{cols, rows, 1};
}

MatrixRect blockTileOfC(const MatmulTiling& t, std::uint32_t n, std::uint32_t linearBlock) {
    const Dim3 grid = matmulGrid(t, n);
    const std::uint32_t bx = linearBlock % grid.x, by = linearBlock / grid.x;
    const std::uint32_t rowTile = t.rowTilesOnX ? bx : by;
    const std::uint32_t colTile = t.rowTilesOnX ? by : bx;
    MatrixRect r;
    r.row = std::min(n, rowTile * t.tileM);
    r.col = std::min(n, colTile * t.tileN);
    r.rows = std::min(t.tileM, n - r.row);
    r.cols = std::min(t.tileN, n - r.col);
    return r;
}

std::uint32_t phaseCount(const MatmulTiling& t, std::uint32_t n) {
    return t.tileK == 0 ? n : (n + t.tileK - 1) / t.tileK;
}

PhaseTiles phaseTiles(const MatmulTiling& t, std::uint32_t n, std::uint32_t linearBlock,
                      std::uint32_t phase, bool buggy) {
    const MatrixRect c = blockTileOfC(t, n, linearBlock);
    const std::uint32_t step = t.tileK == 0 ? 1 : t.tileK;
    const std::uint32_t k0 = std::min(n, phase * step);
    const std::uint32_t depth = std::min(step, n - k0);
    const std::uint32_t aK = buggy ? 0 : k0;
    const std::uint32_t aDepth = buggy ? std::min(step, n) : depth;
    return {{c.row, aK, c.rows, aDepth}, {k0, c.col, depth, c.cols}};
}

int fp32LanesPerSm(int ccMajor, int ccMinor) {
    if (ccMajor <= 0) return 0;
    if (ccMajor == 6) return ccMinor == 0 ? 64 : 128;
    if (ccMajor == 7) return 64;
    if (ccMajor == 8) return ccMinor == 0 ? 64 : 128;
    return 128;  // Ada, Hopper, Blackwell
}

double fp32PeakGflops(const DeviceInfo& d) {
    return double(d.smCount) * fp32LanesPerSm(d.ccMajor, d.ccMinor) * 2.0 * double(d.smClockKHz) /
           1e6;
}

}  // namespace ws
