// The tensor-core product's catalog entry: its defaults, the sizes it
// refuses before any launch (and why), the Hopper it needs, and its tiling.
#include <gtest/gtest.h>

#include "core/catalog/catalog.h"
#include "core/tensorcore/tensorcore_variants.h"

namespace ws {
namespace {

const ExperimentSpec& tc() {
    const ExperimentSpec* e = findExperiment("matmul-tc");
    EXPECT_NE(e, nullptr);
    return *e;
}

Result<ParamValues> resolve(std::vector<std::string> assignments) {
    return resolveParams(tc(), assignments);
}

TEST(TensorCoreCatalog, DefaultsAndChoices) {
    const ExperimentSpec& e = tc();
    EXPECT_EQ(e.group, "matmul");
    auto v = resolve({});
    ASSERT_TRUE(v.ok()) << v.error();
    EXPECT_EQ(paramInt(*v, "n"), 4096);
    EXPECT_EQ(paramChoice(*v, "output"), "f32");
    EXPECT_EQ(paramChoice(*v, "variant"), "wmma");
    EXPECT_EQ(e.param("variant")->choices,
              (std::vector<std::string>{"wmma", "mma-sync", "wgmma", "wgmma-tma",
                                        "warp-specialized", "persistent", "clusters", "cublas"}));
    for (const auto& info : tensorCoreVariants())
        EXPECT_EQ(parseTensorCoreVariant(info.id), info.variant) << info.id;
    EXPECT_TRUE(e.launchesNoKernel(*resolve({"variant=cublas"})));
    EXPECT_FALSE(e.launchesNoKernel(*resolve({"variant=mma-sync"})));
    EXPECT_FALSE(e.launchesNoKernel(*resolve({"variant=wgmma"})));
    EXPECT_TRUE(resolve({"output=bf16", "variant=mma-sync", "n=8192"}).ok());
}

// The four TMA rungs record their pipeline by traced_blocks: the panel must
// not grey its slider out on them (the bundled persistent run draws four).
TEST(TensorCoreCatalog, TracedBlocksIsUsedByEveryRungButCublas) {
    const ParamSpec* traced = tc().param("traced_blocks");
    ASSERT_NE(traced, nullptr);
    for (const auto& info : tensorCoreVariants()) {
        auto v = resolve({std::string("variant=") + info.id});
        ASSERT_TRUE(v.ok()) << v.error();
        EXPECT_EQ(paramUsed(*traced, *v), std::string_view(info.id) != "cublas") << info.id;
    }
}

TEST(TensorCoreCatalog, RefusesSizesOutsideTheRangeAndRowsOffSixteenBytes) {
    for (const char* bad : {"n=511", "n=8193", "n=0", "n=100000"}) {
        auto v = resolve({bad});
        ASSERT_FALSE(v.ok()) << bad;
        EXPECT_NE(v.error().find("out of range [512, 8192]"), std::string::npos) << v.error();
    }
    for (const char* bad : {"n=1001", "n=4100", "n=8191", "n=513"}) {
        auto v = resolve({bad});
        ASSERT_FALSE(v.ok()) << bad;
        EXPECT_NE(v.error().find("no multiple of 8"), std::string::npos) << v.error();
        EXPECT_NE(v.error().find("16-byte boundary"), std::string::npos) << v.error();
        EXPECT_EQ(v.error().find('\n'), std::string::npos);
    }
    auto odd = resolve({"n=1001"});
    EXPECT_NE(odd.error().find("1000 or 1008 would do"), std::string::npos) << odd.error();
    // Multiples of 8 that are no multiple of the 128 x 128 tile are computed.
    for (const char* fine : {"n=512", "n=1000", "n=4104", "n=8192", "n=520"})
        EXPECT_TRUE(resolve({fine}).ok()) << fine;
}

TEST(TensorCoreCatalog, NeedsHopper) {
    const ExperimentSpec& e = tc();
    EXPECT_EQ(e.needs.major, 9);
    EXPECT_EQ(e.needs.minor, 0);
    EXPECT_NE(e.needs.why.find("Hopper"), std::string::npos);
    DeviceInfo a100;
    a100.name = "NVIDIA A100-SXM4-80GB";
    a100.ccMajor = 8;
    a100.ccMinor = 0;
    const auto refusal = requirementRefusal(e, a100);
    ASSERT_TRUE(refusal);
    EXPECT_EQ(refusal->rfind("matmul-tc needs compute capability 9.0", 0), 0u) << *refusal;
}

TEST(TensorCoreCatalog, WmmaAndMmaSyncTile128By128In32DeepPhases) {
    for (TensorCoreVariant v : {TensorCoreVariant::Wmma, TensorCoreVariant::MmaSync}) {
        const auto t = tensorCoreTiling(v);
        ASSERT_TRUE(t);
        EXPECT_EQ(t->tileM, 128u);
        EXPECT_EQ(t->tileN, 128u);
        EXPECT_EQ(t->tileK, 32u);
        EXPECT_EQ(t->block.x, 256u);
        EXPECT_EQ(t->threadM * t->threadN * t->block.x, 128u * 128u);  // every entry once
        EXPECT_EQ(matmulGrid(*t, 1000).x, 8u);  // 7 whole tiles and a partial one
        EXPECT_EQ(phaseCount(*t, 1000), 32u);   // 31 whole phases and 8 deep
    }
    EXPECT_EQ(tensorCoreTiling(TensorCoreVariant::Wmma)->sharedBytes, 18944u);
    EXPECT_EQ(tensorCoreTiling(TensorCoreVariant::MmaSync)->sharedBytes, 48u * 1024);
    EXPECT_FALSE(tensorCoreTiling(TensorCoreVariant::Cublas));
}

TEST(TensorCoreCatalog, WgmmaTiles128By128In64DeepPhasesOnComputeCapability90Only) {
    const auto t = tensorCoreTiling(TensorCoreVariant::Wgmma);
    ASSERT_TRUE(t);
    EXPECT_EQ(t->tileM, 128u);
    EXPECT_EQ(t->tileN, 128u);
    EXPECT_EQ(t->tileK, 64u);
    EXPECT_EQ(t->block.x, 256u);
    EXPECT_EQ(t->threadM * t->threadN * t->block.x, 128u * 128u);
    EXPECT_EQ(t->sharedBytes, 3u * 32 * 1024 + 1024);  // three stages and the alignment slack
    EXPECT_EQ(matmulGrid(*t, 1000).x, 8u);
    EXPECT_EQ(phaseCount(*t, 1000), 16u);  // 15 whole phases and one 40 deep
    EXPECT_TRUE(wgmmaDeviceCheck(TensorCoreVariant::Wgmma, 9, 0, "NVIDIA H100 80GB HBM3").ok());
    for (auto [major, minor] : {std::pair{8, 0}, {8, 9}, {10, 0}, {12, 0}}) {
        const Status s = wgmmaDeviceCheck(TensorCoreVariant::Wgmma, major, minor, "GPU");
        ASSERT_FALSE(s.ok()) << major << "." << minor;
        EXPECT_NE(s.error().find("compute capability 9.0"), std::string::npos) << s.error();
        EXPECT_NE(s.error().find("is " + std::to_string(major) + "." + std::to_string(minor)),
                  std::string::npos)
            << s.error();
        EXPECT_EQ(s.error().find('\n'), std::string::npos);
    }
}

TEST(TensorCoreCatalog, TmaRungsTile128By256WithAProducerFromWarpSpecializedOn) {
    for (TensorCoreVariant v : {TensorCoreVariant::WgmmaTma, TensorCoreVariant::WarpSpecialized,
                                TensorCoreVariant::Persistent, TensorCoreVariant::Clusters}) {
        const auto t = tensorCoreTiling(v);
        ASSERT_TRUE(t);
        const bool producer = v != TensorCoreVariant::WgmmaTma;
        EXPECT_EQ(t->tileM, 128u);
        EXPECT_EQ(t->tileN, 256u);
        EXPECT_EQ(t->tileK, 64u);
        EXPECT_EQ(t->block.x, producer ? 384u : 256u);
        // The two consumer warpgroups' 256 threads hold every entry once.
        EXPECT_EQ(t->threadM * t->threadN * 256u, 128u * 256u);
        // Four stages, 2 KiB for each consumer warp to stage C, the slack.
        EXPECT_EQ(t->sharedBytes, 4u * 48 * 1024 + 8 * 2048 + 1024);
        EXPECT_LE(t->sharedBytes, 227u * 1024);  // an H100 block's opt-in limit
        EXPECT_EQ(matmulGrid(*t, 1000).x, 4u);   // 3 whole column tiles and a partial one
        EXPECT_EQ(matmulGrid(*t, 1000).y, 8u);
        EXPECT_EQ(phaseCount(*t, 1000), 16u);
        EXPECT_TRUE(tensorCoreVariantInfo(v).sm90a);
        EXPECT_TRUE(wgmmaDeviceCheck(v, 9, 0, "NVIDIA H200").ok());
        const Status refused = wgmmaDeviceCheck(v, 10, 0, "GPU");
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.error().find(tensorCoreVariantInfo(v).id), std::string::npos);
    }
    // Variants of no sm_90a code run anywhere the catalog lets them.
    EXPECT_TRUE(wgmmaDeviceCheck(TensorCoreVariant::MmaSync, 8, 0, "GPU").ok());
    EXPECT_TRUE(wgmmaDeviceCheck(TensorCoreVariant::Cublas, 12, 0, "GPU").ok());
}

TEST(TensorCoreCatalog, TheDensePeakIsSmsTimesTheRateTimesTheClock) {
    DeviceInfo h100;
    h100.ccMajor = 9;
    h100.smCount = 132;
    h100.smClockKHz = 1830000;
    // The datasheet's 989.4 TFLOP/s dense BF16 at 1830 MHz.
    EXPECT_NEAR(bf16TensorPeakGflops(h100), 989.4e3, 0.1e3);
    EXPECT_EQ(bf16TensorFlopsPerClockPerSm(8, 0), 2048);
    EXPECT_EQ(bf16TensorFlopsPerClockPerSm(8, 9), 0);  // not known: no roof drawn
    h100.ccMajor = 8;
    h100.ccMinor = 9;
    EXPECT_EQ(bf16TensorPeakGflops(h100), 0);
}

}  // namespace
}  // namespace ws
