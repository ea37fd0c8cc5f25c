// Launches that cannot work are refused before any CUDA call, with the limit
// they break, so these run on machines without a GPU.
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"
#include "kernels/basics/basics_experiments.h"

namespace ws {
namespace {

BasicsSettings params(const char* id, const std::vector<std::string>& assignments) {
    auto p = resolveParams(*findExperiment(id), assignments);
    EXPECT_TRUE(p) << p.error();
    auto s = basicsSettings(id, p ? *p : ParamValues{});
    EXPECT_TRUE(s) << s.error();
    return s ? *s : BasicsSettings{};
}

DeviceInfo madeUpDevice() {
    DeviceInfo d;
    d.maxThreadsPerBlock = 1024;
    d.maxGridX = 2147483647;
    d.sharedMemPerBlock = 49152;
    return d;
}

TEST(BasicsRefusals, TheSeedsLaunchStopsAtAThousandTwentyFourThreads) {
    auto r = basics::runVectorAdd(params("vector-add", {"n=3000"}), RunOptions{}, madeUpDevice());
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("(n + 1) / 2 = 1500 threads per block, the device allows 1024"),
              std::string::npos)
        << r.error();
    EXPECT_NE(r.error().find("up to n = 2047"), std::string::npos) << r.error();
    auto huge = basics::runVectorAdd(
        params("vector-add", {"n=1000", "launch=grid-block", "block=1024", "grid=16777216"}),
        RunOptions{}, madeUpDevice());
    ASSERT_FALSE(huge);
    EXPECT_NE(huge.error().find("int index overflows"), std::string::npos) << huge.error();
}

TEST(BasicsRefusals, Mul24NeedsTheGridInTwentyThreeBits) {
    auto r =
        basics::runSet0(params("set0-mul24", {"n=2^30", "block=64"}), RunOptions{}, madeUpDevice());
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("2^23 = 8388608 blocks"), std::string::npos) << r.error();
}

TEST(BasicsRefusals, HelloBlocksObeyTheDevice) {
    DeviceInfo small = madeUpDevice();
    small.maxThreadsPerBlock = 512;
    auto r = basics::runHello(params("hello", {"block=1024", "grid=1"}), RunOptions{}, small);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("512 threads per block"), std::string::npos) << r.error();
}

}  // namespace
}  // namespace ws
