// Stall samples of code inlined from a helper counted on the kernel's line
// that called it, on the synthetic profile whose every number is known
// (core/profile/synthetic_inlined_profile.h), and the same profile without
// its calls, as older traces hold it.
#include <gtest/gtest.h>

#include "core/profile/stall_lines.h"
#include "core/profile/stall_reasons.h"
#include "core/profile/synthetic_inlined_profile.h"

namespace ws {
namespace {

constexpr std::uint32_t kKernel = 0, kHelper = 1;

std::vector<LinePlace> placesOf(const std::vector<StallLine>& lines) {
    std::vector<LinePlace> out;
    for (const StallLine& l : lines) out.push_back(l.place());
    return out;
}

TEST(StallLinesInlined, RowsAreTheKernelsOwnLines) {
    const RunProfile p = syntheticInlinedProfile();
    const FunctionStalls s = stallsOfFunction(p, 0);
    EXPECT_EQ(s.ownFile, kKernel);
    EXPECT_EQ(s.counts.samples, 1000u);
    EXPECT_EQ(placesOf(s.lines), (std::vector<LinePlace>{{kKernel, 5},
                                                         {kKernel, 7},
                                                         {kKernel, 8},
                                                         {kKernel, 9},
                                                         {kKernel, 10},
                                                         {kKernel, 11},
                                                         {kKernel, 12},
                                                         {kKernel, 14},
                                                         {kKernel, kNoLine}}));
    const auto hot = hottestFirst(s.lines);
    ASSERT_FALSE(hot.empty());
    EXPECT_EQ(hot.front().place(), (LinePlace{kKernel, 12}));
    EXPECT_EQ(hot.front().counts.samples, 660u);
    EXPECT_DOUBLE_EQ(hot.front().counts.share, 0.66);
    EXPECT_EQ(hot[1].place(), (LinePlace{kKernel, 8}));
    EXPECT_EQ(hot[2].place(), (LinePlace{kKernel, 11}));
    EXPECT_EQ(hot[2].counts.samples, 80u);
}

TEST(StallLinesInlined, AKernelLineTellsTheHelperLinesInIt) {
    const RunProfile p = syntheticInlinedProfile();
    const auto store = inlinedLinesOf(p, 0, {kKernel, 12});
    ASSERT_EQ(store.size(), 2u);
    EXPECT_EQ(store[0].place(), (LinePlace{kHelper, 11}));
    EXPECT_EQ(store[0].counts.samples, 640u);
    EXPECT_DOUBLE_EQ(store[0].counts.share, 0.64);
    EXPECT_EQ(stallReasonKey(p.stallReasons[store[0].counts.reasons.front().reason]),
              "long_scoreboard");
    EXPECT_EQ(store[1].place(), (LinePlace{kHelper, 13}));  // note(), inlined two calls deep
    EXPECT_EQ(store[1].counts.samples, 20u);
    const auto load = inlinedLinesOf(p, 0, {kKernel, 11});
    ASSERT_EQ(load.size(), 1u);
    EXPECT_EQ(load[0].place(), (LinePlace{kHelper, 6}));
    EXPECT_EQ(load[0].counts.samples, 80u);
    EXPECT_TRUE(inlinedLinesOf(p, 0, {kKernel, 8}).empty());  // the kernel's own code
    EXPECT_TRUE(inlinedLinesOf(p, 3, {kKernel, 12}).empty());
}

TEST(StallLinesInlined, AKernelLinesInstructionsSayWhereTheirCodeWasWritten) {
    const RunProfile p = syntheticInlinedProfile();
    const auto store = instructionsOfLine(p, 0, 12);
    ASSERT_EQ(store.size(), 2u);
    EXPECT_EQ(store[0].pcOffset, 0x70u);
    EXPECT_EQ(store[0].helper, (LinePlace{kHelper, 13}));
    EXPECT_EQ(store[1].sass, "@!P1 STG.E desc[UR4][R6.64], R5");
    EXPECT_EQ(store[1].helper, (LinePlace{kHelper, 11}));
    EXPECT_EQ(store[1].counts.samples, 640u);
    EXPECT_EQ(store[1].line, 12);
    const auto own = instructionsOfLine(p, 0, 8);
    ASSERT_EQ(own.size(), 2u);
    EXPECT_EQ(own[0].helper.line, kNoLine);
    // A helper's line is no row of its own: nothing counts on it.
    EXPECT_TRUE(instructionsOfLine(p, 0, LinePlace{kHelper, 11}).empty());
}

// A trace recorded before the calls were kept: the helper's lines are rows
// of their own in the helper's file, as before.
TEST(StallLinesInlined, WithoutCallsAHelpersLinesAreRowsOfTheirOwn) {
    const RunProfile p = syntheticInlinedProfile(false);
    const FunctionStalls s = stallsOfFunction(p, 0);
    const auto hot = hottestFirst(s.lines);
    ASSERT_FALSE(hot.empty());
    EXPECT_EQ(hot.front().place(), (LinePlace{kHelper, 11}));
    EXPECT_EQ(hot.front().counts.samples, 640u);
    EXPECT_EQ(placesOf(s.lines).back(), (LinePlace{kKernel, kNoLine}));
    EXPECT_EQ(instructionsOfLine(p, 0, LinePlace{kHelper, 11}).size(), 1u);
    EXPECT_EQ(instructionsOfLine(p, 0, LinePlace{kHelper, 11})[0].helper.line, kNoLine);
    EXPECT_TRUE(inlinedLinesOf(p, 0, {kHelper, 11}).empty());
    // The kernel's line 12 drew nothing of its own.
    for (const StallLine& l : s.lines)
        if (l.place() == LinePlace{kKernel, 12}) ADD_FAILURE() << "line 12 holds no instruction";
}

// Inline information cut short (a profile built by hand) is ignored past its end.
TEST(StallLinesInlined, ShortCallerArraysAreReadAsFarAsTheyGo) {
    RunProfile p = syntheticInlinedProfile();
    p.functions[0].callerLine.resize(6);
    const FunctionStalls s = stallsOfFunction(p, 0);
    EXPECT_EQ(s.counts.samples, 1000u);
    EXPECT_EQ(inlinedLinesOf(p, 0, {kKernel, 11}).size(), 1u);  // 0x50 is row 5
    EXPECT_TRUE(inlinedLinesOf(p, 0, {kKernel, 12}).empty());
}

}  // namespace
}  // namespace ws
