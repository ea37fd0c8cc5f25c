// What `warpscope-record info` prints for the lab's tables: the plateaus of a
// latency run, the L2 split, bandwidth per level, the constant cache's
// cycles, the texture paths, the local variants and the occupancy sweep; the
// error for a table that does not check out; nothing for another lab's run.
#include "core/memkinds/memkinds_summary.h"

#include <gtest/gtest.h>

#include "core/memkinds/memkinds_tables.h"

namespace ws::memkinds {
namespace {

bool has(const std::vector<std::string>& lines, const std::string& text) {
    for (const auto& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

std::string all(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
}

ws::Run h100Run(const char* experiment) {
    ws::Run run;
    run.experiment = experiment;
    run.device.ccMajor = 9;
    run.device.l2CacheBytes = 50 * 1024 * 1024;
    run.device.sharedMemPerSm = 233472;
    return run;
}

TEST(MemkindsSummary, LatencyPlateaus) {
    ws::Run run = h100Run("memory-latency");
    run.params["path"] = "global";
    std::vector<LatencyPoint> points;
    for (std::uint64_t w = 1024; w <= (std::uint64_t(1) << 30); w *= 2) {
        const double c = w <= 128 * 1024 ? 33 : w <= (32u << 20) ? 262 : 650;
        points.push_back(
            {w, 128, 4096, w == 256 * 1024 ? 140 : c, (w == 256 * 1024 ? 140 : c) / 1.65, 7, 7});
    }
    run.tables.push_back(latencyTable(points));
    const auto lines = summaryLines(run);
    ASSERT_EQ(lines.size(), 1u) << all(lines);
    EXPECT_TRUE(has(lines, "latency: 21 working sets, 1 KiB to 1 GiB, stride 128 B")) << all(lines);
    EXPECT_TRUE(has(lines, "L1 33 cycles (20 ns) 1 KiB to 128 KiB")) << all(lines);
    EXPECT_TRUE(has(lines, "L2 262 cycles (159 ns) 512 KiB to 32 MiB")) << all(lines);
    EXPECT_TRUE(has(lines, "HBM 650 cycles (394 ns) 64 MiB to 1 GiB")) << all(lines);
    EXPECT_FALSE(has(lines, "expected index"));

    run.tables[0] = latencyTable({{1024, 128, 4096, 33, 20, 8, 0}});
    EXPECT_TRUE(has(summaryLines(run), "1 chases ended off the expected index"));
}

TEST(MemkindsSummary, L2Distance) {
    ws::Run run = h100Run("l2-distance");
    std::vector<SmLatency> points;
    for (std::uint32_t sm = 0; sm < 132; ++sm) {
        const double c = sm % 2 ? 280 : 210;
        points.push_back({sm, c, c / 1.7, 0, 0});
    }
    run.tables.push_back(smLatencyTable(points));
    auto lines = summaryLines(run);
    EXPECT_TRUE(has(lines,
                    "l2-distance: 132 SMs, 210 to 280 cycles; two partitions: near 66 SMs "
                    "210 cycles, far 66 SMs 280 cycles"))
        << all(lines);
    for (auto& p : points) p.cyclesPerLoad = 250;
    run.tables[0] = smLatencyTable(points);
    lines = summaryLines(run);
    EXPECT_TRUE(has(lines, "one level, 250 cycles")) << all(lines);
}

TEST(MemkindsSummary, EveryOtherTable) {
    ws::Run run = h100Run("local-memory");
    run.params["angle"] = "30";
    run.tables.push_back(
        // Rates as the launcher writes them: bytes over milliseconds.
        bandwidthTable(
            {{BandwidthLevel::Global, 16384, 1u << 30, 0.1, 1073741824 / 0.1e6, true},
             {BandwidthLevel::Global, 1u << 30, 1ull << 34, 6, 17179869184 / 6e6, true},
             {BandwidthLevel::Shared, 16384, 1u << 30, 0.05, 1073741824 / 0.05e6, true}}));
    run.tables.push_back(constantTable({{ConstantPath::Constant, 1, 4, true},
                                        {ConstantPath::Constant, 32, 130, true},
                                        {ConstantPath::Global, 32, 30, false}}));
    run.tables.push_back(texturePathsTable(
        {{TexturePath::Texture, 0.2, 1600, true}, {TexturePath::Global, 0.35, 960, true}}));
    run.tables.push_back(localTable(
        {{LocalKind::Registers, 40, 0, 0.5, true}, {LocalKind::Spilled, 16, 96, 1.2, true}}));
    run.tables.push_back(occupancyTable({{128, 0, 256, 0, 2, 2}, {32, 0, 256, 0, 8, 7}}));
    const auto lines = summaryLines(run);
    const std::string text = all(lines);
    EXPECT_TRUE(has(lines, "global best 10737 GB/s at 16 KiB")) << text;
    EXPECT_TRUE(has(lines, "shared best 21475 GB/s")) << text;
    EXPECT_TRUE(has(lines,
                    "constant: constant, cycles per warp load by distinct indices: 1: 4.0; "
                    "32: 130.0"))
        << text;
    EXPECT_TRUE(has(lines,
                    "constant: global, cycles per warp load by distinct indices: 32: 30.0 "
                    "(not verified)"))
        << text;
    EXPECT_TRUE(has(lines, "texture-paths (30 degrees): texture 0.200 ms, 1600 GB/s; global"))
        << text;
    EXPECT_TRUE(has(lines, "spilled 1.200 ms, 16 registers, 96 B local")) << text;
    EXPECT_TRUE(has(lines,
                    "occupancy: 2 register caps, measured blocks per SM equal the "
                    "prediction at 1"))
        << text;
    EXPECT_TRUE(has(lines, "32 registers: 8 predicted, 7 measured")) << text;
}

TEST(MemkindsSummary, ATableThatFailsSaysWhy) {
    ws::Run run = h100Run("constant-memory");
    run.tables.push_back(constantTable({{ConstantPath::Constant, 1, 0, true}}));
    const auto lines = summaryLines(run);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].rfind("constant: table 'constant', row 0", 0), 0u) << lines[0];
}

TEST(MemkindsSummary, OtherLabsGetNothing) {
    ws::Run run = h100Run("argmin");
    RecordTable curve{"curve", {}};
    curve.add<std::uint32_t>("threads") = {32};
    run.tables.push_back(curve);
    EXPECT_TRUE(summaryLines(run).empty());
    EXPECT_TRUE(summaryLines(ws::Run{}).empty());
}

}  // namespace
}  // namespace ws::memkinds
