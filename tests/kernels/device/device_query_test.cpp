// queryDevice fills what the views and the limit checks need.
#include <gtest/gtest.h>

#include <iostream>

#include "core/catalog/catalog.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {
namespace {

class DeviceQuery : public GpuTest {};

TEST_F(DeviceQuery, FactsAndTimerTick) {
    auto info = queryDevice(0);
    ASSERT_TRUE(info.ok()) << info.error();
    EXPECT_FALSE(info->name.empty());
    EXPECT_GE(info->ccMajor, 7);
    EXPECT_GT(info->smCount, 0);
    EXPECT_GT(info->smClockKHz, 0);
    EXPECT_GT(info->memBandwidthGBs, 100);
    EXPECT_GE(info->maxThreadsPerBlock, 1024);
    EXPECT_GT(info->sharedMemPerBlockOptin, 0);
    EXPECT_GT(info->maxGridX, 65535);
    // A tick between 1 ns and 10 us: 32 ns on H100, 1024 ns on many GeForce cards.
    EXPECT_GE(info->timerTickNs, 1u);
    EXPECT_LE(info->timerTickNs, 10'000u);
    std::cout << "[ device   ] " << info->name << ", " << info->smCount << " SMs, "
              << info->memBandwidthGBs << " GB/s, %globaltimer tick " << info->timerTickNs
              << " ns\n";
}

// 2^28 elements in blocks of 32 threads: 2^23 blocks, each with its record.
TEST_F(DeviceQuery, MillionsOfBlocksEachRecordedOnce) {
    const ExperimentSpec* spec = findExperiment("reduce-ladder");
    ASSERT_NE(spec, nullptr);
    auto params = resolveParams(
        *spec, std::vector<std::string>{"variant=interleaved-divergent", "n=2^28", "block=32"});
    ASSERT_TRUE(params.ok());
    RunOptions options;
    options.repetitions = 1;
    auto run = runExperiment(*spec, *params, options);
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.passed) << run->verification.actual;
    ASSERT_FALSE(run->launches.empty());
    const BlockRecords& blocks = run->launches[0].blocks;
    ASSERT_EQ(blocks.size(), std::size_t(1) << 23);
    std::size_t misplaced = 0;
    for (std::size_t i = 0; i < blocks.size(); ++i) misplaced += blocks.block[i] != i;
    EXPECT_EQ(misplaced, 0u);
}

}  // namespace
}  // namespace ws::test
