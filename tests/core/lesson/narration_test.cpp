// Narration bound to its runs: placeholders, their figures and units, the
// compared run and ratios, expectations, and the lesson errors they raise.
#include "core/lesson/narration.h"

#include <gtest/gtest.h>

#include "core/lesson/lesson_parse.h"
#include "core/lesson/run_figures.h"

namespace ws::lesson {
namespace {

ws::Run timedRun(double kernelMs) {
    ws::Run run;
    run.experiment = "work-queue";
    run.timing.kernelMs = kernelMs;
    run.device.smCount = 132;
    run.figures["imbalance"] = 2.2714;
    run.figures["maxBusyNs"] = 184321;
    return run;
}

TEST(Narration, PlaceholdersPrintTheRunsFiguresWithTheirUnits) {
    const ws::Run run = timedRun(0.19403);
    auto text = resolveNarration(
        "Busiest SM {maxBusyNs}, imbalance {imbalance}, kernel {kernel_ms} on {sms} SMs.",
        {&run, nullptr});
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "Busiest SM 184\u00a0µs, imbalance 2.27, kernel 0.194\u00a0ms on 132 SMs.");
}

TEST(Narration, TheComparedRunAndTheRatio) {
    const ws::Run left = timedRun(0.194), right = timedRun(0.040);
    auto text = resolveNarration(
        "{kernel_ms} against {compare.kernel_ms}: {ratio.kernel_ms} "
        "{{in braces}} {imbalance:1}",
        {&left, &right});
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "0.194\u00a0ms against 0.0400\u00a0ms: 0.21× {in braces} 2.3");
}

TEST(Narration, AFigureTheRunLacksIsAnErrorNamingIt) {
    const ws::Run run = timedRun(1);
    auto text = resolveNarration("{casAttemptsMean} CAS", {&run, nullptr});
    ASSERT_FALSE(text.ok());
    EXPECT_NE(text.error().find("'{casAttemptsMean}'"), std::string::npos) << text.error();
    EXPECT_NE(text.error().find("no figure 'casAttemptsMean'"), std::string::npos);
    EXPECT_EQ(resolveNarrationOrEllipsis("{casAttemptsMean} CAS", {&run, nullptr}), "… CAS");
    EXPECT_FALSE(resolveNarration("{compare.kernel_ms}", {&run, nullptr}).ok());
}

TEST(Narration, MalformedPlaceholdersAreRefused) {
    for (const char* bad : {"{kernel_ms", "kernel}", "{}", "{other.kernel_ms}", "{a b}", "{x:12}"})
        EXPECT_FALSE(placeholdersIn(bad).ok()) << bad;
}

TEST(Narration, ExpectationsCompareFiguresAndNumbers) {
    const ws::Run fast = timedRun(0.149), slow = timedRun(0.190);
    auto e = parseExpectation("{kernel_ms} < {compare.kernel_ms}");
    ASSERT_TRUE(e.ok()) << e.error();
    EXPECT_TRUE(*expectationHolds(*e, {&fast, &slow}));
    EXPECT_FALSE(*expectationHolds(*e, {&slow, &fast}));
    auto n = parseExpectation("{imbalance} >= 2");
    ASSERT_TRUE(n.ok());
    EXPECT_TRUE(*expectationHolds(*n, {&fast, nullptr}));
    EXPECT_FALSE(parseExpectation("{kernel_ms} is small").ok());
    EXPECT_FALSE(expectationHolds(*e, {&fast, nullptr}).ok());
}

TEST(Narration, LargeRatesReadInMillionsAndBillions) {
    ws::Run run;
    run.figures["atomicsPerSecond"] = 1351202010.93;
    run.figures["itemsPerSecond"] = 25312345.6;
    auto text = resolveNarration("{atomicsPerSecond}, {itemsPerSecond}", {&run, nullptr});
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "1.35 billion, 25.3 million");
}

TEST(Narration, FractionsReadInPercent) {
    ws::Run run;
    run.figures["overlapFraction"] = 0.3273;
    auto text = resolveNarration("{overlapFraction:0} overlapped", {&run, nullptr});
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "33\u00a0% overlapped");
    auto e = parseExpectation("{overlapFraction} > 30");
    ASSERT_TRUE(e.ok());
    EXPECT_TRUE(*expectationHolds(*e, {&run, nullptr}));
}

TEST(Narration, PlainTextDropsMarkdownMarkers) {
    EXPECT_EQ(plainText("The **busiest** SM runs `fetch`."), "The busiest SM runs fetch.");
}

std::string slide(const std::string& extra) {
    return "title: t\nslides:\n  - title: Waves\n    trace: a.wstrace\n    views: [grid]\n" + extra;
}

TEST(Narration, LessonsCheckPlaceholdersAndExpectationsWhereTheyAreWritten) {
    auto ok = parseLesson(slide("    compare: {trace: b.wstrace}\n    narration: '{kernel_ms} "
                                "and {ratio.kernel_ms}'\n    expect: '{kernel_ms} < "
                                "{compare.kernel_ms}'\n"),
                          "ok.yaml");
    ASSERT_TRUE(ok.ok()) << ok.error();
    EXPECT_EQ(ok->slides[0].expect, std::vector<std::string>{"{kernel_ms} < {compare.kernel_ms}"});

    auto noCompare =
        parseLesson(slide("    narration: 'faster than {compare.kernel_ms}'\n"), "a.yaml");
    ASSERT_FALSE(noCompare.ok());
    EXPECT_NE(noCompare.error().find("a.yaml: slide 1 (Waves), field 'narration'"),
              std::string::npos)
        << noCompare.error();
    EXPECT_NE(noCompare.error().find("'{compare.kernel_ms}' names the compared run"),
              std::string::npos);

    auto badNotes = parseLesson(slide("    notes: 'an {unclosed brace'\n"), "b.yaml");
    ASSERT_FALSE(badNotes.ok());
    EXPECT_NE(badNotes.error().find("field 'notes'"), std::string::npos) << badNotes.error();

    auto badExpect = parseLesson(slide("    expect: '{kernel_ms} fast'\n"), "c.yaml");
    ASSERT_FALSE(badExpect.ok());
    EXPECT_NE(badExpect.error().find("field 'expect'"), std::string::npos) << badExpect.error();
}

}  // namespace
}  // namespace ws::lesson
