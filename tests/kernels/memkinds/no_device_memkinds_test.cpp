// Without a device the lab's runs fail with the one-line reason, not a crash.
#include "tests/kernels/memkinds/memkinds_gpu.h"

namespace ws {
namespace {

TEST(MemkindsNoDevice, RunsFailWithTheReason) {
    const std::string reason = cudaUnavailableReason();
    if (reason.empty()) GTEST_SKIP() << "a CUDA device is usable here";
    for (const char* id : {"memory-latency", "l2-distance", "memory-bandwidth", "constant-memory",
                           "texture", "local-memory"}) {
        ASSERT_TRUE(isMemoryKindsExperiment(id)) << id;
        auto run = runExperiment(*findExperiment(id), {}, test::memkindsOptions());
        ASSERT_FALSE(run.ok()) << id;
        EXPECT_EQ(run.error(), reason);
    }
}

}  // namespace
}  // namespace ws
