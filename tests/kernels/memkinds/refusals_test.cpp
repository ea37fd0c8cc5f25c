// Parameters the device cannot run are refused before any CUDA call, with
// the limit they break, so these run on machines without a GPU: a device
// made up with every limit the launchers read.
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"
#include "kernels/memkinds/memkinds_experiments.h"

namespace ws {
namespace {

MemkindsSettings params(const char* id, const std::vector<std::string>& assignments) {
    auto p = resolveParams(*findExperiment(id), assignments);
    EXPECT_TRUE(p) << p.error();
    auto s = memkindsSettings(id, p ? *p : ParamValues{});
    EXPECT_TRUE(s) << s.error();
    return s ? *s : MemkindsSettings{};
}

// An 8.6-like device: 99 KiB of shared memory per block with opt-in.
DeviceInfo madeUpDevice() {
    DeviceInfo d;
    d.ccMajor = 8;
    d.ccMinor = 6;
    d.smCount = 10;
    d.maxThreadsPerBlock = 1024;
    d.maxGridX = 2147483647;
    d.sharedMemPerBlock = 49152;
    d.sharedMemPerBlockOptin = 101376;
    return d;
}

TEST(MemkindsRefusals, SharedChaseLargerThanABlocksSharedMemory) {
    auto r = memkinds::runLatency(
        params("memory-latency", {"path=shared", "min_bytes=1024", "max_bytes=131072"}),
        RunOptions{}, madeUpDevice());
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("path=shared"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("101376 B per block"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("max_bytes <= 65536"), std::string::npos) << r.error();
}

TEST(MemkindsRefusals, CatalogRefusesWhatNoDeviceHolds) {
    const ExperimentSpec* latency = findExperiment("memory-latency");
    ASSERT_NE(latency, nullptr);
    using Assignments = std::vector<std::string>;
    EXPECT_FALSE(resolveParams(*latency, Assignments{"path=constant", "max_bytes=131072"}));
    EXPECT_FALSE(resolveParams(*latency, Assignments{"stride=4096", "min_bytes=1024"}));
    EXPECT_FALSE(resolveParams(*findExperiment("memory-bandwidth"),
                               Assignments{"min_bytes=1048576", "max_bytes=65536"}));
}

TEST(MemkindsRefusals, OccupancySweepSharedMemoryAboveTheOptIn) {
    auto r = memkinds::runLocal(params("local-memory", {"shared_kib=200", "n=1024"}), RunOptions{},
                                madeUpDevice());
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("shared_kib=200"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("shared_kib <= 99"), std::string::npos) << r.error();
}

TEST(MemkindsRefusals, BlocksTheDeviceDoesNotAllow) {
    DeviceInfo small = madeUpDevice();
    small.maxThreadsPerBlock = 512;
    auto local =
        memkinds::runLocal(params("local-memory", {"block=1024", "n=4096"}), RunOptions{}, small);
    ASSERT_FALSE(local);
    EXPECT_NE(local.error().find("512 threads per block"), std::string::npos) << local.error();
    auto texture =
        memkinds::runTexture(params("texture", {"block=1024", "size=256"}), RunOptions{}, small);
    ASSERT_FALSE(texture);
    EXPECT_NE(texture.error().find("512 threads per block"), std::string::npos) << texture.error();
    auto bandwidth =
        memkinds::runBandwidth(params("memory-bandwidth", {"block=1024"}), RunOptions{}, small);
    ASSERT_FALSE(bandwidth);
    EXPECT_NE(bandwidth.error().find("512 threads per block"), std::string::npos)
        << bandwidth.error();
}

}  // namespace
}  // namespace ws
