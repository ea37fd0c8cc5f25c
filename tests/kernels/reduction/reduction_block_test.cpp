// One block reduces the whole array (sumCommSingleBlock, sumNoncommSingleBlock).
#include "core/reduction/reduction_shapes.h"
#include "tests/kernels/reduction/reduction_checks.h"

namespace ws::test {
namespace {

class SingleBlock : public GpuTest {};

TEST_F(SingleBlock, CommutativeSumsEverySizeAndBlock) {
    for (const char* type : {"type=int32", "type=float"})
        for (std::uint64_t n : smallSizes())
            for (std::uint32_t block : {32u, 128u, 1024u})
                runAndCheck("reduce-single-block",
                            {assignment("n", n), assignment("block", block), type});
    for (const char* type : {"type=int32", "type=float"})
        runAndCheck("reduce-single-block",
                    {assignment("n", kLargeSize), "block=256", type, "traced_blocks=1"});
}

TEST_F(SingleBlock, NonCommutativeKeepsOrder) {
    for (const char* op : {"op=affine", "op=add"})
        for (std::uint64_t n : smallSizes())
            for (std::uint32_t block : {32u, 256u, 1024u})
                runAndCheck("reduce-single-block-noncomm",
                            {assignment("n", n), assignment("block", block), op});
    runAndCheck("reduce-single-block-noncomm",
                {assignment("n", kLargeSize), "block=1024", "op=affine"});
}

TEST_F(SingleBlock, UntracedRunsRecordBlocksOnly) {
    auto run = runAndCheck("reduce-single-block", {"n=1000", "traced_blocks=0"});
    ASSERT_TRUE(run);
    ASSERT_EQ(run->launches.size(), 1u);
    EXPECT_EQ(run->launches[0].blocks.size(), 1u);
    EXPECT_EQ(run->launches[0].steps.size(), 0u);
}

TEST_F(SingleBlock, AffineStepsCarryTwoComponents) {
    auto run = runAndCheck("reduce-single-block-noncomm", {"n=5000", "block=64", "op=affine"});
    ASSERT_TRUE(run);
    const StepRecords& steps = run->launches[0].steps;
    EXPECT_EQ(steps.components, 2u);
    EXPECT_EQ(steps.size(), 7u * 2);  // load + 6 levels, 2 warps, block 0 only
    EXPECT_EQ(run->timing.bytesMoved, 5000.0 * 8);
    // The readable inputs: the trace names them, and every number is below 97.
    EXPECT_EQ(run->texts.at(kInputSchemeKey), "affine-mod-97");
    auto scheme = affineScheme(*run);
    ASSERT_TRUE(scheme) << scheme.error();
    EXPECT_EQ(*scheme, AffineScheme::Mod97);
    for (double v : steps.after) ASSERT_LT(v, 97.0);
    EXPECT_NE(run->verification.actual.find(" mod 97"), std::string::npos)
        << run->verification.actual;
}

}  // namespace
}  // namespace ws::test
