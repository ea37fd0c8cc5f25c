// The lab's numbers on hand-worked cases: where the GPU starts to pay off,
// what a PCIe link carries, the latency + bandwidth fit of copies, the
// spread of timings, __mul24's arithmetic and the launches it allows.
#include <gtest/gtest.h>

#include <cmath>

#include "core/basics/set0_check.h"
#include "core/basics/transfer_points.h"
#include "core/device/pcie_link.h"
#include "core/timing/crossover.h"
#include "core/timing/timing_spread.h"

namespace ws {
namespace {

// CPU: 1 ns per element. GPU kernel: 5 us + 0.01 ns per element; copies:
// 30 us + 0.25 ns per element. All cores: 16x the CPU plus 40 us to start.
std::vector<CostPoint> modelPoints() {
    std::vector<CostPoint> out;
    for (int k = 8; k <= 26; k += 2) {
        const double n = std::ldexp(1.0, k);
        out.push_back({n, n * 1e-6, 0.04 + n * 1e-6 / 16, 16, 0.005 + n * 1e-8, 0.03 + n * 2.5e-7});
    }
    return out;
}

TEST(Crossover, InterpolatesOnLogAxesBetweenTheSizesAroundIt) {
    const auto points = modelPoints();
    const Crossover k = findCrossover(points, GpuCost::Kernel, CpuCost::OneThread);
    ASSERT_EQ(k.kind, Crossover::Kind::Crosses);
    // Exactly where n * 1e-6 = 0.005 + n * 1e-8: n = 5051; the log-log
    // interpolation between 4096 and 16384 lands close to it.
    EXPECT_GT(k.n, 4096);
    EXPECT_LT(k.n, 6500);
    const Crossover t = findCrossover(points, GpuCost::WithTransfers, CpuCost::OneThread);
    ASSERT_EQ(t.kind, Crossover::Kind::Crosses);
    EXPECT_GT(t.n, k.n);  // the copies push it later
    // Against all cores the copies (0.26 ns an element) lose to 1/16 ns an
    // element at large sizes; at the smallest the cores' start-up (0.04 ms)
    // costs more than the GPU's 0.035 ms. Exactly: n = 0.005 / 1.975e-7 = 25,316.
    const Crossover all = findCrossover(points, GpuCost::WithTransfers, CpuCost::AllCores);
    ASSERT_EQ(all.kind, Crossover::Kind::GpuBetween);
    EXPECT_EQ(all.n, 256);
    EXPECT_GT(all.nEnd, 16384);
    EXPECT_LT(all.nEnd, 65536);
    EXPECT_EQ(all.text().rfind("the GPU is faster from about 256 to about ", 0), 0u) << all.text();
    EXPECT_NE(all.text().find(" elements, the CPU again above that"), std::string::npos) << all.text();
    auto late = points;
    late.erase(late.begin(), late.begin() + 5);  // from 2^18 on the GPU always wins
    const Crossover g = findCrossover(late, GpuCost::Kernel, CpuCost::OneThread);
    EXPECT_EQ(g.kind, Crossover::Kind::GpuAlways);
    EXPECT_EQ(g.n, std::ldexp(1.0, 18));
    EXPECT_EQ(findCrossover({}, GpuCost::Kernel, CpuCost::OneThread).kind,
              Crossover::Kind::NotEnoughPoints);
    const auto figures = crossoverFigures(points);
    EXPECT_TRUE(figures.count("crossoverElements"));
    EXPECT_TRUE(figures.count("crossoverWithTransfersElements"));
    EXPECT_FALSE(figures.count("crossoverWithTransfersParallelElements"));
}

TEST(Crossover, AGpuLeadInTheMiddleIsNotCalledACpuWin) {
    // The bundled sweep's shape: the CPU ahead at small sizes, the GPU with
    // its copies ahead in the middle, all cores ahead again at the largest.
    std::vector<CostPoint> points;
    const double gpu[] = {0.02, 0.02, 0.03, 0.1, 0.5, 3.0};
    const double cpu[] = {0.001, 0.01, 0.05, 0.3, 1.0, 2.0};
    for (int i = 0; i < 6; ++i)
        points.push_back({std::ldexp(1.0, 10 + 2 * i), 0, cpu[i], 16, gpu[i] / 2, gpu[i] / 2});
    const Crossover x = findCrossover(points, GpuCost::WithTransfers, CpuCost::AllCores);
    ASSERT_EQ(x.kind, Crossover::Kind::GpuBetween);
    EXPECT_GT(x.n, 4096);  // between 2^12 (0.01 < 0.02) and 2^14 (0.05 > 0.03)
    EXPECT_LT(x.n, 16384);
    EXPECT_GT(x.nEnd, std::ldexp(1.0, 18));  // between 2^18 (0.5 < 1.0) and 2^20 (3.0 > 2.0)
    EXPECT_LT(x.nEnd, std::ldexp(1.0, 20));
    // Not a figure: it is no size from which the GPU leads.
    EXPECT_FALSE(crossoverFigures(points).count("crossoverWithTransfersParallelElements"));
    // The CPU ahead everywhere is said so.
    for (auto& p : points) p.cpuParallelMs /= 100;
    const Crossover cpuWins = findCrossover(points, GpuCost::WithTransfers, CpuCost::AllCores);
    EXPECT_EQ(cpuWins.kind, Crossover::Kind::CpuAlways);
    EXPECT_EQ(cpuWins.text(), "the CPU was faster at every size measured");
}

TEST(Crossover, SizesAreWrittenAsTheNarrationWritesThem) {
    Crossover x;
    x.kind = Crossover::Kind::Crosses;
    x.n = 30802.1;
    EXPECT_EQ(x.text(), "the GPU is faster from about 30,800 elements up");
    x.n = 164414;
    EXPECT_EQ(x.text(), "the GPU is faster from about 164,000 elements up");
    x.n = 2.013e7;
    EXPECT_EQ(x.text(), "the GPU is faster from about 20.1 million elements up");
    x.n = 300;
    EXPECT_EQ(x.text(), "the GPU is faster from about 300 elements up");
}

TEST(Crossover, TableRoundTripsAndRejectsBadTimes) {
    ws::Run run;
    run.tables.push_back(crossoverTable(modelPoints()));
    auto back = readCrossover(run);
    ASSERT_TRUE(back) << back.error();
    ASSERT_EQ(back->size(), 10u);
    EXPECT_EQ((*back)[1].n, 1024);
    EXPECT_DOUBLE_EQ((*back)[1].transferMs, 0.03 + 1024 * 2.5e-7);
    std::get<std::vector<double>>(run.tables[0].columns[4].data)[3] = -1;
    auto bad = readCrossover(run);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("crossover row 3"), std::string::npos) << bad.error();
}

TEST(PcieLink, TheoreticalRatesFromGenerationAndWidth) {
    EXPECT_DOUBLE_EQ(pcieRawGBs(5, 16), 64.0);
    EXPECT_NEAR(pcieTheoreticalGBs(5, 16), 63.015, 0.001);  // 64 * 128 / 130
    EXPECT_NEAR(pcieTheoreticalGBs(4, 16), 31.508, 0.001);
    EXPECT_NEAR(pcieTheoreticalGBs(3, 8), 7.877, 0.001);
    EXPECT_DOUBLE_EQ(pcieTheoreticalGBs(1, 1), 0.25);  // 2.5 GT/s, 8b/10b
    EXPECT_DOUBLE_EQ(pcieTheoreticalGBs(2, 16), 8.0);
    EXPECT_NEAR(pcieTheoreticalGBs(6, 16), 128 * 236.0 / 256, 1e-9);
    EXPECT_EQ(pcieTheoreticalGBs(0, 16), 0);
    EXPECT_EQ(pcieTheoreticalGBs(5, 0), 0);
    EXPECT_EQ(pcieLinkText(5, 16), "PCIe Gen5 x16");
    GpuEnvironment e;
    EXPECT_FALSE(pcieLinkOf(e).known());  // NVML not asked
    e.queried = true;
    e.pcieGeneration = 5;
    e.pcieWidth = 16;
    EXPECT_TRUE(pcieLinkOf(e).known());
}

std::vector<TransferPoint> linkSeries(double latencyUs, double gbs) {
    std::vector<TransferPoint> out;
    for (std::uint64_t b = 1024; b <= (1u << 30); b *= 4) {
        const double ms = latencyUs / 1e3 + double(b) / (gbs * 1e6);
        out.push_back({CopyDirection::HostToDevice, HostMemoryKind::Pinned, b, ms, ms * 0.98,
                       ms * 1.05, 1.0, 20});
    }
    return out;
}

TEST(TransferPoints, FitRecoversLatencyAndBandwidth) {
    const LinkFit fit = fitLatencyBandwidth(linkSeries(10, 55));
    ASSERT_TRUE(fit.ok);
    EXPECT_NEAR(fit.latencyUs, 10, 1e-6);
    EXPECT_NEAR(fit.bandwidthGBs, 55, 1e-6);
    EXPECT_NEAR(fit.msFor(1 << 30), 0.01 + double(1 << 30) / 55e6, 1e-9);
    EXPECT_FALSE(fitLatencyBandwidth({linkSeries(10, 55)[0]}).ok);
    const auto figures = transferFigures(linkSeries(10, 55));
    EXPECT_NEAR(figures.at("htodPinnedGBs"),
                double(1 << 30) / (0.01 + double(1 << 30) / 55e6) / 1e6, 1e-9);
    EXPECT_NEAR(figures.at("htodPinnedLatencyUs"), 10, 1e-6);
    EXPECT_EQ(seriesName(CopyDirection::DeviceToHost, HostMemoryKind::Pageable),
              "device to host, pageable");
}

TEST(TransferPoints, TableRoundTripsAndRejectsWhatCannotBe) {
    ws::Run run;
    auto points = linkSeries(10, 55);
    points.push_back(
        {CopyDirection::DeviceToDevice, HostMemoryKind::None, 4096, 0.01, 0.009, 0.012, 2, 20});
    run.tables.push_back(transfersTable(points));
    auto back = readTransfers(run);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->size(), points.size());
    EXPECT_EQ(seriesOf(*back, CopyDirection::DeviceToDevice, HostMemoryKind::None).size(), 1u);

