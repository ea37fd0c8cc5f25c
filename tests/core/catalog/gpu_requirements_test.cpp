// The GPU an experiment needs and the GPUs this build's code runs on: each
// refused in one line naming the requirement and the GPU.
#include "core/catalog/gpu_requirements.h"

#include <gtest/gtest.h>

#include "core/catalog/catalog.h"

namespace ws {
namespace {

DeviceInfo gpu(const char* name, int major, int minor) {
    DeviceInfo d;
    d.name = name;
    d.ccMajor = major;
    d.ccMinor = minor;
    return d;
}

TEST(GpuRequirements, AnExperimentNeedingHopperIsRefusedOnAnAmpereInOneLine) {
    ExperimentSpec spec;
    spec.id = "clusters-demo";
    spec.needs = {9, 0, "thread-block clusters and TMA"};
    EXPECT_EQ(requirementText(spec.needs),
              "needs compute capability 9.0 (thread-block clusters and TMA)");
    const auto refusal = requirementRefusal(spec, gpu("NVIDIA A100-SXM4-80GB", 8, 0));
    ASSERT_TRUE(refusal);
    EXPECT_EQ(*refusal,
              "clusters-demo needs compute capability 9.0 (thread-block clusters and TMA); this "
              "GPU, NVIDIA A100-SXM4-80GB, is 8.0");
    EXPECT_EQ(refusal->find('\n'), std::string::npos);
    EXPECT_FALSE(requirementRefusal(spec, gpu("NVIDIA H100 80GB HBM3", 9, 0)));
    EXPECT_FALSE(requirementRefusal(spec, gpu("NVIDIA B200", 10, 0)));
}

TEST(GpuRequirements, EveryExperimentOfTheCatalogRunsOnAnH100) {
    for (const ExperimentSpec& e : catalog())
        EXPECT_FALSE(requirementRefusal(e, gpu("NVIDIA H100 80GB HBM3", 9, 0))) << e.id;
}

TEST(GpuRequirements, MachineCodeRunsOnItsMajorVersionAndPtxOnAnyLaterGpu) {
    // The CI build: sm_90 machine code and compute_90 PTX.
    EXPECT_TRUE(buildRunsOn("90", 9, 0));
    EXPECT_TRUE(buildRunsOn("90", 10, 0));  // through the PTX
    EXPECT_FALSE(buildRunsOn("90", 8, 6));
    // The packages: machine code for Ampere and Ada, PTX from Hopper on.
    EXPECT_TRUE(buildRunsOn("80-real;86-real;89-real;90", 8, 0));
    EXPECT_TRUE(buildRunsOn("80-real;86-real;89-real;90", 8, 7));  // sm_80 code on 8.7
    EXPECT_FALSE(buildRunsOn("80-real;86-real;89-real;90", 7, 5));
    // Machine code alone does not reach the next major version.
    EXPECT_FALSE(buildRunsOn("90-real", 10, 0));
    EXPECT_TRUE(buildRunsOn("75-virtual", 8, 0));

    const auto refusal = buildRefusal("90", gpu("NVIDIA GeForce RTX 3090", 8, 6));
    ASSERT_TRUE(refusal);
    EXPECT_EQ(*refusal,
              "this build has GPU code for compute capability 9.0 only; this GPU, NVIDIA "
              "GeForce RTX 3090, is 8.6: rebuild with -DCMAKE_CUDA_ARCHITECTURES=86");
    EXPECT_FALSE(buildRefusal("90", gpu("NVIDIA H200", 9, 0)));
}

}  // namespace
}  // namespace ws
