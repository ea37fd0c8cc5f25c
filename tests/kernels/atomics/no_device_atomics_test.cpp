// Without a device the lab's runs fail with a one-line reason, not a crash.
#include "tests/kernels/atomics/atomics_gpu.h"

namespace ws {
namespace {

TEST(AtomicsNoDevice, RunsFailWithTheReason) {
    const std::string reason = cudaUnavailableReason();
    if (reason.empty()) GTEST_SKIP() << "a CUDA device is usable here";
    for (const char* id : {"work-queue", "argmin", "atomic-contention"}) {
        auto run = runExperiment(*findExperiment(id), {}, test::quickOptions());
        ASSERT_FALSE(run.ok()) << id;
        EXPECT_EQ(run.error(), reason);
    }
}

}  // namespace
}  // namespace ws
