// The core pieces the memory views draw: lanes to banks and rows, sector
// strips, block regions, and the access model against the seed's reasoning.
#include <gtest/gtest.h>

#include "core/access/bank_diagram.h"
#include "core/access/sector_strip.h"
#include "core/memory/access_records.h"
#include "core/memory/memory_access_model.h"
#include "core/memory/memory_reference.h"
#include "core/memory/memory_regions.h"

namespace ws {
namespace {

TEST(BankDiagram, StrideOneSpreadsLanesOverAllBanks) {
    const BankDiagram d = buildBankDiagram(stridedAccess(1, 4));
    EXPECT_EQ(d.rows, 1u);
    for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(d.laneBank[std::size_t(lane)], lane);
    EXPECT_EQ(d.conflictWords(), 0u);
    EXPECT_EQ(d.broadcastWords(), 0u);
}

TEST(BankDiagram, StrideTwoFoldsTwoLanesPerBank) {
    const BankDiagram d = buildBankDiagram(stridedAccess(2, 4));
    EXPECT_EQ(d.analysis.passes, 2u);
    EXPECT_EQ(d.rows, 2u);
    EXPECT_EQ(d.laneBank[16], 0);  // word 32
    EXPECT_EQ(d.laneBank[1], 2);
    EXPECT_EQ(d.conflictWords(), 32u);
}

TEST(BankDiagram, StrideThirtyTwoStacksEveryLaneInBankZero) {
    const BankDiagram d = buildBankDiagram(stridedAccess(32, 4));
    EXPECT_EQ(d.rows, 32u);
    for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(d.laneBank[std::size_t(lane)], 0);
    ASSERT_NE(d.at(0, 31), nullptr);
    EXPECT_TRUE(d.at(0, 31)->conflict);
    EXPECT_EQ(d.at(0, 31)->lanes, std::vector<std::uint32_t>{31});
}

TEST(BankDiagram, StrideThirtyThreeIsConflictFree) {
    const BankDiagram d = buildBankDiagram(stridedAccess(33, 4));
    EXPECT_EQ(d.rows, 1u);
    for (int lane = 0; lane < 32; ++lane)
        EXPECT_EQ(d.laneBank[std::size_t(lane)], (lane * 33) % 32);
}

TEST(BankDiagram, SeedTileTwoPassesPaddedOne) {
    // sbuf[16][16] read down a column: rows 16 bytes apart, 2 passes; [16][16+4]: 1.
    const BankDiagram plain = buildBankDiagram(tileColumnAccess(16, 16, 1, 0));
    EXPECT_EQ(plain.analysis.passes, 2u);
    EXPECT_GT(plain.conflictWords(), 0u);
    EXPECT_GT(plain.broadcastWords(), 0u);  // columns ty and ty+1 share words
    const BankDiagram padded = buildBankDiagram(tileColumnAccess(16, 16, 1, 4));
    EXPECT_EQ(padded.analysis.passes, 1u);
    EXPECT_EQ(padded.conflictWords(), 0u);
    // Float tile[32][32] vs tile[32][33].
    EXPECT_EQ(buildBankDiagram(tileColumnAccess(32, 32, 4, 0)).rows, 32u);
    EXPECT_EQ(buildBankDiagram(tileColumnAccess(32, 32, 4, 4)).rows, 1u);
}

TEST(BankDiagram, WideAccessesStackTheirPhases) {
    const BankDiagram d8 = buildBankDiagram(stridedAccess(1, 8));
    ASSERT_EQ(d8.phaseFirstRow.size(), 2u);
    EXPECT_EQ(d8.rows, 2u);
    EXPECT_EQ(d8.lanePhase[15], 0);
    EXPECT_EQ(d8.lanePhase[16], 1);
    EXPECT_EQ(d8.links.size(), 64u);  // each lane touches two words
    const BankDiagram d16 = buildBankDiagram(stridedAccess(1, 16));
    EXPECT_EQ(d16.phaseFirstRow.size(), 4u);
    EXPECT_EQ(d16.rows, 4u);
}

TEST(BankDiagram, BroadcastIsNotAConflict) {
    const BankDiagram d = buildBankDiagram(stridedAccess(0, 4));
    ASSERT_EQ(d.words.size(), 1u);
    EXPECT_TRUE(d.words[0].broadcast);
    EXPECT_FALSE(d.words[0].conflict);
    EXPECT_EQ(d.analysis.passes, 1u);
}

TEST(SectorStrip, CoalescedAndScattered) {
    std::array<std::uint64_t, 32> a{};
    for (std::uint32_t i = 0; i < 32; ++i) a[i] = 4 * i;
    const SectorStrip s = buildSectorStrip(a, 0xffffffffu, 4);
    EXPECT_EQ(s.count.sectors, 4u);
    EXPECT_EQ(s.lines.size(), 1u);
    EXPECT_DOUBLE_EQ(s.efficiency(), 1.0);
    for (std::uint32_t i = 0; i < 32; ++i) a[i] = 1080 * i;
    const SectorStrip t = buildSectorStrip(a, 0xffffffffu, 1);
    EXPECT_EQ(t.count.sectors, 32u);
    EXPECT_EQ(t.lines.size(), 32u);
    EXPECT_TRUE(t.lines[1].gapBefore);
    EXPECT_EQ(t.lanes[5].lineIndex, 5u);
    EXPECT_EQ(t.lanes[5].offset, 1080u * 5 % 128);
}

TEST(AccessModel, NaiveTransposeWritesScatterTiledOnesDoNot) {
    const ParamValues size{{"width", "1920"}, {"height", "1080"}};
    auto writeOf = [&](const char* variant) {
        ParamValues p = size;
        p["variant"] = variant;
        for (const auto& g : modelWarpAccesses("transpose-u8", p).global)
            if (g.isWrite) return countSectors(g.address, g.activeMask, g.widthBytes);
        return SectorCount{};
    };
    EXPECT_EQ(writeOf("naive").sectors, 16u);  // 16 columns x 2 rows: one sector per column
    EXPECT_EQ(writeOf("shared").sectors,
              3u);  // two 16-byte runs; the second (byte 1080) straddles a sector edge
    EXPECT_EQ(writeOf("padded").sectors, 3u);
    // ReduceWKernelSimple: each lane's own row, one sector per lane.
    const auto rows = modelWarpAccesses("reduce-rows-atomic", size).global.front();
    EXPECT_EQ(countSectors(rows.address, rows.activeMask, 1).sectors, 32u);
    const auto cols = modelWarpAccesses("reduce-columns", size).global.front();
    EXPECT_EQ(countSectors(cols.address, cols.activeMask, 1).sectors, 1u);
}

TEST(AccessModel, SharedTileMatchesTheBankAnalysis) {
    ParamValues p{{"width", "64"}, {"height", "64"}, {"variant", "shared"}};
    const auto plain = modelWarpAccesses("transpose-u8", p).shared;
    ASSERT_EQ(plain.size(), 2u);
    EXPECT_EQ(analyzeBanks(plain[1].access).passes, 2u);
    p["variant"] = "padded";
    EXPECT_EQ(analyzeBanks(modelWarpAccesses("transpose-u8", p).shared[1].access).passes, 1u);
}

TEST(AccessModel, ModelledRunNamesItsInstructions) {
    const ws::Run run = modelledMemoryRun(
        "transpose-u8", {{"width", "64"}, {"height", "48"}, {"variant", "padded"}}, 0.01);
    const Launch& l = run.launches.front();
    EXPECT_EQ(l.blocks.size(), 12u);
    EXPECT_EQ(tracedBlocks(l), (std::vector<std::uint32_t>{0, 11}));
    ASSERT_GT(l.sharedAccesses.size(), 1u);
    EXPECT_NE(sharedInstructionText(run, l, 1).find("sbuf[tx][ty]"), std::string::npos);
    EXPECT_NE(globalInstructionText(run, l, 0).find("src"), std::string::npos);
}

TEST(MemoryRegions, TransposeTilesTurnAndReductionsCoverTheirStrips) {
    const ws::Run run =
        modelledMemoryRun("transpose-u8", {{"width", "40"}, {"height", "20"}}, 0.01);
    const Launch& l = run.launches.front();  // grid 3 x 2
    const auto settings = memorySettingsOf(run);
    ASSERT_TRUE(settings);
    const auto r = blockRegion(*settings, l, 5);  // bx 2, by 1: the corner, partial tile
    ASSERT_TRUE(r);
    EXPECT_EQ(r->input, (PixelRect{32, 16, 8, 4}));
    EXPECT_EQ(r->output, (PixelRect{16, 32, 4, 8}));
    const ws::Run rows = modelledMemoryRun(
        "reduce-rows-atomic", {{"width", "300"}, {"height", "600"}, {"block", "256"}}, 0.01);
    const Launch& rl = rows.launches.front();  // grid (3, 3)
    const auto rowSettings = memorySettingsOf(rows);
    ASSERT_TRUE(rowSettings);
    const auto rr = blockRegion(*rowSettings, rl, 4);  // bx 1 (rows 256..), by 1 (x 128..)
    ASSERT_TRUE(rr);
    EXPECT_EQ(rr->input, (PixelRect{128, 256, 128, 256}));
    EXPECT_EQ(rr->output, (PixelRect{0, 256, 1, 256}));
}

TEST(MemoryRegions, PixelsMatchTheTestImage) {
    const auto image = makeImageU8(70, 33, 1);
    for (std::uint64_t y = 0; y < 33; ++y)
        for (std::uint64_t x = 0; x < 70; ++x)
            ASSERT_EQ(imagePixelU8(x, y, 70, 1), image[y * 70 + x]) << x << "," << y;
}

}  // namespace
}  // namespace ws
