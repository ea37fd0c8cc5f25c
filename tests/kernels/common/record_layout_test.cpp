// Record buffers are sized on the host from the plans, before any launch.
#include "kernels/common/record_layout.h"

#include <gtest/gtest.h>

namespace ws {
namespace {

using Ids = std::vector<std::uint32_t>;

TEST(TracedBlocks, FirstLastThenSpread) {
    EXPECT_EQ(tracedBlockIds(100, 0), Ids{});
    EXPECT_EQ(tracedBlockIds(100, 1), Ids{0});
    EXPECT_EQ(tracedBlockIds(100, 2), (Ids{0, 99}));
    EXPECT_EQ(tracedBlockIds(100, 5), (Ids{0, 24, 49, 74, 99}));
    EXPECT_EQ(tracedBlockIds(1, 2), Ids{0});
    EXPECT_EQ(tracedBlockIds(3, 8), (Ids{0, 1, 2}));
    EXPECT_EQ(tracedBlockIds(1u << 20, 100).size(), kMaxTracedBlocks);
}

TEST(TracedBlocks, SortedAndDistinct) {
    for (std::uint64_t grid : {1ull, 2ull, 5ull, 7ull, 264ull, 65535ull})
        for (std::uint32_t count = 0; count <= 8; ++count) {
            const Ids ids = tracedBlockIds(grid, count);
            EXPECT_EQ(ids.size(), std::min<std::uint64_t>(count, grid));
            for (std::size_t i = 1; i < ids.size(); ++i) EXPECT_LT(ids[i - 1], ids[i]);
            for (auto id : ids) EXPECT_LT(id, grid);
        }
}

TEST(PassLayout, StepsAreLoadPlusPlan) {
    EXPECT_EQ(makePass(TreeShape::Sequential, 256).steps, 9u);  // load + 8 halvings
    EXPECT_EQ(makePass(TreeShape::InterleavedStrided, 1024).steps, 11u);
    EXPECT_EQ(makePass(TreeShape::SequentialUnrolledWarp, 256).steps, 9u);  // 128, 64, then 6
    EXPECT_EQ(makePass(TreeShape::SequentialUnrolledWarp, 64).steps, 7u);
    EXPECT_EQ(makePass(TreeShape::WarpComm, 1024).steps, 6u);
    EXPECT_EQ(makePass(TreeShape::WarpShuffleDown, 32).steps, 6u);
    EXPECT_EQ(makePass(TreeShape::WarpComm, 96).warps(), 3u);
}

TEST(StepLayout, CountsAndBytes) {
    StepLayout layout;
    layout.tracedBlocks = {0, 99};
    layout.first = makePass(TreeShape::Sequential, 256);
    layout.components = 1;
    EXPECT_EQ(layout.firstRecords(), 2u * 9 * 8);
    EXPECT_EQ(layout.secondRecords(), 0u);
    EXPECT_EQ(layout.deviceBytes(), 144u * (4 + 4 + 8 + 2 * 32 * 4) + 4);

    layout.second = makePass(TreeShape::Sequential, 256);
    EXPECT_EQ(layout.secondRecords(), 9u * 8);
    layout.components = 2;
    EXPECT_EQ(stepRecordBytes(2), 4u + 4 + 8 + 2 * 32 * 2 * 4);
    EXPECT_EQ(layout.deviceBytes(), (144u + 72) * stepRecordBytes(2) + 4);

    layout.tracedBlocks.clear();  // nothing traced: no second pass either
    EXPECT_EQ(layout.records(), 0u);
    EXPECT_EQ(layout.deviceBytes(), 0u);
}

TEST(RecordLayout, BlocksAndArrivals) {
    RecordLayout layout;
    layout.grid = 1000;
    EXPECT_EQ(layout.blockBytes(), 40'000u);
    EXPECT_EQ(layout.arrivalBytes(), 0u);
    layout.arrivals = true;
    EXPECT_EQ(layout.arrivalBytes(), 12'000u);
    EXPECT_EQ(layout.deviceBytes(), 52'000u);
}

}  // namespace
}  // namespace ws
