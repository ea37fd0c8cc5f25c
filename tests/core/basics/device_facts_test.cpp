// The device view's facts: the seed's capability table with rows added after
// it, the SM limits and the memory hierarchy with theoretical and measured
// bandwidths, and the lab's catalog entries first in the browser.
#include "core/device/device_facts.h"

#include <gtest/gtest.h>

#include "core/catalog/catalog.h"
#include "core/device/compute_capability.h"
#include "core/trace/trace_io.h"

namespace ws {
namespace {

DeviceInfo h100() {
    DeviceInfo d;
    d.name = "NVIDIA H100 80GB HBM3";
    d.ccMajor = 9;
    d.smCount = 132;
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
    return d;
}

TEST(ComputeCapability, SeedRowsThenLaterOnesWithTheDevicesRow) {
    const auto& rows = computeCapabilityTable();
    int seed = 0;
    for (const auto& r : rows) seed += r.fromSeed;
    EXPECT_EQ(seed, 15);  // 1.0 to 6.1, as the seed lists them
    EXPECT_EQ(rows.front().version(), "1.0");
    EXPECT_EQ(rows.front().chips, "G80");
    const int i = capabilityRowOf(h100());
    ASSERT_GE(i, 0);
    EXPECT_EQ(rows[std::size_t(i)].architecture, "Hopper");
    EXPECT_FALSE(rows[std::size_t(i)].fromSeed);
    DeviceInfo unknown;
    unknown.ccMajor = 4;
    EXPECT_EQ(capabilityRowOf(unknown), -1);
    const auto fermi = std::find_if(rows.begin(), rows.end(),
                                    [](const CapabilityRow& r) { return r.version() == "2.0"; });
    ASSERT_NE(fermi, rows.end());
    EXPECT_NE(fermi->note.find("__mul24"), std::string::npos);
}

TEST(DeviceFacts, LimitsAndHierarchy) {
    const auto limits = smLimits(h100());
    ASSERT_GE(limits.size(), 4u);
    EXPECT_EQ(limits[0].name, "threads");
    EXPECT_EQ(limits[0].note, "64 warps of 32");
    EXPECT_EQ(limits[2].note, "256 KiB of 32-bit registers");
    ws::Run run;
    run.device = h100();
    run.experiment = "host-device-bandwidth";
    run.figures["dtodGBs"] = 1491;
    run.figures["htodPinnedGBs"] = 54.8;
    run.environment.queried = true;
    run.environment.pcieGeneration = 5;
    run.environment.pcieWidth = 16;
    const auto levels = memoryHierarchy(run);
    ASSERT_EQ(levels.size(), 5u);
    EXPECT_EQ(levels[1].bytes, 233472);
    EXPECT_EQ(bytesText(levels[2].bytes), "50 MiB");
    // 85,024,112,640 bytes, which the H100 80GB's name rounds: 79.2 GiB.
    EXPECT_EQ(bytesText(levels[3].bytes), "79.2 GiB");
    EXPECT_DOUBLE_EQ(levels[3].measuredGBs, 2982);  // read + written
    EXPECT_NEAR(levels[4].theoreticalGBs, 63.015, 0.001);
    EXPECT_EQ(levels[4].scope, "over PCIe Gen5 x16");
    EXPECT_DOUBLE_EQ(levels[4].measuredGBs, 54.8);
    // A copy's throughput over PCIe is measured against the link, and it is
    // never global memory's "measured by this run" (it read 55 of 3352 GB/s).
    EXPECT_TRUE(throughputOverPcie(run));
    const Yardstick link = throughputYardstick(run);
    EXPECT_NEAR(link.gbs, 63.015, 0.001);
    EXPECT_EQ(link.name, "the PCIe Gen5 x16 link's");
    run.figures.clear();
    run.timing.kernelMs = 19.5;
    run.timing.bytesMoved = 1073741824.0;
    const auto copies = memoryHierarchy(run);
    EXPECT_EQ(copies[3].measuredGBs, 0);
    EXPECT_NEAR(copies[4].measuredGBs, run.timing.gbPerS(), 1e-9);
    ws::Run kernel = run;
    kernel.experiment = "reduce-ladder";
    EXPECT_EQ(throughputYardstick(kernel).name, "the device memory's");
    EXPECT_NEAR(memoryHierarchy(kernel)[3].measuredGBs, kernel.timing.gbPerS(), 1e-9);
}

TEST(BasicsCatalog, FirstInTheBrowserWithCheckedParameters) {
    const auto& all = catalog();
    ASSERT_GE(all.size(), 4u);
    EXPECT_EQ(all[0].id, "hello");
    EXPECT_EQ(all[1].id, "vector-add");
    EXPECT_EQ(all[2].id, "set0-mul24");
    EXPECT_EQ(all[3].id, "host-device-bandwidth");
    for (int i = 0; i < 4; ++i) EXPECT_EQ(all[std::size_t(i)].group, "basics");
    auto big = resolveParams(all[0], std::vector<std::string>{"grid=64", "block=1024"});
    ASSERT_FALSE(big);
    EXPECT_NE(big.error().find("at most 8192"), std::string::npos) << big.error();
    auto order =
        resolveParams(all[3], std::vector<std::string>{"min_bytes=2^20", "max_bytes=1024"});
    ASSERT_FALSE(order);
    EXPECT_NE(order.error().find("above max_bytes=1024"), std::string::npos) << order.error();
    auto odd = resolveParams(all[3], std::vector<std::string>{"max_bytes=3000"});
    ASSERT_FALSE(odd);
    EXPECT_NE(odd.error().find("power of two"), std::string::npos);
}

TEST(BasicsTrace, TablesTextsAndFiguresSurviveTheFile) {
    ws::Run run;
    run.experiment = "set0-mul24";
    run.device = h100();
    run.texts["sass.set0Mul24"] = "/*0000*/ EXIT ;\n";
    run.figures["mul24Ms"] = 0.637;
    RecordTable& t = addTable(run.tables, "set0Samples");
    t.add<std::uint8_t>("variant") = {0, 1};
    t.add<double>("ms") = {0.637, 0.636};
    auto back = decodeTrace(encodeTrace(run));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->texts.at("sass.set0Mul24"), "/*0000*/ EXIT ;\n");
    EXPECT_DOUBLE_EQ(back->figures.at("mul24Ms"), 0.637);
    ASSERT_NE(findTable(back->tables, "set0Samples"), nullptr);
}

}  // namespace
}  // namespace ws
