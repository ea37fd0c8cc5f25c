#include "core/matmul/matmul_model_run.h"

#include <algorithm>
#include <cmath>

#include "core/catalog/catalog.h"
#include "core/matmul/matmul_bug.h"
#include "core/matmul/matmul_records.h"
#include "core/matmul/matmul_reference.h"
#include "core/matmul/matmul_settings.h"
#include "core/matmul/matmul_traffic.h"

namespace ws {

namespace {

DeviceInfo modelledH100() {
    DeviceInfo d;
    d.name = "modelled H100 (no GPU)";
    d.ccMajor = 9;
    d.smCount = 132;
    d.smClockKHz = 1'980'000;
    d.memBandwidthGBs = 3352;
    d.timerTickNs = 32;
    return d;
}

// Block 0, the last block, and blocks evenly between, as the launchers pick them.
std::vector<std::uint32_t> tracedIds(std::uint64_t blocks, std::uint32_t count) {
    std::vector<std::uint32_t> ids;
    const std::uint64_t wanted = std::min<std::uint64_t>({count, blocks, 8});
    for (std::uint64_t i = 0; i < wanted; ++i)
        ids.push_back(std::uint32_t(wanted == 1 ? 0 : i * (blocks - 1) / (wanted - 1)));
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

void modelBlocks(Launch& l, std::uint64_t slotsPerSm, const DeviceInfo& d, double kernelMs) {
    const std::uint64_t blocks = l.grid.count();
    const std::uint64_t slots = std::uint64_t(d.smCount) * std::max<std::uint64_t>(1, slotsPerSm);
    const std::uint64_t waves = (blocks + slots - 1) / slots;
    const double waveNs =
        std::max(kernelMs, 1e-6) * 1e6 / double(std::max<std::uint64_t>(waves, 1));
    constexpr std::uint64_t kOrigin = 1'700'000'000'000'000'000ULL;
    l.blocks.resize(std::size_t(blocks));
    for (std::uint64_t i = 0; i < blocks; ++i) {
        const std::uint64_t wave = i / slots;
        l.blocks.block[i] = std::uint32_t(i);
        l.blocks.sm[i] = std::uint32_t(i % std::uint64_t(d.smCount));
        l.blocks.startNs[i] = kOrigin + std::uint64_t(std::llround(double(wave) * waveNs));
        l.blocks.endNs[i] = kOrigin + std::uint64_t(std::llround((double(wave) + 0.97) * waveNs));
        l.blocks.startClock[i] = std::int64_t(wave) * 10'000'000;
        l.blocks.endClock[i] = l.blocks.startClock[i] + std::int64_t(waveNs * 0.97 * 1.98);
    }
}

void modelTraces(Launch& l, const MatmulRunShape& s, std::uint32_t traced) {
    const MatmulTiling& t = *s.tiling;
    const bool buggy = s.variant == MatmulVariant::SeedTiledBug;
    PhaseColumns columns;
    const std::uint32_t phases = phaseCount(t, s.n);
    const auto reads =
        s.variant == MatmulVariant::Warptile || s.variant == MatmulVariant::WarptileDb
            ? warptileSharedReads(*t.warptile, 0, kMatmulTracedKSteps)
            : matmulSharedReads(s.variant, s.blockDim, 0, kMatmulTracedKSteps,
                                std::min(t.tileK, s.n));
    for (std::uint32_t b : tracedIds(l.grid.count(), traced)) {
        const std::int64_t c0 = l.blocks.startClock[b], c1 = l.blocks.endClock[b];
        for (std::uint32_t p = 0; p < phases; ++p) {
            const PhaseTiles tiles = phaseTiles(t, s.n, b, p, buggy);
            columns.push(b, p, tiles.a.row, tiles.a.col, tiles.b.row, tiles.b.col,
                         c0 + (c1 - c0) * std::int64_t(p) / std::int64_t(phases));
        }
        auto& a = l.sharedAccesses;
        for (std::size_t i = 0; i < reads.size(); ++i) {
            a.block.push_back(b);
            a.warp.push_back(0);
            a.instruction.push_back(std::uint32_t(i));
            a.widthBytes.push_back(reads[i].access.widthBytes);
            a.activeMask.push_back(reads[i].access.activeMask);
            a.address.insert(a.address.end(), reads[i].access.address.begin(),
                             reads[i].access.address.end());
            // About 30 cycles a pass, as the probe measures on an H100.
            a.cycles.push_back(std::int64_t(24 + 8 * analyzeBanks(reads[i].access).passes));
        }
    }
    columns.storeInto(l.tables);
}

// The printed kernel's wrong entries, from its CPU emulation.
void modelBugCheck(Run& run, std::uint32_t n, std::uint32_t blockDim) {
    const auto a = makeMatmulInput(n, 1, MatmulOperand::A);
    const auto b = makeMatmulInput(n, 1, MatmulOperand::B);
    std::vector<float> c(std::size_t(n) * n);
    for (std::uint32_t i = 0; i < n; ++i)
        for (std::uint32_t j = 0; j < n; ++j)
            c[std::size_t(i) * n + j] = float(seedTiledBugEntry(a, b, n, blockDim, i, j));
    const auto ref = MatmulReference::compute(a, b, n, matmulSample(n, 1));
    const MatmulCheck check = ref.check(c.data(), 0);
    run.verification = matmulVerification(check, ref, matmulTolerance(n));
    storeMatmulCheck(run, check);
}

}  // namespace

Run modelledMatmulRun(const ParamValues& given, double kernelMs) {
    Run run;
    run.experiment = "matmul";
    if (auto resolved = resolveParams(*findExperiment("matmul"), given)) run.params = *resolved;
    run.device = modelledH100();
    run.tool = "warpscope matmul model";
    run.timing.kernelMs = kernelMs;
    run.timing.repetitions = 1;
    run.verification.checked = false;
    run.verification.note = "modelled from the kernels' index arithmetic, not measured";
    auto shape = matmulRunShape(run);
    if (!shape) return run;
    run.timing.flops = matmulFlops(shape->n);
    run.timing.bytesMoved = 3.0 * shape->n * double(shape->n) * sizeof(float);
    run.figures["fp32PeakGflops"] = fp32PeakGflops(run.device);
    if (!shape->tiling) return run;
    const MatmulTiling& t = *shape->tiling;
    storeMatmulTiling(run, t);
    Launch l;
    l.kernel = std::string("modelled ") + matmulVariantInfo(shape->variant).id;
    l.grid = matmulGrid(t, shape->n);
    l.block = t.block;
    l.sharedBytes = t.sharedBytes;
    modelBlocks(l, std::max<std::uint64_t>(1, 2048 / t.block.count()), run.device, kernelMs);
    if (const auto settings = matmulSettingsOf(run); settings && t.tileK > 0)
        modelTraces(l, *shape, settings->tracedBlocks);
    run.launches.push_back(std::move(l));
    if (shape->variant == MatmulVariant::SeedTiledBug && shape->n <= 512)
        modelBugCheck(run, shape->n, shape->blockDim);
    return run;
}

}  // namespace ws
