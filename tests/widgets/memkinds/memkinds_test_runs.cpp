#include "tests/widgets/memkinds/memkinds_test_runs.h"

#include <cmath>

#include "core/memkinds/chase_reference.h"
#include "core/memkinds/memkinds_tables.h"
#include "core/memkinds/occupancy_model.h"
#include "core/run/synthetic_run.h"

namespace ws::test {

namespace {

using namespace memkinds;

constexpr std::uint64_t kOrigin = 1'795'643'284'305'447'000ULL;
constexpr double kGHz = 1.755;  // the SM clock: ns = cycles / kGHz

// One launch of `blocks` blocks on as many SMs, each `ns` long, one after
// another in waves of 132: what the playback plays through.
void addLaunch(Run& run, const std::string& kernel, std::uint32_t blocks, double ns) {
    Launch l;
    l.kernel = kernel;
    l.grid = {blocks, 1, 1};
    l.block = {256, 1, 1};
    for (std::uint32_t b = 0; b < blocks; ++b) {
        const double start = double(b / 132) * ns;
        l.blocks.block.push_back(b);
        l.blocks.sm.push_back(b % 132);
        l.blocks.startNs.push_back(kOrigin + std::uint64_t(start));
        l.blocks.endNs.push_back(kOrigin + std::uint64_t(start + ns));
        l.blocks.startClock.push_back(std::int64_t(start * kGHz));
        l.blocks.endClock.push_back(std::int64_t((start + ns) * kGHz));
    }
    run.launches.push_back(std::move(l));
}

Run base(const std::string& experiment, ParamValues params) {
    Run run;
    run.experiment = experiment;
    run.params = std::move(params);
    run.device = h100();
    run.recordedAt = "2025-01-01T00:00:00Z";
    run.tool = "memkinds tests";
    return run;
}

// A small, fixed wobble, so plateaus are not ruler-flat.
double wobble(std::uint64_t i) { return 1.0 + 0.01 * double(int(i * 7 % 5) - 2); }

}  // namespace

DeviceInfo h100() {
    // The synthetic runs' H100 limits, with the name, clock and bandwidth
    // these tests' figures are worked out from.
    DeviceInfo d = syntheticDevice(132);
    d.name = "NVIDIA H100 80GB HBM3";
    d.smClockKHz = int(kGHz * 1e6);
    d.memBandwidthGBs = 3352;
    d.driverVersion.clear();
    d.runtimeVersion.clear();
    return d;
}

Run latencyRun(const std::string& path, double scale) {
    Run run = base("memory-latency", {{"path", path},
                                      {"stride", "128"},
                                      {"min_bytes", "1024"},
                                      {"max_bytes", "268435456"},
                                      {"loads", "4096"}});
    std::vector<LatencyPoint> points;
    std::uint64_t i = 0;
    // Two points an octave, as the experiment sweeps: the far L2 partition
    // shows between 24 and 48 MiB.
    for (std::uint64_t ws : workingSetSweep(1024, 256u << 20, 2, 128)) {
        double cycles = ws <= (192u << 10)   ? 33
                        : ws <= (256u << 10) ? 150
                        : ws <= (24u << 20)  ? 262
                        : ws <= (48u << 20)  ? 390
                                             : 650;
        cycles *= wobble(i++) * scale;
        LatencyPoint p;
        p.workingSetBytes = ws;
        p.strideBytes = 128;
        p.loads = 4096;
        p.cyclesPerLoad = cycles;
        p.nsPerLoad = cycles / kGHz;
        p.finalIndex = p.expectedIndex = std::uint32_t(ws / 4 % 4096);
        points.push_back(p);
    }
    run.tables.push_back(latencyTable(points));
    addLaunch(run, "chase", 1, 200000);
    return run;
}

Run l2Run(bool split) {
    Run run = base("l2-distance", {{"bytes", "4096"}, {"stride", "128"}, {"loads", "2048"}});
    std::vector<SmLatency> points;
    for (std::uint32_t sm = 0; sm < 132; ++sm) {
        const bool far = split && (sm / 8) % 2 == 1;
        SmLatency s;
        s.sm = sm;
        s.cyclesPerLoad = (far ? 262 : 210) + double(sm % 5) - 2;
        s.nsPerLoad = s.cyclesPerLoad / kGHz;
        s.finalIndex = s.expectedIndex = 7;
        points.push_back(s);
    }
    run.tables.push_back(smLatencyTable(points));
    addLaunch(run, "chaseFromSm", 132, 3000);
    return run;
}

Run bandwidthRun() {
    Run run = base("memory-bandwidth",
                   {{"min_bytes", "16384"}, {"max_bytes", "1073741824"}, {"block", "512"}});
    std::vector<BandwidthPoint> points;
    std::uint64_t i = 0;
    for (std::uint64_t ws = 16u << 10; ws <= (1u << 30); ws *= 2, ++i) {
        const double gbs = (ws <= (128u << 10)   ? 21000
                            : ws == (256u << 10) ? 14000
                            : ws <= (32u << 20)  ? 9500
                            : ws == (64u << 20)  ? 4200
                                                 : 2950) *
                           wobble(i);
        BandwidthPoint p;
        p.level = BandwidthLevel::Global;
        p.workingSetBytes = ws;
        p.bytesRead = std::max<std::uint64_t>(ws, 1u << 30);
        p.gbPerS = gbs;
        p.ms = double(p.bytesRead) / (gbs * 1e6);
        p.verified = true;
        points.push_back(p);
        // The same reads skipping L1: L2's rate until the set outgrows L2.
        p.level = BandwidthLevel::L2Only;
        p.gbPerS = (ws <= (32u << 20) ? 8800 : ws == (64u << 20) ? 4100 : 2950) * wobble(i + 1);
        p.ms = double(p.bytesRead) / (p.gbPerS * 1e6);
        points.push_back(p);
    }
    BandwidthPoint s;
    s.level = BandwidthLevel::Shared;
    s.workingSetBytes = 48u << 10;
    s.bytesRead = 4ull << 30;
    s.gbPerS = 26500;
    s.ms = double(s.bytesRead) / (s.gbPerS * 1e6);
    s.verified = true;
    points.push_back(s);
    run.tables.push_back(bandwidthTable(points));
    addLaunch(run, "readAll", 264, 40000);
    return run;
}

Run constantRun(std::uint32_t distinct) {
    Run run = base("constant-memory", {{"distinct", std::to_string(distinct)}, {"loads", "4096"}});
    std::vector<ConstantPoint> points;
    for (ConstantPath path : {ConstantPath::Constant, ConstantPath::Global, ConstantPath::ReadOnly})
        for (std::uint32_t d : {1u, 2u, 4u, 8u, 16u, 32u}) {
            ConstantPoint p;
            p.path = path;
            p.distinct = d;
            p.cyclesPerLoad = path == ConstantPath::Constant ? 4.0 + 8.0 * d
                              : path == ConstantPath::Global ? 30.0 + 0.4 * d
                                                             : 28.0 + 0.35 * d;
            p.verified = true;
            points.push_back(p);
        }
    run.tables.push_back(constantTable(points));
    addLaunch(run, "constantReads", 1, 20000);
    return run;
}

Run textureRun(const std::string& path) {
    Run run =
        base("texture", {{"size", "4096"}, {"angle", "30"}, {"path", path}, {"block", "256"}});
    const double bytes = 2.0 * 4096 * 4096 * 4;  // image read, window written
    std::vector<TexturePathTiming> rows;
    for (auto [p, ms] : {std::pair{TexturePath::Texture, 0.094},
                         {TexturePath::Global, 0.161},
                         {TexturePath::ReadOnly, 0.118}})
        rows.push_back({p, ms, bytes / (ms * 1e6), true});
    run.tables.push_back(texturePathsTable(rows));
    addLaunch(run, "rotate", 132 * 4, 20000);
    return run;
}

Run localRun(const std::string& variant) {
    Run run = base("local-memory", {{"variant", variant},
                                    {"n", std::to_string(1 << 22)},
                                    {"block", "256"},
                                    {"shared_kib", "0"}});
    run.tables.push_back(localTable({{LocalKind::Registers, 40, 0, 0.61, true},
                                     {LocalKind::LocalIndexed, 38, 128, 2.35, true},
                                     {LocalKind::Spilled, 32, 96, 1.74, true}}));
    std::vector<OccupancyPoint> sweep;
    for (std::uint32_t regs : {255u, 168u, 128u, 96u, 72u, 64u, 48u, 40u, 32u}) {
        OccupancyPoint p;
        p.registersPerThread = regs;
        p.localBytesPerThread = regs < 40 ? 40 - regs + 24 : 0;
        p.threadsPerBlock = 256;
        p.sharedBytesPerBlock = 0;
        p.predictedBlocksPerSm = predictOccupancy(run.device, regs, 256, 0).blocks;
        // One point short of the prediction: blocks come and go, the most
        // seen at once can fall below what fits.
        p.measuredBlocksPerSm = p.predictedBlocksPerSm - (regs == 64 ? 1 : 0);
        sweep.push_back(p);
    }
    run.tables.push_back(occupancyTable(sweep));
    addLaunch(run, "localArray", 132 * 8, 15000);
    return run;
}

Run withBrokenTable(Run run, const std::string& table) {
    for (RecordTable& t : run.tables)
        if (t.name == table && !t.columns.empty())
            t.columns.front().data = std::vector<float>(t.rows(), 1.0f);
    return run;
}

}  // namespace ws::test
