// Harris's ladder, the vectorized single-pass kernel and CUB.
#include "tests/kernels/reduction/reduction_checks.h"

namespace ws::test {
namespace {

class Ladder : public GpuTest {};

const char* const kVariants[] = {
    "interleaved-divergent", "interleaved-strided", "sequential", "first-add", "unroll-last-warp",
    "complete-unroll",       "multi-element",       "best",       "cub"};

TEST_F(Ladder, EveryRungSmallSizes) {
    for (const char* variant : kVariants)
        for (const char* type : {"type=int32", "type=float"})
            for (std::uint64_t n : smallSizes())
                for (std::uint32_t block : {32u, 64u, 256u, 1024u})
                    runAndCheck("reduce-ladder",
                                {std::string("variant=") + variant, assignment("n", n),
                                 assignment("block", block), type, "per_thread=4"});
}

TEST_F(Ladder, EveryRungLarge) {
    for (const char* variant : kVariants)
        for (const char* type : {"type=int32", "type=float"})
            runAndCheck("reduce-ladder", {std::string("variant=") + variant,
                                          assignment("n", kLargeSize), "block=256", type});
}

TEST_F(Ladder, RelaunchesUntilOneValueRemains) {
    auto run = runAndCheck("reduce-ladder", {"variant=sequential", "n=1000000", "block=32"});
    ASSERT_TRUE(run);
    // 1000000 -> 31250 -> 977 -> 31 -> 1
    ASSERT_EQ(run->launches.size(), 4u);
    EXPECT_EQ(run->launches[0].grid.x, 31250u);
    EXPECT_EQ(run->launches[1].grid.x, 977u);
    EXPECT_EQ(run->launches[2].grid.x, 31u);
    EXPECT_EQ(run->launches[3].grid.x, 1u);
    for (const Launch& l : run->launches) EXPECT_EQ(l.kernel, "reduce2");
}

TEST_F(Ladder, BestUsesOneWaveAndCubRecordsNothing) {
    auto best = runAndCheck("reduce-ladder", {"variant=best", "n=2^24", "type=float"});
    ASSERT_TRUE(best);
    ASSERT_EQ(best->launches.size(), 1u);
    const auto grid = best->launches[0].grid.x;
    EXPECT_GE(grid, std::uint32_t(best->device.smCount));
    EXPECT_EQ(grid % best->device.smCount, 0u) << "a whole number of blocks per SM";

    auto cub = runAndCheck("reduce-ladder", {"variant=cub", "n=1000", "type=int32"});
    ASSERT_TRUE(cub);
    ASSERT_EQ(cub->launches.size(), 1u);
    EXPECT_EQ(cub->launches[0].kernel, "cub::DeviceReduce::Sum");
    EXPECT_EQ(cub->launches[0].blocks.size(), 0u);
}

// The unaligned head and tail of the vector loads: offsets of 1 to 3 elements
// are not reachable through the catalog, but sizes that leave 1..3 elements
// after the last whole vector are.
TEST_F(Ladder, BestHandlesTails) {
    for (std::uint64_t n : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 4099u, 65539u})
        for (const char* type : {"type=int32", "type=float"})
            runAndCheck("reduce-ladder", {"variant=best", assignment("n", n), type});
}

}  // namespace
}  // namespace ws::test
