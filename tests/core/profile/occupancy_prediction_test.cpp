// The occupancy a run's one kernel could reach at most, from the registers
// and static shared memory its cubin gave the profile and the launches'
// block size and dynamic shared memory, beside the achieved occupancy the
// counters measured; and no prediction where the run does not say enough.
#include "core/profile/occupancy_prediction.h"

#include <gtest/gtest.h>

#include "core/profile/counter_catalog.h"
#include "core/profile/counter_predictions.h"
#include "core/run/synthetic_run.h"

namespace ws {
namespace {

Launch launchOf(std::uint32_t gridX, std::uint32_t threads, std::uint32_t dynamicShared) {
    Launch l;
    l.kernel = "kernel";
    l.grid = {gridX, 1, 1};
    l.block = {threads, 1, 1};
    l.sharedBytes = dynamicShared;
    return l;
}

Run runOf(std::uint32_t registers, std::uint32_t staticShared, std::vector<Launch> launches) {
    Run run;
    run.device = syntheticDevice(132);  // an H100's limits
    ProfiledFunction f;
    f.name = "_Z6kernelPf";
    f.displayName = "kernel(float*)";
    f.registersPerThread = registers;
    f.staticSharedBytes = staticShared;
    run.profile.functions.push_back(f);
    run.launches = std::move(launches);
    return run;
}

TEST(OccupancyPrediction, RegistersBindAtSixtyFourAThread) {
    // 64 x 32 = 2048 registers a warp: 8 warps of each 16,384-register
    // sub-partition, 32 warps, 4 blocks of 8.
    const auto p = predictedOccupancy(runOf(64, 0, {launchOf(1000, 256, 0)}));
    ASSERT_TRUE(p);
    EXPECT_EQ(p->occupancy.blocksPerSm, 4u);
    EXPECT_EQ(p->occupancy.limitedBy, OccupancyLimit::Registers);
    EXPECT_DOUBLE_EQ(p->occupancy.occupancy, 0.5);
    EXPECT_EQ(p->kernel, "kernel(float*)");
    EXPECT_EQ(describeOccupancyPrediction(*p),
              "at most 50 %: 4 blocks of 256 threads an SM, limited by registers per SM "
              "(64 registers a thread, 0.0 KB of shared memory a block)");
    EXPECT_DOUBLE_EQ(
        predictedCounters(runOf(64, 0, {launchOf(1000, 256, 0)})).at(kAchievedOccupancyMetric), 50);
    EXPECT_TRUE(findCounter(kAchievedOccupancyMetric)) << "the catalog's name for it";
}

TEST(OccupancyPrediction, StaticAndDynamicSharedMemoryAddUp) {
    // 48 KiB static + 48 KiB dynamic + 1 KiB reserved: 2 blocks in 228 KiB.
    const auto p = predictedOccupancy(runOf(32, 48 * 1024, {launchOf(500, 256, 48 * 1024)}));
    ASSERT_TRUE(p);
    EXPECT_EQ(p->sharedBytesPerBlock, 96u * 1024);
    EXPECT_EQ(p->occupancy.blocksPerSm, 2u);
    EXPECT_EQ(p->occupancy.limitedBy, OccupancyLimit::SharedMemory);
    EXPECT_DOUBLE_EQ(p->occupancy.occupancy, 0.25);
}

TEST(OccupancyPrediction, LaunchesOfOneShapeButManySizesStillPredict) {
    // The ladder's three launches of one kernel: grids of 65536, 256 and 1 block.
    const auto p = predictedOccupancy(runOf(
        16, 1024, {launchOf(65536, 256, 1024), launchOf(256, 256, 1024), launchOf(1, 256, 1024)}));
    ASSERT_TRUE(p);
    EXPECT_EQ(p->occupancy.limitedBy, OccupancyLimit::Threads);
    EXPECT_DOUBLE_EQ(p->occupancy.occupancy, 1.0);
}

TEST(OccupancyPrediction, NothingWhereTheRunDoesNotSayEnough) {
    // Registers unknown (a trace recorded before they were kept).
    EXPECT_FALSE(predictedOccupancy(runOf(0, 0, {launchOf(10, 256, 0)})));
    // Launches of two shapes: which one the counters averaged is not known.
    EXPECT_FALSE(predictedOccupancy(runOf(32, 0, {launchOf(10, 256, 0), launchOf(10, 128, 0)})));
    EXPECT_FALSE(predictedOccupancy(runOf(32, 0, {launchOf(10, 256, 0), launchOf(10, 256, 8)})));
    // No launch recorded.
    EXPECT_FALSE(predictedOccupancy(runOf(32, 0, {})));
    // Two kernels profiled: the counters add them up.
    ws::Run two = runOf(32, 0, {launchOf(10, 256, 0)});
    two.profile.functions.push_back(two.profile.functions[0]);
    EXPECT_FALSE(predictedOccupancy(two));
    // A block the device cannot run.
    EXPECT_FALSE(predictedOccupancy(runOf(32, 0, {launchOf(10, 2048, 0)})));
    EXPECT_FALSE(
        predictedCounters(runOf(0, 0, {launchOf(10, 256, 0)})).contains(kAchievedOccupancyMetric));
}

}  // namespace
}  // namespace ws
