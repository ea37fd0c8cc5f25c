// Stall samples gathered per line and per instruction from the synthetic
// profile, whose every number is known (core/profile/synthetic_profile.h).
#include "core/profile/stall_lines.h"

#include <gtest/gtest.h>

#include "core/profile/stall_reasons.h"
#include "core/profile/synthetic_profile.h"

namespace ws {
namespace {

const StallLine* findLine(const std::vector<StallLine>& lines, int line) {
    for (const StallLine& l : lines)
        if (l.line == line) return &l;
    return nullptr;
}

std::uint64_t reasonSamples(const RunProfile& p, const StallCounts& c, const std::string& key) {
    for (const ReasonSamples& r : c.reasons)
        if (stallReasonKey(p.stallReasons[r.reason]) == key) return r.samples;
    return 0;
}

TEST(StallLines, FunctionsThatDrewSamplesComeMostFirst) {
    const RunProfile p = syntheticProfile();
    EXPECT_EQ(sampledFunctions(p), (std::vector<std::size_t>{0, 1}));
    RunProfile swapped = p;
    for (auto& f : swapped.stalls.function) f = 1 - f;
    EXPECT_EQ(sampledFunctions(swapped), (std::vector<std::size_t>{1, 0}));
    EXPECT_TRUE(sampledFunctions(RunProfile{}).empty());
}

TEST(StallLines, TotalsLeaveOutTheNotIssuedVariants) {
    const RunProfile p = syntheticProfile();
    const FunctionStalls s = stallsOfFunction(p, 0);
    EXPECT_EQ(s.counts.samples, 1102u);
    EXPECT_EQ(s.counts.notIssued, 480u);
    EXPECT_DOUBLE_EQ(s.counts.share, 1.0);
    const StallLine* store = findLine(s.lines, 8);
    ASSERT_TRUE(store);
    EXPECT_EQ(store->counts.samples, 530u);
    EXPECT_EQ(store->counts.notIssued, 480u);
    EXPECT_EQ(reasonSamples(p, store->counts, "long_scoreboard"), 520u);
    EXPECT_NEAR(store->counts.share, 530.0 / 1102.0, 1e-12);
    for (const ReasonSamples& r : store->counts.reasons)
        EXPECT_FALSE(isNotIssuedVariant(p.stallReasons[r.reason]));
    EXPECT_EQ(stallsOfFunction(p, 1).counts.samples, 99u);
}

TEST(StallLines, EveryCompiledLineIsThereInFileOrderWithNoLineLast) {
    const FunctionStalls s = stallsOfFunction(syntheticProfile(), 0);
    std::vector<int> lines;
    for (const StallLine& l : s.lines) lines.push_back(l.line);
    EXPECT_EQ(lines, (std::vector<int>{4, 6, 7, 8, 9, 10, 11, kNoLine}));
    EXPECT_EQ(findLine(s.lines, 4)->counts.samples, 0u);  // compiled, never sampled
    EXPECT_EQ(findLine(s.lines, kNoLine)->counts.samples, 30u);
    EXPECT_EQ(lineLabel(kNoLine), "(no line)");
    EXPECT_EQ(lineLabel(12), "line 12");
}

TEST(StallLines, HottestFirstSortsBySamplesAndDropsTheUnsampled) {
    const FunctionStalls s = stallsOfFunction(syntheticProfile(), 0);
    std::vector<int> hot;
    for (const StallLine& l : hottestFirst(s.lines)) hot.push_back(l.line);
    EXPECT_EQ(hot, (std::vector<int>{8, 9, 11, 6, kNoLine, 7, 10}));
    std::vector<int> back;
    for (const StallLine& l : inFileOrder(hottestFirst(s.lines))) back.push_back(l.line);
    EXPECT_EQ(back, (std::vector<int>{6, 7, 8, 9, 10, 11, kNoLine}));
}

TEST(StallLines, ALinesInstructionsCarryTheirOwnSamples) {
    const RunProfile p = syntheticProfile();
    const auto eleven = instructionsOfLine(p, 0, 11);
    ASSERT_EQ(eleven.size(), 2u);
    EXPECT_EQ(eleven[0].pcOffset, 0x80u);
    EXPECT_EQ(eleven[0].sass, "FFMA R9, R5, 2, R7");
    EXPECT_EQ(eleven[0].counts.samples, 149u);
    EXPECT_EQ(eleven[0].counts.reasons.front().samples, 140u);
    EXPECT_EQ(stallReasonKey(p.stallReasons[eleven[0].counts.reasons.front().reason]),
              "short_scoreboard");
    EXPECT_EQ(eleven[1].sass, "STG.E desc[UR4][R2.64], R9");
    EXPECT_EQ(eleven[1].counts.samples, 18u);
    // Line 6 holds three instructions, one of them never sampled.
    const auto six = instructionsOfLine(p, 0, 6);
    ASSERT_EQ(six.size(), 3u);
    EXPECT_EQ(six[1].counts.samples, 0u);
    EXPECT_EQ(instructionsOfLine(p, 0, kNoLine).size(), 2u);
}

TEST(StallLines, SamplesAtAnAddressTheCubinLacksGoToNoLine) {
    RunProfile p = syntheticProfile();
    p.stalls.function.push_back(0);
    p.stalls.pcOffset.push_back(0x400);
    p.stalls.reason.push_back(0);
    p.stalls.samples.push_back(7);
    // A reason index the profile does not name is left out, not read past the end.
    p.stalls.function.push_back(0);
    p.stalls.pcOffset.push_back(0x50);
    p.stalls.reason.push_back(99);
    p.stalls.samples.push_back(1000);
    const FunctionStalls s = stallsOfFunction(p, 0);
    EXPECT_EQ(s.counts.samples, 1109u);
    EXPECT_EQ(findLine(s.lines, kNoLine)->counts.samples, 37u);
    const auto none = instructionsOfLine(p, 0, kNoLine);
    ASSERT_EQ(none.size(), 3u);
    EXPECT_EQ(none.back().pcOffset, 0x400u);
    EXPECT_EQ(none.back().sass, "");
    EXPECT_TRUE(stallsOfFunction(p, 5).lines.empty());
}

TEST(StallLines, TopThreeReasonsOfAFunction) {
    const RunProfile p = syntheticProfile();
    const auto top = reasonShares(p, 0, 3);
    ASSERT_EQ(top.size(), 3u);
    EXPECT_EQ(top[0].words, "waiting for global memory");
    EXPECT_EQ(top[0].samples, 520u);
    EXPECT_NEAR(top[0].share, 520.0 / 1102.0, 1e-12);
    EXPECT_EQ(top[1].words, "waiting at __syncthreads");
    EXPECT_EQ(top[1].samples, 300u);
    EXPECT_EQ(top[2].words, "waiting for shared memory or a math function (MIO)");
    EXPECT_EQ(top[2].cuptiName, "smsp__pcsamp_warps_issue_stalled_short_scoreboard");
    // All of them add up to the whole: the variant is not among them.
    double sum = 0;
    for (const ReasonShare& r : reasonShares(p, 0)) {
        EXPECT_FALSE(isNotIssuedVariant(r.cuptiName));
        sum += r.share;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

// A kernel whose hot load is inlined from a helper in another file: the
// helper's line is its own row, in its own file, after the kernel's lines.
TEST(StallLines, AnInlinedHelpersLineStaysInItsFile) {
    RunProfile p;
    p.stallReasons = {"smsp__pcsamp_warps_issue_stalled_long_scoreboard"};
    ProfiledFunction f;
    f.name = f.displayName = "kernel";
    f.files = {"kernels/common/helper.h", "kernels/lab/kernel.cu"};
    f.sourceFile = "kernels/lab/kernel.cu";
    f.pcOffset = {0, 16, 32};
    f.line = {7, 7, 3};
    f.file = {1, 0, 1};  // line 7 of the kernel, line 7 of the helper, line 3 of the kernel
    f.sass = {"IMAD", "LDG.E", "STG.E"};
    p.functions = {f};
    p.stalls = {{0, 0, 0}, {0, 16, 32}, {0, 0, 0}, {1, 8, 2}};
    const FunctionStalls s = stallsOfFunction(p, 0);
    EXPECT_EQ(s.ownFile, 1u);
    ASSERT_EQ(s.lines.size(), 3u);
    // File order: the kernel's lines 3 and 7, then the helper's 7.
    EXPECT_EQ(s.lines[0].place(), (LinePlace{1, 3}));
    EXPECT_EQ(s.lines[1].place(), (LinePlace{1, 7}));
    EXPECT_EQ(s.lines[2].place(), (LinePlace{0, 7}));
    EXPECT_EQ(s.lines[1].counts.samples, 1u);
    EXPECT_EQ(s.lines[2].counts.samples, 8u);
    EXPECT_EQ(hottestFirst(s.lines).front().place(), (LinePlace{0, 7}));
    const auto helper = instructionsOfLine(p, 0, LinePlace{0, 7});
    ASSERT_EQ(helper.size(), 1u);
    EXPECT_EQ(helper[0].sass, "LDG.E");
    EXPECT_EQ(instructionsOfLine(p, 0, 7).front().sass, "IMAD");  // the kernel's own line 7
    EXPECT_EQ(filePathOf(p.functions[0], 0), "kernels/common/helper.h");
}

}  // namespace
}  // namespace ws
