// Launch limits refuse impossible launches before they are made, naming the limit.
#include "kernels/common/launch_limits.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

DeviceInfo h100Like() {
    DeviceInfo d;
    d.name = "made-up H100";
    d.smCount = 132;
    d.maxThreadsPerBlock = 1024;
    d.sharedMemPerBlock = 49152;
    d.sharedMemPerBlockOptin = 232448;
    d.maxGridX = 2147483647;
    return d;
}

TEST(LaunchLimits, AcceptsWhatFits) {
    EXPECT_TRUE(checkLaunchLimits(h100Like(), {"k", 264, 1024, 8192}).ok());
    EXPECT_TRUE(checkLaunchLimits(h100Like(), {"k", 1, 32, 0}).ok());
}

TEST(LaunchLimits, RefusesTooManyThreads) {
    const Status s = checkLaunchLimits(h100Like(), {"reduce2", 10, 2048, 0});
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error(),
              "reduce2: block=2048 threads exceeds the device limit of 1024 threads per block");
}

TEST(LaunchLimits, RefusesTooMuchSharedMemory) {
    const Status s = checkLaunchLimits(h100Like(), {"sumNoncommSingleBlock", 1, 1024, 65536});
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("65536 B of shared memory per block"), std::string::npos);
    EXPECT_NE(s.error().find("49152 B"), std::string::npos);
}

TEST(LaunchLimits, RefusesTooLargeGrid) {
    DeviceInfo d = h100Like();
    d.maxGridX = 65535;
    const Status s = checkLaunchLimits(d, {"reduce0", 70000, 32, 0});
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("grid=70000 blocks exceeds the device limit of 65535"),
              std::string::npos);
}

TEST(LaunchLimits, RefusesEmptyLaunch) {
    EXPECT_FALSE(checkLaunchLimits(h100Like(), {"k", 0, 32, 0}).ok());
    EXPECT_FALSE(checkLaunchLimits(h100Like(), {"k", 1, 0, 0}).ok());
}

TEST(LaunchLimits, UnknownLimitsDoNotRefuse) {
    EXPECT_TRUE(checkLaunchLimits(DeviceInfo{}, {"k", 1u << 30, 4096, 1u << 20}).ok());
}

TEST(LaunchLimits, MemoryMessageNamesSizeNeedAndFree) {
    const Status s = checkDeviceMemory("n=" + countText(1ull << 28), 4ull << 28, 500'000'000);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error(), "n=2^28 needs 1.07 GB of device memory, 0.5 GB free");
    EXPECT_TRUE(checkDeviceMemory("n=1000", 4000, 4000).ok());
}

TEST(LaunchLimits, CountText) {
    EXPECT_EQ(countText(1ull << 28), "2^28");
    EXPECT_EQ(countText(1024), "2^10");
    EXPECT_EQ(countText(512), "512");
    EXPECT_EQ(countText(1000), "1000");
    EXPECT_EQ(countText((1ull << 20) + 7), "1048583");
}

}  // namespace
}  // namespace ws
