// Many blocks: two launches, the last-block guard, and the in-order variant.
#include "tests/kernels/reduction/reduction_checks.h"

namespace ws::test {
namespace {

class MultiBlock : public GpuTest {};

TEST_F(MultiBlock, TwoLaunches) {
    for (const char* type : {"type=int32", "type=float"})
        for (std::uint64_t n : smallSizes())
            for (std::uint32_t block : {32u, 256u, 1024u})
                for (std::uint32_t grid : {0u, 3u})
                    if (auto run = runAndCheck("reduce-multi-block",
                                               {assignment("n", n), assignment("block", block),
                                                assignment("grid", grid), type})) {
                        ASSERT_EQ(run->launches.size(), 2u);
                        EXPECT_EQ(run->launches[1].grid.x, 1u);
                    }
    runAndCheck("reduce-multi-block",
                {assignment("n", kLargeSize), "type=float", "traced_blocks=4"});
}

TEST_F(MultiBlock, LastBlockMergesOnce) {
    for (const char* type : {"type=int32", "type=float"})
        for (std::uint64_t n : smallSizes())
            for (std::uint32_t block : {32u, 1024u})
                // 1500 blocks > 1024 threads: the merge must stride over the partials.
                for (std::uint32_t grid : {0u, 1u, 1500u})
                    runAndCheck("reduce-last-block",
                                {assignment("n", n), assignment("block", block),
                                 assignment("grid", grid), type});
    runAndCheck("reduce-last-block", {assignment("n", kLargeSize), "type=int32", "block=256"});
}

TEST_F(MultiBlock, NonCommutativeSectionsInOrder) {
    for (const char* op : {"op=affine", "op=add"})
        for (std::uint64_t n : smallSizes())
            for (std::uint32_t block : {32u, 512u})
                for (std::uint32_t grid : {0u, 1u, 7u, 1500u})
                    runAndCheck("reduce-multi-block-noncomm",
                                {assignment("n", n), assignment("block", block),
                                 assignment("grid", grid), op});
    runAndCheck("reduce-multi-block-noncomm", {assignment("n", kLargeSize), "op=affine"});
}

TEST_F(MultiBlock, RepeatedRunsResetTheCounter) {
    // Each run launches the kernel 2 x (1 warm-up + 2 timed) times on one
    // counter; a stale counter would pick no merging block and fail the check.
    for (int i = 0; i < 3; ++i)
        runAndCheck("reduce-last-block", {"n=100000", "grid=200", "block=128"});
}

}  // namespace
}  // namespace ws::test
