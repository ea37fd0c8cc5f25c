#include "tests/widgets/basics/basics_test_runs.h"

#include "core/basics/greetings.h"
#include "core/basics/transfer_points.h"
#include "core/basics/vector_add_model.h"
#include "core/catalog/catalog.h"
#include "core/timing/crossover.h"

namespace ws::test {

namespace {

DeviceInfo h100() {
    DeviceInfo d;
    d.name = "NVIDIA H100 80GB HBM3";
    d.ccMajor = 9;
    d.smCount = 132;
    d.smClockKHz = 1980000;
    d.maxThreadsPerSm = 2048;
    d.maxBlocksPerSm = 32;
    d.regsPerSm = 65536;
    d.sharedMemPerSm = 233472;
    d.sharedMemPerBlock = 49152;
    d.sharedMemPerBlockOptin = 232448;
    d.maxThreadsPerBlock = 1024;
    d.l2CacheBytes = 52428800;
    d.globalMemBytes = 85028175872LL;
    d.memBandwidthGBs = 3352;
    d.timerTickNs = 32;
    return d;
}

Launch launchOf(const std::string& kernel, std::uint32_t grid, std::uint32_t block,
                std::uint64_t t0) {
    Launch l;
    l.kernel = kernel;
    l.grid = {grid, 1, 1};
    l.block = {block, 1, 1};
    for (std::uint32_t b = 0; b < grid; ++b) {
        l.blocks.block.push_back(b);
        l.blocks.sm.push_back(b * 2);
        l.blocks.startNs.push_back(t0 + b * 100);
        l.blocks.endNs.push_back(t0 + 2000 + b * 100);
        l.blocks.startClock.push_back(0);
        l.blocks.endClock.push_back(4000);
    }
    return l;
}

Run base(const std::string& id, const std::vector<std::string>& assignments) {
    Run r;
    r.experiment = id;
    r.params = *resolveParams(*findExperiment(id), assignments);
    r.device = h100();
    r.recordedAt = "2026-11-23T12:00:00Z";
    return r;
}

}  // namespace

Run helloRun() {
    Run r = base("hello", {"grid=2", "block=40"});
    for (int launch = 0; launch < 2; ++launch) {
        const std::uint64_t t0 = 1'000'000 + std::uint64_t(launch) * 100'000;
        Launch l = launchOf("hello_kernel", 2, 40, t0);
        auto g = expectedGreetings(2, 40);
        const std::pair<std::uint32_t, std::uint32_t> order[2][4] = {
            {{1, 0}, {0, 1}, {0, 0}, {1, 1}}, {{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
        std::uint32_t ticket = 0;
        std::string text;
        for (auto [block, warp] : order[launch])
            for (auto& x : g)
                if (x.block == block && x.warp == warp) {
                    x.sm = block * 2;
                    x.ticket = x.printed = ticket++;
                    x.timeNs = t0 + 200 + x.ticket * 10;
                    text += greetingLine(x.block, x.thread, x.warp, x.lane, x.sm) + "\n";
                }
        l.tables.push_back(greetingsTable(g));
        r.launches.push_back(std::move(l));
        r.texts[printfTextKey(std::size_t(launch))] = text;
    }
    r.verification = {true, true, "80 greetings", "80 greetings", 0, 0, ""};
    return r;
}

Run vectorAddRun(bool boundsCheck) {
    Run r = base("vector-add", {boundsCheck ? "variant=bounds-check" : "variant=no-bounds-check"});
    Launch l = launchOf("addKernel", 2, 3, 1'000'000);
    std::vector<ThreadIndex> rows;
    for (std::uint32_t b = 0; b < 2; ++b)
        for (std::uint32_t t = 0; t < 3; ++t) {
            const std::uint32_t i = b * 3 + t;
            const bool writes = !boundsCheck || i < 5;
            const std::int32_t v = i < 5 ? vectorAddA(i) + vectorAddB(i) : kCanary + kCanary;
            rows.push_back({b, t, i, std::uint8_t(writes), writes ? v : 0});
        }
    l.tables.push_back(threadsTable(rows));
    r.launches.push_back(std::move(l));
    if (!boundsCheck) r.tables.push_back(overrunsTable({{5, 1, 2, kCanary + kCanary}}));
    std::vector<CostPoint> points;
    for (int k = 8; k <= 26; k += 2) {
        const double n = double(1 << k);
        points.push_back({n, n * 1e-6, 0.04 + n * 6e-8, 16, 0.004 + n * 2e-9, 0.03 + n * 2.5e-7});
    }
    r.tables.push_back(crossoverTable(points));
    r.timing.kernelMs = 0.004;
    r.timing.cpuMs = 0.00002;
    r.timing.transferMs = 0.03;
    return r;
}

Run set0Run() {
    Run r = base("set0-mul24", {});
    r.launches.push_back(launchOf("set0Mul24", 4, 512, 1'000'000));
    r.texts["sass.set0Mul24"] =
        "/*0000*/ LDC R1, c[0x0][0x28] ;\n/*0010*/ S2R R0, SR_CTAID.X ;\n/*0020*/ SGXT.U32 R0, R0, "
        "0x18 ;\n/*0030*/ IMAD R0, R0, R5, R3 ;\n/*0040*/ STG.E desc[UR4][R2.64], RZ ;\n/*0050*/ "
        "EXIT ;\n";
    r.texts["sass.set0Multiply"] =
        "/*0000*/ LDC R1, c[0x0][0x28] ;\n/*0010*/ S2R R0, SR_CTAID.X ;\n/*0020*/ IMAD R0, R0, "
        "c[0x0][0x0], R3 ;\n/*0030*/ STG.E desc[UR4][R2.64], RZ ;\n/*0040*/ EXIT ;\n";
    r.texts["sass.architecture"] = "sm_90";
    r.figures = {{"mul24Ms", 0.637},
                 {"mul24MinMs", 0.633},
                 {"mul24MaxMs", 0.642},
                 {"multiplyMs", 0.636},
                 {"multiplyMinMs", 0.632},
                 {"multiplyMaxMs", 0.641},
                 {"multiplyToMul24", 0.636 / 0.637}};
    return r;
}

Run bandwidthRun() {
    Run r = base("host-device-bandwidth", {});
    std::vector<TransferPoint> points;
    for (std::uint64_t b = 1024; b <= (std::uint64_t(1) << 30); b *= 2) {
        auto add = [&](CopyDirection d, HostMemoryKind h, double us, double gbs) {
            const double ms = us / 1e3 + double(b) / (gbs * 1e6);
            points.push_back({d, h, b, ms, ms * 0.97, ms * 1.04, 1.5, 20});
        };
        add(CopyDirection::HostToDevice, HostMemoryKind::Pinned, 10, 55);
        add(CopyDirection::DeviceToHost, HostMemoryKind::Pinned, 10, 55.5);
        add(CopyDirection::HostToDevice, HostMemoryKind::Pageable, 15, 7.7);
        add(CopyDirection::DeviceToHost, HostMemoryKind::Pageable, 15, 11.4);
        add(CopyDirection::DeviceToDevice, HostMemoryKind::None, 4, 1491);
        add(CopyDirection::HostToHost, HostMemoryKind::Pageable, 0.2, 9);
    }
    r.tables.push_back(transfersTable(points));
    r.figures = transferFigures(points);
    r.environment.queried = true;
    r.environment.pcieGeneration = 5;
    r.environment.pcieWidth = 16;
    return r;
}

std::shared_ptr<const PreparedRun> prepared(Run run) {
    return prepareRun(std::make_shared<const Run>(std::move(run)));
}

}  // namespace ws::test
