// The shared-memory reads of one warp in the inner loop of each tiled kernel,
// lane by lane, as byte offsets from the start of the kernel's one shared
// buffer (A's tile first, then B's). The kernels compute the same offsets
// with the same expressions (kernels/matmul/*.cu) and record them.
#include <string>

#include "core/matmul/matmul_traffic.h"

namespace ws {

namespace {

using Offset = std::uint32_t (*)(std::uint32_t t, std::uint32_t k, std::uint32_t i,
                                 std::uint32_t blockDim);

// One read instruction: lane l of warp w (thread t = 32 w + l) reads
// `widthBytes` at offset(t, k, i) floats from the buffer start.
MatmulSharedRead read(const std::string& what, std::uint32_t warp, std::uint32_t k, std::uint32_t i,
                      std::uint32_t blockDim, std::uint32_t widthBytes, Offset offset) {
    MatmulSharedRead r{what, {}};
    r.access.widthBytes = widthBytes;
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        r.access.address[lane] = 4 * offset(warp * 32 + lane, k, i, blockDim);
    return r;
}

std::string kText(std::uint32_t k) { return " (k = " + std::to_string(k) + ")"; }

}  // namespace

std::vector<MatmulSharedRead> matmulSharedReads(MatmulVariant v, std::uint32_t blockDim,
                                                std::uint32_t warp, std::uint32_t kSteps,
                                                std::uint32_t depth) {
    using V = MatmulVariant;
    std::vector<MatmulSharedRead> out;
    // Only the seed's loop stops at the matrix's edge (l < pm); the others
    // always run the whole tile, multiplying the zeros they filled in.
    const bool seed = v == V::SeedTiled || v == V::SeedTiledBug;
    const std::uint32_t steps = seed ? std::min(kSteps, depth) : kSteps;
    const std::uint32_t bd = blockDim;
    for (std::uint32_t k = 0; k < steps; ++k) {
        switch (v) {
            case V::SeedTiled:
            case V::SeedTiledBug:
                // s += blockA[threadIdx.x][l] * blockB[l][threadIdx.y]; tx = t % BD, ty = t / BD
                out.push_back(read("blockA[threadIdx.x][l]" + kText(k), warp, k, 0, bd, 4,
                                   [](auto t, auto l, auto, auto d) { return (t % d) * d + l; }));
                out.push_back(
                    read("blockB[l][threadIdx.y]" + kText(k), warp, k, 0, bd, 4,
                         [](auto t, auto l, auto, auto d) { return d * d + l * d + t / d; }));
                break;
            case V::SharedTiling:
                out.push_back(read("As[threadRow * 32 + k]" + kText(k), warp, k, 0, 32, 4,
                                   [](auto t, auto k, auto, auto) { return t / 32 * 32 + k; }));
                out.push_back(
                    read("Bs[k * 32 + threadCol]" + kText(k), warp, k, 0, 32, 4,
                         [](auto t, auto k, auto, auto) { return 1024 + k * 32 + t % 32; }));
                break;
            case V::Blocktile1d:
                // threadCol = t % 64, threadRow = t / 64; As is 64 x 8, Bs 8 x 64 after it.
                out.push_back(
                    read("Bs[k * 64 + threadCol]" + kText(k), warp, k, 0, 0, 4,
                         [](auto t, auto k, auto, auto) { return 512 + k * 64 + t % 64; }));
                for (std::uint32_t r = 0; r < 8; ++r)
                    out.push_back(read(
                        "As[(threadRow * 8 + " + std::to_string(r) + ") * 8 + k]" + kText(k), warp,
                        k, r, 0, 4,
                        [](auto t, auto k, auto r, auto) { return (t / 64 * 8 + r) * 8 + k; }));
                break;
            case V::Blocktile2d:
                // threadCol = t % 16, threadRow = t / 16; As 128 x 8, Bs 8 x 128.
                for (std::uint32_t i = 0; i < 8; ++i)
                    out.push_back(read("regM[" + std::to_string(i) + "] = As[(threadRow * 8 + " +
                                           std::to_string(i) + ") * 8 + k]" + kText(k),
                                       warp, k, i, 0, 4, [](auto t, auto k, auto i, auto) {
                                           return (t / 16 * 8 + i) * 8 + k;
                                       }));
                for (std::uint32_t i = 0; i < 8; ++i)
                    out.push_back(read("regN[" + std::to_string(i) +
                                           "] = Bs[k * 128 + threadCol * 8 + " + std::to_string(i) +
                                           "]" + kText(k),
                                       warp, k, i, 0, 4, [](auto t, auto k, auto i, auto) {
                                           return 1024 + k * 128 + t % 16 * 8 + i;
                                       }));
                break;
            case V::Vectorized:
                // A stored transposed: As[k][m]; float4 reads of 4 rows (or columns) at once.
                for (std::uint32_t i = 0; i < 2; ++i)
                    out.push_back(read(
                        "float4 As[k][threadRow * 8 + " + std::to_string(4 * i) + "]" + kText(k),
                        warp, k, i, 0, 16,
                        [](auto t, auto k, auto i, auto) { return k * 128 + t / 16 * 8 + 4 * i; }));
                for (std::uint32_t i = 0; i < 2; ++i)
                    out.push_back(read(
                        "float4 Bs[k][threadCol * 8 + " + std::to_string(4 * i) + "]" + kText(k),
                        warp, k, i, 0, 16, [](auto t, auto k, auto i, auto) {
                            return 1024 + k * 128 + t % 16 * 8 + 4 * i;
                        }));
                break;
            case V::Warptile:
                return warptileSharedReads(kWarptileCatalog, warp, kSteps);
            case V::WarptileDb:
                return warptileSharedReads(kWarptileDbCatalog, warp, kSteps);
            default:
                return out;  // no shared tiles
        }
    }
    return out;
}

std::vector<MatmulSharedRead> warptileSharedReads(const WarptileConfig& c, std::uint32_t warp,
                                                  std::uint32_t kSteps) {
    std::vector<MatmulSharedRead> out;
    const std::uint32_t warpsN = std::uint32_t(c.bn / c.wn);
    const std::uint32_t warpRow = warp / warpsN, warpCol = warp % warpsN;
    const std::uint32_t lanesM = std::uint32_t(c.lanesM());
    const std::uint32_t pitchA = std::uint32_t(c.bm + c.padA());
    const std::uint32_t bBase = std::uint32_t(c.stages * c.bk) * pitchA;  // Bs after every A stage
    for (std::uint32_t k = 0; k < std::min<std::uint32_t>(kSteps, std::uint32_t(c.bk)); ++k) {
        auto fragment = [&](bool isA, std::uint32_t g) {
            MatmulSharedRead r;
            r.what = std::string("float4 ") + (isA ? "As" : "Bs") + "[k][" +
                     (isA ? "warpRow * WM + " : "warpCol * WN + ") + std::to_string(g) +
                     (isA ? " * 4 * lanesM + laneM * 4]" : " * 4 * lanesN + laneN * 4]") + kText(k);
            r.access.widthBytes = 16;
            for (std::uint32_t lane = 0; lane < 32; ++lane) {
                const std::uint32_t lm = lane % lanesM, ln = lane / lanesM;
                const std::uint32_t sub = isA ? std::uint32_t(c.wm) / std::uint32_t(c.tm / 4)
                                              : std::uint32_t(c.wn) / std::uint32_t(c.tn / 4);
                const std::uint32_t floats =
                    isA ? k * pitchA + warpRow * std::uint32_t(c.wm) + g * sub + lm * 4
                        : bBase + k * std::uint32_t(c.bn) + warpCol * std::uint32_t(c.wn) +
                              g * sub + ln * 4;
                r.access.address[lane] = 4 * floats;
            }
            return r;
        };
        for (std::uint32_t g = 0; g < std::uint32_t(c.tm / 4); ++g)
            out.push_back(fragment(true, g));
        for (std::uint32_t g = 0; g < std::uint32_t(c.tn / 4); ++g)
            out.push_back(fragment(false, g));
    }
    return out;
}

}  // namespace ws
