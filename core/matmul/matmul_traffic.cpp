#include "core/matmul/matmul_traffic.h"

#include <algorithm>
#include <array>
#include <bit>

namespace ws {

namespace {

// How a kernel's threads load a tile of rows x cols floats from global memory,
// `width` floats at a time: load l = round * threads + thread covers chunk l,
// counted along the rows (row-major: row = l / (cols / width)) or, for the
// seed's threadIdx.x-is-the-row loads, down the columns (row = l % rows).
struct TileLoader {
    std::uint32_t rows = 0, cols = 0, width = 1;
    bool columnMajor = false;
};

struct LoadPlan {
    MatmulTiling tiling;
    bool direct = false;  // no tiles: each thread reads its row of A and column of B
    TileLoader a, b;
};

LoadPlan planOf(MatmulVariant v, std::uint32_t blockDim) {
    using V = MatmulVariant;
    LoadPlan p;
    p.tiling = *matmulTiling(v, blockDim);
    const std::uint32_t bk = p.tiling.tileK, bm = p.tiling.tileM, bn = p.tiling.tileN;
    switch (v) {
        case V::SeedNaive:
        case V::Coalesced:
            p.direct = true;
            break;
        case V::SeedTiled:
        case V::SeedTiledBug:
            p.a = {bm, bk, 1, true};
            p.b = {bk, bn, 1, true};
            break;
        case V::Vectorized:
        case V::Warptile:
        case V::WarptileDb:
            p.a = {bm, bk, 4, false};
            p.b = {bk, bn, 4, false};
            break;
        default:
            p.a = {bm, bk, 1, false};
            p.b = {bk, bn, 1, false};
    }
    return p;
}

// The row and column (inside the C tile) of thread t of an untiled kernel.
std::array<std::uint32_t, 2> directPosition(MatmulVariant v, std::uint32_t blockDim,
                                            std::uint32_t t) {
    if (v == MatmulVariant::SeedNaive) return {t % blockDim, t / blockDim};
    return {t / 32, t % 32};
}

struct Request {
    std::array<std::uint64_t, 32> address{};
    std::uint32_t mask = 0;
    std::uint32_t widthBytes = 4;
};

void addRequest(MatmulTraffic& out, const Request& r) {
    if (r.mask == 0) return;
    out.sectors += countSectors(r.address, r.mask, r.widthBytes).sectors;
    out.loadedFloats += double(std::popcount(r.mask)) * r.widthBytes / 4;
}

// One tile's loads: `origin` is the tile's top-left element, `rect` its
// in-bounds extent. Chunks of 4 go as one float4 only when the whole tile is
// inside and rows are 16-byte aligned (n % 4 == 0), as the kernels decide.
void tileLoads(MatmulTraffic& out, const TileLoader& l, std::uint32_t threads,
               const MatrixRect& rect, std::uint32_t n) {
    const std::uint32_t chunksPerRow = l.cols / l.width;
    const std::uint32_t chunks = l.rows * chunksPerRow;
    const bool vector = l.width == 4 && n % 4 == 0 && rect.rows == l.rows && rect.cols == l.cols;
    for (std::uint32_t round = 0; round * threads < chunks; ++round)
        for (std::uint32_t warp = 0; warp * 32 < threads; ++warp)
            for (std::uint32_t q = 0; q < (vector ? 1u : l.width); ++q) {
                Request r;
                r.widthBytes = vector ? 16 : 4;
                for (std::uint32_t lane = 0; lane < 32; ++lane) {
                    const std::uint32_t t = warp * 32 + lane;
                    const std::uint32_t chunk = round * threads + t;
                    if (t >= threads || chunk >= chunks) continue;
                    const std::uint32_t row = l.columnMajor ? chunk % l.rows : chunk / chunksPerRow;
                    const std::uint32_t col =
                        (l.columnMajor ? chunk / l.rows : chunk % chunksPerRow) * l.width + q;
                    if (row >= rect.rows || col >= rect.cols) continue;
                    r.mask |= 1u << lane;
                    r.address[lane] =
                        (std::uint64_t(rect.row + row) * n + rect.col + col) * sizeof(float);
                }
                addRequest(out, r);
            }
}

MatmulTraffic trafficOf(const LoadPlan& p, MatmulVariant v, std::uint32_t blockDim,
                        std::uint32_t n) {
    MatmulTraffic out;
    if (n == 0) return out;
    const PhaseTiles tiles = phaseTiles(p.tiling, n, 0, 0);
    const MatrixRect c = blockTileOfC(p.tiling, n, 0);
    const std::uint32_t threads = std::uint32_t(p.tiling.block.count());
    out.flops = 2.0 * c.rows * c.cols * tiles.b.rows;
    if (!p.direct) {
        tileLoads(out, p.a, threads, tiles.a, n);
        tileLoads(out, p.b, threads, tiles.b, n);
        return out;
    }
    // One k-step (k = 0): thread (r, c) reads A[r][0] and B[0][c] when its entry exists.
    for (std::uint32_t warp = 0; warp * 32 < threads; ++warp) {
        Request a, b;
        for (std::uint32_t lane = 0; lane < 32; ++lane) {
            const auto [r, col] = directPosition(v, blockDim, warp * 32 + lane);
            if (r >= c.rows || col >= c.cols) continue;
            a.mask |= 1u << lane;
            b.mask |= 1u << lane;
            a.address[lane] = std::uint64_t(c.row + r) * n * sizeof(float);
            b.address[lane] = std::uint64_t(c.col + col) * sizeof(float);
        }
        addRequest(out, a);
        addRequest(out, b);
    }
    return out;
}

}  // namespace

MatmulTraffic matmulTraffic(MatmulVariant v, std::uint32_t blockDim, std::uint32_t n) {
    if (!matmulTiling(v, blockDim)) return {};
    return trafficOf(planOf(v, blockDim), v, blockDim, n);
}

MatmulTraffic warptileTraffic(const WarptileConfig& c, std::uint32_t n) {
    LoadPlan p;
    p.tiling = warptileTiling(c);
    p.a = {std::uint32_t(c.bm), std::uint32_t(c.bk), 4, false};
    p.b = {std::uint32_t(c.bk), std::uint32_t(c.bn), 4, false};
    return trafficOf(p, MatmulVariant::Warptile, 0, n);
}

}  // namespace ws
