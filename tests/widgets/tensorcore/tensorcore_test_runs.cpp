#include "tests/widgets/tensorcore/tensorcore_test_runs.h"

#include <algorithm>
#include <cmath>

#include "core/matmul/matmul_records.h"
#include "core/matmul/matmul_variants.h"
#include "core/tensorcore/tensorcore_pipeline.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws::test {

namespace {

DeviceInfo h100() {
    DeviceInfo d;
    d.name = "Synthetic H100";
    d.ccMajor = 9;
    d.smCount = 132;
    d.smClockKHz = int(kClockGHz * 1e6);
    d.memBandwidthGBs = 3350;
    d.timerTickNs = 32;
    return d;
}

// One block's k-steps, as the kernel would record them: the producer takes
// a stage once every consumer released the step that held it; a consumer is
// let through once the stage's bytes landed; with a batch in flight it
// releases step i - 1 after issuing step i.
std::vector<PipelineStep> blockSteps(std::uint32_t block, std::uint32_t steps, std::int64_t start,
                                     bool batch) {
    std::vector<PipelineStep> out(steps);
    std::int64_t producer = start + kFirstWaitCycles;
    std::int64_t nextWait[2] = {start + kFirstWaitCycles, start + kFirstWaitCycles};
    std::int64_t tensorFree[2] = {0, 0};  // when a consumer's previous wgmma ends
    for (std::uint32_t i = 0; i < steps; ++i) {
        PipelineStep& s = out[i];
        s.block = block;
        s.step = i;
        s.phase = i;
        s.stage = i % kTmaStages;
        s.producerWait = producer;
        // A consumer may release late (a batch in flight): fill releases of
        // step i - kTmaStages before the producer needs them.
        std::int64_t free = 0;
        if (i >= kTmaStages)
            free = std::max(out[i - kTmaStages].released[0], out[i - kTmaStages].released[1]);
        s.issued = std::max(s.producerWait, free);
        producer = s.issued + 20;
        for (int c = 0; c < 2; ++c) {
            s.wait[c] = nextWait[c];
            s.ready[c] = std::max(s.wait[c], s.issued + kLoadCycles + c);
            const std::int64_t previousDone = tensorFree[c];
            const std::int64_t done = std::max(s.ready[c], tensorFree[c]) + kComputeCycles;
            tensorFree[c] = done;
            if (!batch) {
                s.released[c] = done;
                nextWait[c] = done + 10;
            } else {
                s.released[c] = done;  // the last step's release; earlier ones below
                if (i > 0) {
                    PipelineStep& prev = out[i - 1];
                    prev.released[c] = std::max(s.ready[c], previousDone) + 5;
                    nextWait[c] = prev.released[c] + 10;
                } else {
                    nextWait[c] = s.ready[c] + 10;
                }
            }
        }
    }
    return out;
}

}  // namespace

Run tensorCoreRun(const std::string& variant, std::uint32_t n, std::uint32_t traced) {
    Run run;
    run.experiment = "matmul-tc";
    run.params = {{"variant", variant},
                  {"n", std::to_string(n)},
                  {"output", "f32"},
                  {"traced_blocks", std::to_string(traced)}};
    run.device = h100();
    run.tool = "tensorcore_test_runs";
    const auto v = parseTensorCoreVariant(variant);
    const auto tiling = v ? tensorCoreTiling(*v) : std::nullopt;
    const bool tma = tiling && tiling->tileN == kTmaTileN;
    const bool batch = tma && *v != TensorCoreVariant::WgmmaTma;
    const double tflops = variant == "cublas" ? 660 : tma ? 560 : 300;
    run.timing.flops = matmulFlops(n);
    run.timing.kernelMs = run.timing.flops / (tflops * 1e12) * 1e3;
    run.figures["tflops"] = tflops;
    run.texts["idea"] = v ? tensorCoreVariantInfo(*v).idea : "";
    if (!tiling) return run;  // cuBLAS: no kernel of ours, no records
    storeMatmulTiling(run, *tiling);
    if (tma) {
        run.figures["stages"] = kTmaStages;
        run.figures["clusterBlocks"] = *v == TensorCoreVariant::Clusters ? 2 : 1;
        run.figures["tilesPerBlock"] = 1;
    }
    Launch l;
    l.kernel = "tensorcore_" + variant;
    const Dim3 grid = matmulGrid(*tiling, n);
    l.grid = grid;
    l.block = tiling->block;
    const std::uint32_t blocks = std::uint32_t(grid.count());
    const std::uint32_t steps = (n + kWgmmaTileK - 1) / kWgmmaTileK;
    // Every block on its own SM, all at once (fewer blocks than SMs), each
    // as long as its steps take.
    const std::int64_t cycles =
        kFirstWaitCycles + std::int64_t(steps + 2) * kComputeCycles + kLoadCycles;
    l.blocks.resize(blocks);
    for (std::uint32_t b = 0; b < blocks; ++b) {
        l.blocks.block[b] = b;
        l.blocks.sm[b] = b % 132;
        l.blocks.startNs[b] = 1'000'000 + 64ull * b;
        l.blocks.startClock[b] = 5'000'000 + 1000 * std::int64_t(b);
        l.blocks.endClock[b] = l.blocks.startClock[b] + cycles;
        l.blocks.endNs[b] =
            l.blocks.startNs[b] + std::uint64_t(std::llround(double(cycles) / kClockGHz));
    }
    if (tma && traced > 0) {
        PipelineColumns columns;
        for (std::uint32_t t = 0; t < traced && t < blocks; ++t) {
            const std::uint32_t b =
                traced == 1 ? 0 : std::uint32_t(std::uint64_t(t) * (blocks - 1) / (traced - 1));
            const auto s = blockSteps(b, steps, l.blocks.startClock[b], batch);
            columns.rows.insert(columns.rows.end(), s.begin(), s.end());
        }
        columns.storeInto(l.tables);
    }
    run.launches.push_back(std::move(l));
    return run;
}

}  // namespace ws::test
