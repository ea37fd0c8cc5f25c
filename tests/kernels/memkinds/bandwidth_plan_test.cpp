// The bandwidth kernel's plan on the CPU: which slices each block reads
// pass by pass, and the bytes and checksum of a launch, against a
// simulation of the kernel's loops.
#include "kernels/memkinds/bandwidth_plan.h"

#include <gtest/gtest.h>

#include "kernels/memkinds/device_rules.h"

namespace ws::memkinds {
namespace {

struct Simulated {
    std::uint64_t bytes = 0, sum = 0;
};

// readSet's loops, block by block and pass by pass.
Simulated simulate(const BandwidthPlan& p) {
    Simulated s;
    for (std::uint32_t b = 0; b < p.grid; ++b) {
        std::uint32_t slice = b % p.slices;
        for (std::uint32_t pass = 0; pass < p.passes; ++pass) {
            for (std::uint64_t v = p.sliceBegin(slice); v < p.sliceEnd(slice); ++v) {
                s.bytes += kVectorBytes;
                for (std::uint64_t w = 0; w < 4; ++w) s.sum += bandwidthWord(4 * v + w);
            }
            slice = slice + 1 == p.slices ? 0 : slice + 1;
        }
    }
    return s;
}

TEST(BandwidthPlan, SmallSetsAreReadWholeByEveryBlock) {
    const BandwidthPlan p = planBandwidth(16 * 1024, 264, 512, std::uint64_t(1) << 30);
    EXPECT_EQ(p.vectors, 1024u);
    EXPECT_EQ(p.slices, 1u);
    EXPECT_EQ(p.sliceBegin(0), 0u);
    EXPECT_EQ(p.sliceEnd(0), 1024u);
    EXPECT_GE(planBytesRead(p), std::uint64_t(1) << 30);
}

TEST(BandwidthPlan, LargeSetsAreCutIntoOneSliceABlock) {
    BandwidthPlan p = planBandwidth(std::uint64_t(1) << 30, 528, 512, 0);
    EXPECT_EQ(p.slices, 528u);
    EXPECT_EQ(p.passes, 1u);
    EXPECT_EQ(p.sliceEnd(527), p.vectors);  // the last slice takes the remainder
    EXPECT_GT(p.sliceEnd(527) - p.sliceBegin(527), p.sliceVectors);
    // Over as many passes as slices every block reads the whole set once.
    p.passes = p.slices;
    EXPECT_EQ(planBytesRead(p), 528 * (std::uint64_t(1) << 30));
    EXPECT_EQ(planWordSum(p), 528 * bandwidthWordSum(0, std::uint64_t(1) << 28));
    EXPECT_GE(planBandwidth(std::uint64_t(1) << 30, 528, 512, std::uint64_t(8) << 30).passes, 8u);
}

TEST(BandwidthPlan, MiddleSetsGiveEachThreadFourLoadsASlice) {
    const BandwidthPlan p = planBandwidth(4 << 20, 528, 512, std::uint64_t(1) << 30);
    EXPECT_EQ(p.slices, 128u);  // 262144 vectors / (4 x 512)
    EXPECT_EQ(p.sliceVectors, 2048u);
}

TEST(BandwidthPlan, BytesAndChecksumMatchTheKernelsLoops) {
    struct Case {
        std::uint64_t set;
        std::uint32_t grid, block;
        std::uint64_t target;
    };
    for (Case c : {Case{16384, 5, 32, 1 << 20}, Case{65536, 7, 64, 1 << 20},
                   Case{65536, 3, 32, 1 << 18}, Case{1 << 20, 9, 96, 1 << 22},
                   Case{1 << 20, 13, 1024, 3 << 20}, Case{48 * 1024, 11, 32, 100000}}) {
        SCOPED_TRACE(std::to_string(c.set) + " bytes, grid " + std::to_string(c.grid) + ", block " +
                     std::to_string(c.block));
        const BandwidthPlan p = planBandwidth(c.set, c.grid, c.block, c.target);
        const Simulated s = simulate(p);
        EXPECT_EQ(planBytesRead(p), s.bytes);
        EXPECT_EQ(planWordSum(p), s.sum);
        EXPECT_GE(s.bytes, c.target);
    }
}

TEST(BandwidthPlan, SharedPoint) {
    std::uint64_t tile = 0;
    for (std::uint32_t i = 0; i < kSharedReadBytes / 4; ++i) tile += bandwidthWord(i);
    EXPECT_EQ(sharedBlockSum(1), tile);
    EXPECT_EQ(sharedBlockSum(77), 77 * tile);
    EXPECT_EQ(planBandwidth(1 << 20, 100, 256, 0).passes, 1u);
}

}  // namespace
}  // namespace ws::memkinds