    auto pinnedDtoD = points;
    pinnedDtoD.back().host = HostMemoryKind::Pinned;
    run.tables[0] = transfersTable(pinnedDtoD);
    auto e1 = readTransfers(run);
    ASSERT_FALSE(e1);
    EXPECT_NE(e1.error().find("does not fit a DtoD copy"), std::string::npos) << e1.error();
    auto unordered = points;
    unordered[0].minMs = unordered[0].medianMs * 2;
    run.tables[0] = transfersTable(unordered);
    auto e2 = readTransfers(run);
    ASSERT_FALSE(e2);
    EXPECT_NE(e2.error().find("transfers row 0: times are not"), std::string::npos) << e2.error();
    ws::Run none;
    EXPECT_FALSE(readTransfers(none));
}

TEST(TimingSpread, KernelSamplesSetTheMedianToo) {
    const Spread s = spreadOf({4, 1, 3, 2});
    EXPECT_DOUBLE_EQ(s.median, 2.5);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 4);
    EXPECT_NEAR(s.cvPercent, std::sqrt(5.0 / 3.0) / 2.5 * 100, 1e-9);
    Timing t;
    setKernelSamples(t, {2, 2, 2});
    EXPECT_EQ(t.repetitions, 3);
    EXPECT_DOUBLE_EQ(t.kernelMs, 2);
    EXPECT_DOUBLE_EQ(t.kernelCvPercent, 0);
    EXPECT_EQ(t.kernelSamplesMs.size(), 3u);
}

TEST(Set0, Mul24MultipliesTheLow24BitsSigned) {
    EXPECT_EQ(mul24(3, 5), 15);
    EXPECT_EQ(mul24(0x01000003, 5), 15);      // bit 24 and above are ignored
    EXPECT_EQ(mul24(0x800000, 1), -8388608);  // bit 23 is the sign
    EXPECT_EQ(mul24(4096, 4096), 16777216);   // the product keeps 32 bits
    EXPECT_TRUE(checkSet0Launch(1 << 19, 512));
    const Status big = checkSet0Launch((1u << 23) + 1, 32);
    ASSERT_FALSE(big);
    EXPECT_NE(big.error().find("2^23"), std::string::npos) << big.error();
    const std::vector<std::uint32_t> zeros(10, 0);
    EXPECT_TRUE(verifySet0(zeros).passed);
    std::vector<std::uint32_t> one = zeros;
    one[7] = 0xffffffffu;
    const Verification v = verifySet0(one);
    EXPECT_FALSE(v.passed);
    EXPECT_NE(v.actual.find("first Val2[7]"), std::string::npos) << v.actual;
}

}  // namespace
}  // namespace ws
