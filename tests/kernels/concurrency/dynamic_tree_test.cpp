// The device's grid slots and block records into Launches, on hand-made
// records: what the host does after a dynamic-parallelism run, without a GPU.
#include "kernels/concurrency/dynamic_tree.h"

#include <gtest/gtest.h>

#include "core/concurrency/concurrency_tables.h"
#include "core/concurrency/launch_tree.h"

namespace ws {
namespace {

dp::GridSlot slot(std::uint32_t parent, std::uint32_t parentBlock, std::uint32_t depth,
                  dp::GridMode mode, dp::GridKernel kernel, std::uint32_t grid, std::uint32_t first,
                  std::uint64_t requestNs = 0) {
    dp::GridSlot s{};
    s.parentSlot = parent;
    s.parentBlock = parentBlock;
    s.depth = depth;
    s.mode = std::uint32_t(mode);
    s.kernel = std::uint32_t(kernel);
    s.grid = grid;
    s.block = 128;
    s.firstBlockRecord = first;
    s.written = 1;
    s.requestNs = requestNs;
    return s;
}

// A parent of 2 blocks whose block 1 launched a child of 3 blocks (tail) and
// whose block 0 launched a child of 1 block (fire-and-forget).
DeviceTree smallTree() {
    DeviceTree t;
    t.slots = {slot(dp::kNoSlot, 0, 0, dp::GridMode::Host, dp::GridKernel::Parent, 2, 0),
               slot(0, 1, 1, dp::GridMode::Tail, dp::GridKernel::Child, 3, 2, 1000),
               slot(0, 0, 1, dp::GridMode::FireAndForget, dp::GridKernel::Child, 1, 5, 1500)};
    t.slotCount = 3;
    t.blockCount = 6;
    t.blocks.resize(6);
    auto record = [&](std::uint32_t i, std::uint32_t s, std::uint32_t b, std::uint64_t start) {
        t.blocks[i] = {s, b, 7 + b, 1, start, start + 400, 10, 500};
    };
    record(0, 0, 0, 100);
    record(1, 0, 1, 120);
    record(2, 1, 0, 3000);
    record(3, 1, 1, 3100);
    record(4, 1, 2, 3050);
    record(5, 2, 0, 2500);
    return t;
}

TEST(DynamicTree, SlotsBecomeLaunchesWithTheirParents) {
    std::vector<RecordTable> tables;
    auto launches = launchesFromTree(smallTree(), tables);
    ASSERT_TRUE(launches.ok()) << launches.error();
    ASSERT_EQ(launches->size(), 3u);
    const Launch& child = (*launches)[1];
    EXPECT_EQ(child.kernel, "childAddsOne");
    EXPECT_EQ(child.parentLaunch, 0);
    EXPECT_EQ(child.parentBlock, 1u);
    EXPECT_EQ(child.depth, 1u);
    EXPECT_EQ(child.launchMode, "tail");
    EXPECT_EQ((*launches)[2].launchMode, "fire-and-forget");
    EXPECT_EQ((*launches)[0].launchMode, "");
    ASSERT_EQ(child.blocks.size(), 3u);
    EXPECT_EQ(child.blocks.sm, (std::vector<std::uint32_t>{7, 8, 9}));
    EXPECT_EQ(child.blocks.startNs[2], 3050u);
    const RecordTable* d = findTable(tables, tables::kDeviceLaunches);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(*d->get<std::uint32_t>("launch"), (std::vector<std::uint32_t>{1, 2}));
    EXPECT_EQ(*d->get<std::uint64_t>("requestNs"), (std::vector<std::uint64_t>{1000, 1500}));
    ws::Run run;
    run.launches = *launches;
    run.tables = tables;
    EXPECT_TRUE(tables::checkConcurrencyRecords(run).ok());
    EXPECT_EQ(buildLaunchTree(run).nodes[0].children, (std::vector<int>{2, 1}));
    const auto gaps = deviceLaunchGaps(smallTree());
    ASSERT_EQ(gaps.size(), 2u);
    EXPECT_DOUBLE_EQ(gaps[0].ns, 2000);  // first of 3000, 3100, 3050 minus 1000
    EXPECT_EQ(gaps[1].mode, dp::GridMode::FireAndForget);
    EXPECT_DOUBLE_EQ(gaps[1].ns, 1000);
}

TEST(DynamicTree, BrokenRecordsAreRefusedWithWhatAndWhere) {
    std::vector<RecordTable> tables;
    DeviceTree t = smallTree();
    t.slotCount = 5;
    EXPECT_EQ(launchesFromTree(t, tables).error(),
              "the device launched 5 grids, records were reserved for 3");
    t = smallTree();
    t.slots[2].written = 0;
    EXPECT_EQ(launchesFromTree(t, tables).error(),
              "grid 2: its launching thread never filled its record");
    t = smallTree();
    t.slots[1].launchError = 69;  // cudaErrorLaunchPendingCountExceeded
    EXPECT_NE(launchesFromTree(t, tables).error().find("grid 1: the device-side launch failed"),
              std::string::npos);
    t = smallTree();
    t.slots[1].parentBlock = 2;
    EXPECT_EQ(launchesFromTree(t, tables).error(),
              "grid 1: parent block 2 is not a block of grid 0");
    t = smallTree();
    t.blocks[3].block = 0;
    EXPECT_EQ(launchesFromTree(t, tables).error(),
              "grid 1: block record 1 belongs to grid 1 block 0");
    t = smallTree();
    t.slots[2].firstBlockRecord = 6;
    EXPECT_NE(launchesFromTree(t, tables).error().find("run past the 6 reserved"),
              std::string::npos);
}

TEST(DynamicTree, UnwrittenBlocksAreLeftOut) {
    std::vector<RecordTable> tables;
    DeviceTree t = smallTree();
    t.blocks[3].written = 0;
    auto launches = launchesFromTree(t, tables);
    ASSERT_TRUE(launches.ok());
    EXPECT_EQ((*launches)[1].blocks.block, (std::vector<std::uint32_t>{0, 2}));
}

}  // namespace
}  // namespace ws
