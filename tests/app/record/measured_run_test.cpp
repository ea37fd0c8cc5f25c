// A measured run: the GPU lock around it, NVML's look at the GPU and the
// spread of its timings in the trace. On a GPU the whole path runs; without
// one, the parts that can run here do.
#include "app/record/commands/measured_run.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include "app/record/gpu/gpu_environment.h"
#include "app/record/gpu/lock_directory.h"
#include "core/device/environment_badges.h"
#include "kernels/device/device_uuid.h"
#include "tests/app/record/child_process.h"

namespace ws::record {
namespace {

namespace fs = std::filesystem;

struct LockFolder {
    fs::path path = fs::temp_directory_path() / test::uniqueName("ws-measured");
    LockFolder() { setenv("WARPSCOPE_LOCK_DIR", path.c_str(), 1); }
    ~LockFolder() {
        unsetenv("WARPSCOPE_LOCK_DIR");
        unsetenv("WARPSCOPE_LOCK_ID");
        fs::remove_all(path);
    }
};

TEST(DeviceUuid, WrittenAsNvmlWritesIt) {
    std::array<std::uint8_t, 16> bytes{};
    for (int i = 0; i < 16; ++i) bytes[i] = std::uint8_t(0x10 * i + i);
    EXPECT_EQ(formatDeviceUuid(bytes), "GPU-00112233-4455-6677-8899-aabbccddeeff");
    EXPECT_EQ(formatDeviceUuid(bytes, "MIG-").substr(0, 8), "MIG-0011");
}

TEST(MeasuredRun, RecordsTheEnvironmentAndTheSpread) {
    LockFolder locks;
    RunRequest request{findExperiment("reduce-single-block"),
                       *resolveParams(*findExperiment("reduce-single-block"),
                                      std::vector<std::string>{"n=5000", "block=256"}),
                       {}};
    request.options.repetitions = 7;
    if (!cudaUnavailableReason().empty()) {
        // Without a GPU: the lock is still taken and given back, and the
        // error is the reason there is no device.
        setenv("WARPSCOPE_LOCK_ID", "GPU-fake-measured", 1);
        auto outcome = measuredRun(request, {});
        ASSERT_FALSE(outcome.ok());
        EXPECT_EQ(outcome.error(), cudaUnavailableReason());
        auto again = GpuQueue::join(locks.path, "GPU-fake-measured");
        ASSERT_TRUE(again.ok());
        EXPECT_TRUE((*again)->poll()->acquired);
        GTEST_SKIP() << "no CUDA device: " << cudaUnavailableReason();
    }
    bool turn = false;
    auto outcome = measuredRun(request, {}, [&] { turn = true; });
    ASSERT_TRUE(outcome.ok()) << outcome.error();
    EXPECT_TRUE(turn);
    const ws::Run& run = outcome->run;
    EXPECT_TRUE(run.verification.passed);
    const Timing& t = run.timing;
    ASSERT_EQ(t.kernelSamplesMs.size(), 7u);
    EXPECT_LE(t.kernelMinMs, t.kernelMs);
    EXPECT_GE(t.kernelMaxMs, t.kernelMs);
    EXPECT_GE(t.kernelCvPercent, 0);
    EXPECT_EQ(run.environment.runsAheadAtStart, 0);
    EXPECT_GE(run.environment.lockWaitMs, 0);
    if (!run.environment.queried) {
        EXPECT_FALSE(run.environment.unavailableReason.empty());
        GTEST_SKIP() << "NVML: " << run.environment.unavailableReason;
    }
    const std::string prefix = run.environment.uuid.substr(0, 4);
    EXPECT_TRUE(prefix == "GPU-" || prefix == "MIG-") << run.environment.uuid;
    EXPECT_GT(run.environment.smClockMHz, 0);
    EXPECT_GT(run.environment.maxSmClockMHz, 0);
    EXPECT_FALSE(run.environment.computeMode.empty());
    for (const auto& line : environmentFacts(run.environment)) std::cout << "  " << line << "\n";
}

TEST(GpuEnvironment, WithoutTheDriverTheTraceSaysWhy) {
    if (void* nvml = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL)) {
        ::dlclose(nvml);
        if (!cudaUnavailableReason().empty()) GTEST_SKIP() << "NVML but no CUDA device";
        auto uuid = deviceUuid(0);
        ASSERT_TRUE(uuid.ok()) << uuid.error();
        const GpuEnvironment e = snapshotEnvironment(*uuid);
        EXPECT_TRUE(e.queried) << e.unavailableReason;
        EXPECT_GT(e.maxSmClockMHz, 0);
        return;
    }
    const GpuEnvironment e = snapshotEnvironment("GPU-00000000-0000-0000-0000-000000000000");
    EXPECT_FALSE(e.queried);
    EXPECT_NE(e.unavailableReason.find("NVML is not available"), std::string::npos)
        << e.unavailableReason;
    EXPECT_EQ(environmentBadges(e).at(0).text, "GPU state unknown");
}

}  // namespace
}  // namespace ws::record
