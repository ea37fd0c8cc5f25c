// Plateaus of a latency staircase shaped like an H100's (L1 to 128 KiB, a
// transition at 256 KiB, L2 to 32 MiB, HBM beyond, page walks at the end),
// with noise: each named by the level it fits, spans and medians right.
#include "core/memkinds/latency_plateaus.h"

#include <gtest/gtest.h>

namespace ws::memkinds {
namespace {

constexpr std::uint64_t kKiB = 1024, kMiB = 1024 * kKiB;

DeviceInfo h100() {
    DeviceInfo d;
    d.name = "H100";
    d.ccMajor = 9;
    d.sharedMemPerSm = 233472;
    d.l2CacheBytes = 50 * 1024 * 1024;
    d.smClockKHz = 1755000;
    return d;
}

// cycles for each working set from 1 KiB to 1 GiB, with +-3% noise that
// does not repeat from point to point.
std::vector<LatencyPoint> staircase() {
    std::vector<LatencyPoint> points;
    const double noise[] = {0.0, 0.02, -0.01, 0.03, -0.02, 0.01, -0.03, 0.015};
    int i = 0;
    for (std::uint64_t w = kKiB; w <= 1024 * kMiB; w *= 2, ++i) {
        double cycles = 0;
        if (w <= 128 * kKiB)
            cycles = 33;
        else if (w == 256 * kKiB)
            cycles = 140;  // part in L1, part in L2
        else if (w <= 32 * kMiB)
            cycles = 262;
        else if (w <= 512 * kMiB)
            cycles = 650;
        else
            cycles = 910;  // past the TLB's reach
        cycles *= 1 + noise[i % 8];
        points.push_back({w, 128, 4096, cycles, cycles / 1.755, 0, 0});
    }
    return points;
}

TEST(LatencyPlateaus, CacheSizesByComputeCapability) {
    const CacheSizes s = cacheSizes(h100());
    EXPECT_EQ(s.l1Bytes, 256 * kKiB);
    EXPECT_EQ(s.sharedBytes, 233472u);
    EXPECT_EQ(s.l2Bytes, 50 * kMiB);
    DeviceInfo a100;
    a100.ccMajor = 8;
    EXPECT_EQ(cacheSizes(a100).l1Bytes, 192 * kKiB);
    DeviceInfo ada;
    ada.ccMajor = 8;
    ada.ccMinor = 9;
    EXPECT_EQ(cacheSizes(ada).l1Bytes, 128 * kKiB);
    DeviceInfo turing;
    turing.ccMajor = 7;
    turing.ccMinor = 5;
    EXPECT_EQ(cacheSizes(turing).l1Bytes, 96 * kKiB);
}

TEST(LatencyPlateaus, H100StaircaseNamesItsLevels) {
    const auto points = staircase();
    ASSERT_EQ(points.size(), 21u);
    const auto p = findPlateaus(points, cacheSizes(h100()), LoadPath::Global);
    ASSERT_EQ(p.size(), 4u);
    EXPECT_EQ(p[0].level, "L1");
    EXPECT_EQ(p[0].fromBytes, 1 * kKiB);
    EXPECT_EQ(p[0].toBytes, 128 * kKiB);
    EXPECT_NEAR(p[0].cyclesPerLoad, 33, 1);
    EXPECT_NEAR(p[0].nsPerLoad, 33 / 1.755, 1);
    EXPECT_EQ(p[1].level, "L2");  // 256 KiB, the transition, joins none
    EXPECT_EQ(p[1].fromBytes, 512 * kKiB);
    EXPECT_EQ(p[1].toBytes, 32 * kMiB);
    EXPECT_NEAR(p[1].cyclesPerLoad, 262, 262 * 0.03);
    EXPECT_EQ(p[2].level, "HBM");
    EXPECT_EQ(p[2].fromBytes, 64 * kMiB);
    EXPECT_EQ(p[2].toBytes, 512 * kMiB);
    EXPECT_NEAR(p[2].cyclesPerLoad, 650, 650 * 0.03);
    EXPECT_EQ(p[3].level, "HBM, TLB misses");  // one point at the sweep's end still counts
    EXPECT_EQ(p[3].fromBytes, 1024 * kMiB);
    EXPECT_EQ(p[3].toBytes, 1024 * kMiB);
}

TEST(LatencyPlateaus, PathsNameTheirOwnLevels) {
    const auto points = staircase();
    const CacheSizes sizes = cacheSizes(h100());
    // ld.global.cg skips L1: its first plateau is L2 whatever its size.
    auto cg = findPlateaus(points, sizes, LoadPath::L2Only);
    ASSERT_FALSE(cg.empty());
    EXPECT_EQ(cg[0].level, "L2");
    auto ldg = findPlateaus(points, sizes, LoadPath::ReadOnly);
    ASSERT_FALSE(ldg.empty());
    EXPECT_EQ(ldg[0].level, "L1");

    std::vector<LatencyPoint> flat;
    for (std::uint64_t w = kKiB; w <= 64 * kKiB; w *= 2)
        flat.push_back({w, 128, 4096, 30, 17, 0, 0});
    auto shared = findPlateaus(flat, sizes, LoadPath::Shared);
    ASSERT_EQ(shared.size(), 1u);
    EXPECT_EQ(shared[0].level, "shared");
    EXPECT_EQ(shared[0].toBytes, 64 * kKiB);
    auto constant = findPlateaus(flat, sizes, LoadPath::Constant);
    ASSERT_EQ(constant.size(), 1u);
    EXPECT_EQ(constant[0].level, "constant cache");
}

// What the H100 measured (scripts/gpu/memkinds.sh): the steps that are not
// a new level are named for why they are there.
TEST(LatencyPlateaus, SlowerStepsOfOneLevelSayWhy) {
    const CacheSizes sizes = cacheSizes(h100());
    auto at = [](std::uint64_t w, std::uint32_t stride, double c) {
        return LatencyPoint{w, stride, 4096, c, c / 2, 0, 0};
    };
    // L2 to 16 MiB, the far partition from 28 to 40 MiB, HBM from 64 MiB.
    auto far =
        findPlateaus({at(4 * kMiB, 128, 279), at(8 * kMiB, 128, 279), at(16 * kMiB, 128, 279),
                      at(24 * kMiB, 128, 400), at(28 * kMiB, 128, 500), at(32 * kMiB, 128, 520),
                      at(40 * kMiB, 128, 530), at(48 * kMiB, 128, 610), at(64 * kMiB, 128, 683),
                      at(128 * kMiB, 128, 683)},
                     sizes, LoadPath::Global);
    ASSERT_EQ(far.size(), 3u);
    EXPECT_EQ(far[0].level, "L2");
    EXPECT_EQ(far[1].level, "L2, far partition");
    EXPECT_EQ(far[1].fromBytes, 28 * kMiB);
    EXPECT_EQ(far[2].level, "HBM");

    // One load per 2 MiB page through L2 (cg): 512 lines at most, so L2,
    // and slower once the pages outrun the TLB.
    auto tlb = findPlateaus({at(4 * kMiB, 2 * kMiB, 280), at(64 * kMiB, 2 * kMiB, 281),
                             at(256 * kMiB, 2 * kMiB, 420), at(1024 * kMiB, 2 * kMiB, 425)},
                            sizes, LoadPath::L2Only);
    ASSERT_EQ(tlb.size(), 2u);
    EXPECT_EQ(tlb[0].level, "L2");
    EXPECT_EQ(tlb[1].level, "L2, TLB misses");
    // The same chase through L1 stays in L1: 512 lines are 64 KiB.
    auto l1 = findPlateaus({at(4 * kMiB, 2 * kMiB, 40), at(1024 * kMiB, 2 * kMiB, 40)}, sizes,
                           LoadPath::Global);
    ASSERT_EQ(l1.size(), 1u);
    EXPECT_EQ(l1[0].level, "L1");

    // __constant__ memory: the 2 KiB constant cache, then the L1.5 cache.
    auto constant = findPlateaus(
        {at(kKiB, 128, 34), at(2 * kKiB, 128, 34), at(4 * kKiB, 128, 100), at(64 * kKiB, 128, 100)},
        sizes, LoadPath::Constant);
    ASSERT_EQ(constant.size(), 2u);
    EXPECT_EQ(constant[0].level, "constant cache");
    EXPECT_EQ(constant[1].level, "constant, L1.5 cache");
}

TEST(LatencyPlateaus, TransitionsAndEnds) {
    const CacheSizes sizes = cacheSizes(h100());
    auto at = [](std::uint64_t w, double c) { return LatencyPoint{w, 128, 1024, c, c / 2, 0, 0}; };
    // Two points in transition: neither joins a plateau.
    auto p = findPlateaus({at(kKiB, 30), at(2 * kKiB, 31), at(4 * kKiB, 90), at(8 * kKiB, 180),
                           at(16 * kKiB, 260), at(32 * kKiB, 258)},
                          sizes, LoadPath::Global);
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[0].toBytes, 2 * kKiB);
    EXPECT_EQ(p[1].fromBytes, 16 * kKiB);
    // A lone first point is a plateau.
    p = findPlateaus({at(kKiB, 30), at(2 * kKiB, 260), at(4 * kKiB, 261)}, sizes, LoadPath::Global);
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[0].fromBytes, kKiB);
    EXPECT_EQ(p[0].cyclesPerLoad, 30);
    // The median, not the mean.
    p = findPlateaus({at(kKiB, 30), at(2 * kKiB, 31), at(4 * kKiB, 33)}, sizes, LoadPath::Global);
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].cyclesPerLoad, 31);
    EXPECT_EQ(p[0].nsPerLoad, 15.5);
    EXPECT_TRUE(findPlateaus({}, sizes, LoadPath::Global).empty());
}

}  // namespace
}  // namespace ws::memkinds
