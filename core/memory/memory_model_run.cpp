// modelledMemoryRun: a memory-lab run built from the access model, for tests
// and documentation images on machines without a GPU.
#include <algorithm>
#include <cmath>

#include "core/memory/memory_access_model.h"
#include "core/memory/memory_regions.h"

namespace ws {

namespace {

Launch modelledLaunch(const MemorySettings& settings) {
    Launch l;
    l.kernel = std::string(settings.id());
    const LaunchShape shape = modelledLaunchShape(settings);
    l.grid = shape.grid;
    l.block = shape.block;
    return l;
}

}  // namespace

Run modelledMemoryRun(const std::string& experiment, const ParamValues& given, double kernelMs) {
    Run run;
    run.experiment = experiment;
    // Parameters the catalog refuses model the catalog's defaults.
    auto parsed = memorySettings(experiment, given);
    if (!parsed) parsed = memorySettings(experiment, {});
    const MemorySettings settings = parsed ? std::move(*parsed) : MemorySettings{};
    run.params = parsed ? settings.resolved : given;
    run.device.name = "modelled H100 (no GPU)";
    run.device.smCount = 132;
    run.device.smClockKHz = 1'755'000;
    run.device.memBandwidthGBs = 3352;
    run.device.timerTickNs = 32;
    run.tool = "warpscope access model";
    Launch l = modelledLaunch(settings);

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
            const ModelledWarp m = modelWarpAccesses(settings, b, w);
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
    const auto geometry = imageGeometry(settings);
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
