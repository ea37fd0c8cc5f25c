// The warp-tiled kernel for the configurations compiled in: the catalog's
// warptile and warptile-db (plain and recording builds) and the others the
// benchmark sweeps (plain only; a sweep records nothing).
#include <array>

#include "kernels/matmul/matmul_kernels.h"
#include "kernels/matmul/matmul_warptile.cuh"

namespace ws::matmul {

namespace {

template <int BM, int BN, int BK, int WM, int WN, int TM, int TN, int STAGES, bool kRecording>
KernelPair pairOf() {
    using S = WarptileShape<BM, BN, BK, WM, WN, TM, TN, STAGES>;
    KernelPair p;
    p.name = "mmWarptile " + warptileConfigText(S::kConfig);
    p.plain = mmWarptile<BM, BN, BK, WM, WN, TM, TN, STAGES, false>;
    if constexpr (kRecording) p.recorded = mmWarptile<BM, BN, BK, WM, WN, TM, TN, STAGES, true>;
    p.dynamicShared = std::uint32_t(S::kSharedFloats * sizeof(float));
    return p;
}

template <const WarptileConfig& C, bool kRecording>
KernelPair pairOf() {
    return pairOf<C.bm, C.bn, C.bk, C.wm, C.wn, C.tm, C.tn, C.stages, kRecording>();
}

// The sweep: the two catalog configurations and their neighbours (k-step 8
// or 16, one or two stages, 128 x 256 and 256 x 128 tiles with 128
// accumulators a thread, warps 32 x 64, and a 128-thread block).
constexpr WarptileConfig kSweep[] = {
    {128, 128, 8, 64, 32, 8, 8, 1},   {128, 128, 16, 64, 32, 8, 8, 1},
    {128, 128, 8, 64, 32, 8, 8, 2},   {128, 128, 16, 64, 32, 8, 8, 2},
    {128, 128, 8, 32, 64, 8, 8, 2},   {128, 256, 8, 64, 64, 8, 16, 2},
    {128, 256, 16, 64, 64, 8, 16, 2}, {256, 128, 8, 64, 64, 16, 8, 2},
    {64, 128, 8, 32, 64, 8, 8, 2},
};

template <std::size_t... I>
std::array<KernelPair, sizeof...(I)> sweepPairs(std::index_sequence<I...>) {
    return {pairOf<kSweep[I].bm, kSweep[I].bn, kSweep[I].bk, kSweep[I].wm, kSweep[I].wn,
                   kSweep[I].tm, kSweep[I].tn, kSweep[I].stages, false>()...};
}

}  // namespace

const std::vector<WarptileConfig>& warptileSweepConfigs() {
    static const std::vector<WarptileConfig> list(std::begin(kSweep), std::end(kSweep));
    return list;
}

Result<KernelPair> warptileKernels(const WarptileConfig& c) {
    if (c == kWarptileCatalog) return pairOf<kWarptileCatalog, true>();
    if (c == kWarptileDbCatalog) return pairOf<kWarptileDbCatalog, true>();
    static const auto sweep = sweepPairs(std::make_index_sequence<std::size(kSweep)>{});
    for (std::size_t i = 0; i < sweep.size(); ++i)
        if (kSweep[i] == c) return sweep[i];
    return makeError("warp-tile configuration " + warptileConfigText(c) + " is not compiled in");
}

}  // namespace ws::matmul
