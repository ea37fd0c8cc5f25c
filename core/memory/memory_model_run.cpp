// modelledMemoryRun: a memory-lab run built from the access model, for tests
// and documentation images on machines without a GPU.
#include <algorithm>
#include <cmath>

#include "core/catalog/catalog.h"
#include "core/memory/memory_access_model.h"
#include "core/memory/memory_regions.h"

namespace ws {

namespace {

Launch modelledLaunch(const std::string& experiment, const ParamValues& p) {
    Launch l;
    l.kernel = experiment;
    if (experiment == "bank-probe") {
        l.grid = {1, 1, 1};
        l.block = {32, 1, 1};
        return l;
    }
    const std::uint32_t w = std::uint32_t(paramInt(p, "width"));
    const std::uint32_t h = std::uint32_t(paramInt(p, "height"));
    auto div = [](std::uint32_t a, std::uint32_t b) { return (a + b - 1) / b; };
    if (experiment == "transpose-u8") {
        l.grid = {div(w, 16), div(h, 16), 1};
        l.block = {16, 16, 1};
    } else if (experiment == "transpose-f32") {
        const std::uint32_t rows = std::uint32_t(std::stoul(paramChoice(p, "rows_per_thread")));
        l.grid = {div(w, 32), div(h, 32), 1};
        l.block = {32, 32 / rows, 1};
    } else {
        const std::uint32_t t = std::uint32_t(paramInt(p, "block"));
        l.block = {t, 1, 1};
        if (experiment == "reduce-columns")
            l.grid = {div(w, t), 1, 1};
        else if (experiment == "reduce-rows-atomic")
            l.grid = {div(h, t), div(w, 128), 1};
        else
            l.grid = {1, h, 1};
    }
    return l;
}

}  // namespace

Run modelledMemoryRun(const std::string& experiment, const ParamValues& given, double kernelMs) {
    Run run;
    run.experiment = experiment;
    if (const ExperimentSpec* spec = findExperiment(experiment))
        if (auto resolved = resolveParams(*spec, given)) run.params = *resolved;
    if (run.params.empty()) run.params = given;
    run.device.name = "modelled H100 (no GPU)";
    run.device.smCount = 132;
    run.device.smClockKHz = 1'755'000;
    run.device.memBandwidthGBs = 3352;
    run.device.timerTickNs = 32;
    run.tool = "warpscope access model";
    Launch l = modelledLaunch(experiment, run.params);

    // Blocks in waves over the SMs, each wave as long as the time allows.
    const std::uint64_t blocks = l.grid.count();
    const std::uint64_t slots =
        std::uint64_t(run.device.smCount) *
        std::max<std::uint64_t>(1, 2048 / std::max<std::uint64_t>(l.block.count(), 1));
    const std::uint64_t waves = (blocks + slots - 1) / slots;
    const double totalNs = std::max(kernelMs, 1e-6) * 1e6;
    const double waveNs = totalNs / double(std::max<std::uint64_t>(waves, 1));
    constexpr std::uint64_t kOrigin = 1'700'000'000'000'000'000ULL;
    l.blocks.resize(std::size_t(blocks));
    for (std::uint64_t i = 0; i < blocks; ++i) {
        const std::uint64_t wave = i / slots;
        l.blocks.block[i] = std::uint32_t(i);
        l.blocks.sm[i] = std::uint32_t(i % std::uint64_t(run.device.smCount));
        l.blocks.startNs[i] = kOrigin + std::uint64_t(std::llround(double(wave) * waveNs));
        l.blocks.endNs[i] = kOrigin + std::uint64_t(std::llround(double(wave + 1) * waveNs * 0.97));
        l.blocks.startClock[i] = std::int64_t(wave) * 1'000'000;
        l.blocks.endClock[i] = l.blocks.startClock[i] + std::int64_t(waveNs * 1.755);
    }

    // Traced: block 0 and the last block, every warp, as the launchers pick them.
    std::vector<std::uint32_t> traced = {0};
    if (blocks > 1) traced.push_back(std::uint32_t(blocks - 1));
    const std::uint32_t warps = std::uint32_t((l.block.count() + 31) / 32);
    for (std::uint32_t b : traced)
        for (std::uint32_t w = 0; w < warps; ++w) {
            const ModelledWarp m = modelWarpAccesses(experiment, run.params, b, w);
            for (std::size_t i = 0; i < m.shared.size(); ++i) {
                auto& s = l.sharedAccesses;
                const WarpAccess& a = m.shared[i].access;
                s.block.push_back(b);
                s.warp.push_back(w);
                s.instruction.push_back(std::uint32_t(i));
                s.widthBytes.push_back(a.widthBytes);
                s.activeMask.push_back(a.activeMask);
                s.address.insert(s.address.end(), a.address.begin(), a.address.end());
                // About 30 cycles a pass, as the probe measures on an H100.
                s.cycles.push_back(std::int64_t(24 + 8 * analyzeBanks(a).passes));
            }
            for (std::size_t i = 0; i < m.global.size(); ++i) {
                auto& g = l.globalAccesses;
                g.block.push_back(b);
                g.warp.push_back(w);
                g.instruction.push_back(std::uint32_t(i));
                g.widthBytes.push_back(m.global[i].widthBytes);
                g.activeMask.push_back(m.global[i].activeMask);
                g.isWrite.push_back(m.global[i].isWrite);
                g.address.insert(g.address.end(), m.global[i].address.begin(),
                                 m.global[i].address.end());
            }
        }
    l.sharedBytes = 0;
    run.launches.push_back(std::move(l));
    const auto geometry = imageGeometry(run);
    run.timing.kernelMs = kernelMs;
    run.timing.repetitions = 1;
    if (geometry) {
        const double elements = double(geometry->inWidth) * double(geometry->inHeight);
        const double in = geometry->bytes ? 1 : 4;
        run.timing.bytesMoved =
            geometry->output == OutputShape::Image
                ? 2 * elements * in
                : elements + 4.0 * double(geometry->outWidth * geometry->outHeight);
    }
    run.verification.checked = false;
    run.verification.note = "modelled from the kernels' index arithmetic, not measured";
    return run;
}

}  // namespace ws
