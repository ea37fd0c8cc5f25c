// Greetings: the printed line and its parser agree, corrupt tables are
// rejected with what and where, the printf text is matched line by line, and
// the order analysis counts what a student sees in the printed lines.
#include "core/basics/greetings.h"

#include <gtest/gtest.h>

#include "core/basics/greeting_order.h"

namespace ws {
namespace {

Launch launchOf(std::uint32_t grid, std::uint32_t block, const std::vector<Greeting>& g) {
    Launch l;
    l.kernel = "hello_kernel";
    l.grid = {grid, 1, 1};
    l.block = {block, 1, 1};
    l.tables.push_back(greetingsTable(g));
    return l;
}

// Two blocks of 40 threads (warp 1 of each holds 8 lanes), tickets in the
// order: block 1 warp 0, block 0 warp 1, block 0 warp 0, block 1 warp 1.
std::vector<Greeting> interleaved() {
    std::vector<Greeting> g = expectedGreetings(2, 40);
    std::uint32_t ticket = 0;
    auto give = [&](std::uint32_t block, std::uint32_t warp) {
        for (auto& x : g)
            if (x.block == block && x.warp == warp) {
                x.ticket = ticket;
                x.printed = ticket;
                x.timeNs = 1000 + ticket * 10;
                x.sm = block == 0 ? 4 : 9;
                ++ticket;
            }
    };
    give(1, 0);
    give(0, 1);
    give(0, 0);
    give(1, 1);
    return g;
}

TEST(Greetings, LineAndParserAgree) {
    const std::string line = greetingLine(3, 45, 1, 13, 120);
    EXPECT_EQ(line, "Hello from block 3, thread 45 (warp 1, lane 13) on SM 120");
    const auto g = parseGreetingLine(line);
    ASSERT_TRUE(g);
    EXPECT_EQ(g->block, 3u);
    EXPECT_EQ(g->thread, 45u);
    EXPECT_EQ(g->warp, 1u);
    EXPECT_EQ(g->lane, 13u);
    EXPECT_EQ(g->sm, 120u);
    EXPECT_FALSE(parseGreetingLine(line + " "));
    EXPECT_FALSE(parseGreetingLine("Hello from block x, thread 1 (warp 0, lane 1) on SM 0"));
    EXPECT_FALSE(parseGreetingLine("Hello, world from the device!"));
}

TEST(Greetings, TableRoundTripsAndIsChecked) {
    const auto g = interleaved();
    auto read = readGreetings(launchOf(2, 40, g));
    ASSERT_TRUE(read) << read.error();
    ASSERT_EQ(read->size(), 80u);
    EXPECT_EQ((*read)[41].block, 1u);
    EXPECT_EQ((*read)[41].thread, 1u);
    EXPECT_EQ((*read)[41].ticket, 1u);

    auto twice = g;
    twice[1].thread = 0;
    auto e1 = readGreetings(launchOf(2, 40, twice));
    ASSERT_FALSE(e1);
    EXPECT_NE(e1.error().find("greeting 1: "), std::string::npos) << e1.error();
    EXPECT_NE(e1.error().find("thread 0 is warp 0 lane 0"), std::string::npos) << e1.error();

    auto ticket = g;
    ticket[5].ticket = ticket[6].ticket;
    auto e2 = readGreetings(launchOf(2, 40, ticket));
    ASSERT_FALSE(e2);
    EXPECT_NE(e2.error().find("drawn twice"), std::string::npos) << e2.error();

    auto outside = g;
    outside[0].block = 2;
    auto e3 = readGreetings(launchOf(2, 40, outside));
    ASSERT_FALSE(e3);
    EXPECT_NE(e3.error().find("not below the grid's 2"), std::string::npos) << e3.error();

    Launch wrongType = launchOf(2, 40, g);
    wrongType.tables[0].add<float>("timeNs") = std::vector<float>(80, 0.f);
    auto e4 = readGreetings(wrongType);
    ASSERT_FALSE(e4);
    EXPECT_NE(e4.error().find("'timeNs' holds f32 values, expected u64"), std::string::npos)
        << e4.error();
}

TEST(Greetings, PrintfTextIsMatchedLineByLine) {
    auto g = expectedGreetings(1, 3);
    for (auto& x : g) x.sm = 7;
    const std::string text = greetingLine(0, 2, 0, 2, 7) + "\n" + greetingLine(0, 0, 0, 0, 7) +
                             "\n" + greetingLine(0, 1, 0, 1, 7) + "\n";
    const PrintfMatch m = matchPrintf(text, g);
    EXPECT_EQ(m.lines, 3u);
    EXPECT_EQ(m.matched, 3u);
    EXPECT_EQ(g[2].printed, 0u);
    EXPECT_EQ(g[0].printed, 1u);
    EXPECT_TRUE(verifyGreetings(g, 1, 3, m).passed);

    auto h = expectedGreetings(1, 3);
    for (auto& x : h) x.sm = 7;
    const std::string bad = greetingLine(0, 2, 0, 2, 8) + "\nnoise\n" + greetingLine(0, 2, 0, 2, 7);
    const PrintfMatch b = matchPrintf(bad, h);
    EXPECT_EQ(b.lines, 3u);
    EXPECT_EQ(b.foreign, 1u);
    EXPECT_EQ(b.duplicates, 1u);
    EXPECT_EQ(b.disagreeing, 1u);
    EXPECT_NE(b.firstProblem.find("line 1 says SM 8"), std::string::npos) << b.firstProblem;
    const Verification v = verifyGreetings(h, 1, 3, b);
    EXPECT_FALSE(v.passed);
    EXPECT_EQ(v.note, b.firstProblem);
    EXPECT_EQ(printfTextKey(0), "printf");
    EXPECT_EQ(printfTextKey(2), "printf.2");
}

TEST(GreetingOrder, WarpsComeWholeAndInterleaveAcrossBlocks) {
    const auto g = interleaved();
    const auto runs = warpRuns(g, GreetingOrder::Printed);
    ASSERT_EQ(runs.size(), 4u);
    EXPECT_EQ(runs[0].warp, (WarpId{1, 0}));
    EXPECT_EQ(runs[0].count, 32u);
    EXPECT_EQ(runs[1].warp, (WarpId{0, 1}));
    EXPECT_EQ(runs[1].first, 32u);
    EXPECT_EQ(runs[1].count, 8u);
    const OrderSummary s = summarizeOrder(g, GreetingOrder::Printed);
    EXPECT_EQ(s.warps, 4u);
    EXPECT_EQ(s.blocks, 2u);
    EXPECT_TRUE(s.warpsWhole());
    EXPECT_EQ(s.blockSwitches, 2u);  // 1 -> 0 at 32, 0 -> 1 at 72

    // The same greetings in launch order: no switch inside block 0's warps.
    const auto inOrder = warpOrder(expectedGreetings(2, 40), GreetingOrder::Ticket);
    const auto shuffled = warpOrder(g, GreetingOrder::Ticket);
    EXPECT_EQ(warpsMoved(inOrder, inOrder), 0u);
    EXPECT_EQ(warpsMoved(inOrder, shuffled), 2u);  // block 0 warp 0 and block 1 warp 0 swap
    const auto positions = greetingPositions(g, GreetingOrder::Time);
    EXPECT_EQ(positions[40], 0u);  // block 1 thread 0 came first
}

}  // namespace
}  // namespace ws
