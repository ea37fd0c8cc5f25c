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
    EXPECT_EQ(*text, "0.194\u00a0ms against 0.0400\u00a0ms: 0.206× {in braces} 2.3");
}

// A ratio keeps three significant digits, as every figure does: two
// decimals printed 8.56 µs against 663 µs as "0.01×". Decimals the author
// gives still win, and a percentage reads as before.
TEST(Narration, RatiosKeepThreeSignificantDigits) {
    const ws::Run fast = timedRun(0.00856);
    for (const auto& [slowMs, expected] :
         std::vector<std::pair<double, std::string>>{{0.663, "77.5×"},
                                                     {0.00865, "1.01×"},
                                                     {0.374, "43.7×"},
                                                     {0.8646, "101×"},
                                                     {0.00856 * 1234, "1,234×"}}) {
        const ws::Run slow = timedRun(slowMs);
        EXPECT_EQ(resolveNarrationOrEllipsis("{ratio.kernel_ms}", {&fast, &slow}), expected);
    }
    const ws::Run slow = timedRun(0.663);
    EXPECT_EQ(resolveNarrationOrEllipsis("{ratio.kernel_us}", {&slow, &fast}), "0.0129×");
    EXPECT_EQ(resolveNarrationOrEllipsis("{compare.kernel_us / kernel_us}", {&slow, &fast}),
              "0.0129×");
    EXPECT_EQ(resolveNarrationOrEllipsis("{ratio.kernel_ms:1} {ratio.kernel_ms:0}", {&slow, &fast}),
              "0.0× 0×");
    EXPECT_EQ(resolveNarrationOrEllipsis("{compare.kernel_us / kernel_us:%}", {&slow, &fast}),
              "1.3\u00a0%");
    EXPECT_EQ(resolveNarrationOrEllipsis("{kernel_us / compare.kernel_us:%}", {&slow, &fast}),
              "7,745\u00a0%");
}

ws::Run onGpu(const std::string& gpu, double kernelMs, double gflops) {
    ws::Run run = timedRun(kernelMs);
    run.device.name = gpu;
    run.figures["rateGflops"] = gflops;
    return run;
}

// A slide presented from an H100's folder took cuBLAS from the bundled H200
// run and read "101 % of cuBLAS" as one GPU's: each figure of a run of
// another GPU now carries that GPU's mark, and the marks' notes say which.
TEST(Narration, FiguresOfAnotherGpusRunAreMarked) {
    const ws::Run h100 = onGpu("NVIDIA H100 80GB HBM3", 0.2, 774000);
    const ws::Run h200 = onGpu("NVIDIA H200", 0.2, 769000);
    const ws::Run alsoH100 = onGpu("NVIDIA H100 80GB HBM3", 0.4, 387000);
    NarrationRuns runs{&h100, nullptr, {{"cublas", &h200}, {"tma", &alsoH100}}};
    const MarkedNarration m = resolveNarrationMarked(
        "**{rateGflops}** against **{cublas.rateGflops}**: {rateGflops / cublas.rateGflops:%}, "
        "{tma.rateGflops / rateGflops}",
        runs);
    EXPECT_EQ(m.text, "**774\u00a0TFLOP/s** against **769\u00a0TFLOP/s†**: 101\u00a0%†, 0.500×");
    ASSERT_EQ(m.otherGpus.size(), 1u);
    EXPECT_EQ(m.otherGpus[0].mark, "†");
    EXPECT_EQ(m.otherGpus[0].gpu, "NVIDIA H200");
    EXPECT_EQ(m.otherGpus[0].runs, std::vector<std::string>{"cublas"});
    EXPECT_EQ(otherGpuNotes(m, runs),
              std::vector<std::string>{"† measured on H200, not on this slide's H100 80GB HBM3"});
    EXPECT_EQ(
        otherGpuNotes(m, runs, true),
        std::vector<std::string>{"† cublas measured on H200, not on this slide's H100 80GB HBM3"});
    // The plain resolution, for expectations and record-lesson, is unmarked.
    EXPECT_EQ(resolveNarrationOrEllipsis("{cublas.rateGflops}", runs), "769\u00a0TFLOP/s");
}

TEST(Narration, TheComparedRunAndTwoOtherGpusEachGetTheirMark) {
    const ws::Run h100 = onGpu("NVIDIA H100 80GB HBM3", 0.2, 1);
    const ws::Run h200 = onGpu("NVIDIA H200", 0.1, 1);
    const ws::Run a100 = onGpu("NVIDIA A100-SXM4-80GB", 0.4, 1);
    NarrationRuns runs{&h100, &h200, {{"old", &a100}}};
    const MarkedNarration m = resolveNarrationMarked(
        "{compare.kernel_ms} ({ratio.kernel_ms}), {old.kernel_ms / compare.kernel_ms}, "
        "{old.kernel_ms}, {kernel_ms}",
        runs);
    EXPECT_EQ(m.text, "0.100\u00a0ms† (0.500×†), 4.00×‡†, 0.400\u00a0ms‡, 0.200\u00a0ms");
    ASSERT_EQ(m.otherGpus.size(), 2u);
    EXPECT_EQ(m.otherGpus[0].runs, std::vector<std::string>{"compare"});
    EXPECT_EQ(m.otherGpus[1].runs, std::vector<std::string>{"old"});
    const auto notes = otherGpuNotes(m, runs);
    ASSERT_EQ(notes.size(), 2u);
    EXPECT_EQ(notes[1], "‡ measured on A100-SXM4-80GB, not on this slide's H100 80GB HBM3");
}

TEST(Narration, RunsOfOneGpuOrOfUnnamedDevicesAreNotMarked) {
    const ws::Run a = onGpu("NVIDIA H200", 0.2, 1), b = onGpu("NVIDIA H200", 0.1, 1);
    const ws::Run unnamed = timedRun(0.3);
    for (const NarrationRuns& runs :
         {NarrationRuns{&a, &b, {{"x", &b}}}, NarrationRuns{&unnamed, &a, {{"x", &b}}},
          NarrationRuns{&a, &unnamed, {{"x", &unnamed}}}}) {
        const MarkedNarration m =
            resolveNarrationMarked("{ratio.kernel_ms} {x.kernel_ms} {compare.kernel_ms}", runs);
        EXPECT_TRUE(m.otherGpus.empty()) << m.text;
        EXPECT_EQ(m.text.find("†"), std::string::npos) << m.text;
    }
    // A figure still loading reads "…" and carries no mark.
    const MarkedNarration loading =
        resolveNarrationMarked("{x.kernel_ms}", NarrationRuns{&a, nullptr, {}});
    EXPECT_EQ(loading.text, "…");
    EXPECT_TRUE(loading.otherGpus.empty());
    EXPECT_EQ(shortGpuName("NVIDIA H100 80GB HBM3"), "H100 80GB HBM3");
    EXPECT_EQ(shortGpuName("Test GPU"), "Test GPU");
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
    for (const char* bad : {"{kernel_ms", "kernel}", "{}", "{.kernel_ms}", "{a-b.kernel_ms}",
                            "{a b}", "{x:12}", "{x:%}", "{a / }", "{ratio.a / b}"})
        EXPECT_FALSE(placeholdersIn(bad).ok()) << bad;
}

TEST(Narration, NamedRunsAndQuotients) {
    const ws::Run run = timedRun(0.5), copy = timedRun(0.4);
    NarrationRuns runs{&run, nullptr, {{"copy", &copy}}};
    auto text = resolveNarration(
        "{kernel_ms} against {copy.kernel_ms}: {copy.kernel_ms / kernel_ms}, "
        "{copy.kernel_ms / kernel_ms:%}, {kernel_ms/copy.kernel_ms:1}",
        runs);
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "0.500\u00a0ms against 0.400\u00a0ms: 0.800×, 80\u00a0%, 1.2×");
    auto missing = resolveNarration("{next.kernel_ms}", runs);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("the run 'next' is not loaded"), std::string::npos)
        << missing.error();
    auto e = parseExpectation("{copy.kernel_ms} < {kernel_ms}");
    ASSERT_TRUE(e.ok());
    EXPECT_TRUE(*expectationHolds(*e, runs));
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

TEST(Narration, TheGapBetweenLaunchesAndTheLastBlocksTickets) {
    ws::Run run;
    run.launches.resize(2);
    ws::BlockRecords& first = run.launches[0].blocks;
    first.resize(2);
    first.startNs = {1000, 1200};
    first.endNs = {3000, 4000};
    ws::BlockRecords& second = run.launches[1].blocks;
    second.resize(1);
    second.startNs = {5730};
    second.endNs = {6000};
    ws::ArrivalRecords& a = run.launches[0].arrivals;
    a.block = {7, 3, 9};
    a.counter = {1, 2, 0};
    a.timeNs = {2500, 3680, 2500};
    auto text = resolveNarration(
        "{launch_gap_us}; tickets to {first_ticket_block}, {second_ticket_block}, last "
        "{last_ticket} to {merging_block}, {arrivals} within {arrival_spread_us}",
        {&run, nullptr});
    ASSERT_TRUE(text.ok()) << text.error();
    EXPECT_EQ(*text, "1.73\u00a0µs; tickets to 9, 7, last 2 to 3, 3 within 1.18\u00a0µs");
}

TEST(Narration, ABundledLessonIsNamedWithoutItsOrderNumber) {
    EXPECT_EQ(lessonNameOf("08-atomics"), "atomics");
    EXPECT_EQ(lessonNameOf("10-concurrency"), "concurrency");
    EXPECT_EQ(lessonNameOf("my-course"), "my-course");
    EXPECT_EQ(lessonNameOf("2024-"), "2024-");
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

    auto named = parseLesson(slide("    figures_from: {copy: c.wstrace, next: {experiment: "
                                   "hello, params: {grid: 2}}}\n    narration: "
                                   "'{copy.kernel_ms / next.kernel_ms:%}'\n"),
                             "n.yaml");
    ASSERT_TRUE(named.ok()) << named.error();
    ASSERT_EQ(named->slides[0].figuresFrom.size(), 2u);
    EXPECT_EQ(named->slides[0].figuresFrom[0].first, "copy");
    EXPECT_EQ(named->slides[0].figuresFrom[0].second.trace, "c.wstrace");
    EXPECT_EQ(named->slides[0].figuresFrom[1].second.experiment, "hello");

    auto unnamed = parseLesson(slide("    narration: '{copy.kernel_ms}'\n"), "u.yaml");
    ASSERT_FALSE(unnamed.ok());
    EXPECT_NE(unnamed.error().find("figures_from has no such name"), std::string::npos)
        << unnamed.error();
    auto taken = parseLesson(slide("    figures_from: {compare: c.wstrace}\n"), "t.yaml");
    ASSERT_FALSE(taken.ok());
    EXPECT_NE(taken.error().find("'compare' is taken"), std::string::npos) << taken.error();

    auto badExpect = parseLesson(slide("    expect: '{kernel_ms} fast'\n"), "c.yaml");
    ASSERT_FALSE(badExpect.ok());
    EXPECT_NE(badExpect.error().find("field 'expect'"), std::string::npos) << badExpect.error();
}

}  // namespace
}  // namespace ws::lesson

#include "core/run/synthetic_run.h"

namespace ws::lesson {
namespace {

// A run recorded with --why offers its stall shares (of the function that
// drew the most samples, "not issued" variants left out), what sampling
// cost and the counters a lesson reads out; a run without one offers none.
TEST(RunFigures, AProfiledRunOffersItsStallSharesAndCounters) {
    ws::Run run;
    EXPECT_EQ(runFigures(run).count("stall_barrier"), 0u);
    addSyntheticProfile(run);
    const auto f = runFigures(run);
    // Function 0 drew 1,091 samples: 493 at barriers, 419 on global memory.
    EXPECT_NEAR(f.at("stall_barrier").value, 100.0 * 493 / 1091, 1e-9);
    EXPECT_NEAR(f.at("stall_long_scoreboard").value, 100.0 * 419 / 1091, 1e-9);
    EXPECT_EQ(f.at("stall_barrier").unit, "%");
    EXPECT_NEAR(f.at("sampling_cost").value, (0.0231 - 0.0219) / 0.0219 * 100, 1e-9);
    EXPECT_NEAR(f.at("dram_read_mb").value, 4.194304, 1e-12);
    EXPECT_EQ(f.at("dram_read_mb").unit, "MB");
    EXPECT_EQ(f.at("bank_conflicts").value, 0);
    EXPECT_EQ(formatFigure(f.at("stall_barrier")), "45.2\u00a0%");  // a no-break space
}

TEST(RunFigures, TensorCoreRatesReadInTflops) {
    // A CUDA-core rate stays in GFLOP/s; from 100,000 GFLOP/s on (the
    // tensor cores) it reads in TFLOP/s, decimals as asked.
    EXPECT_EQ(formatFigure(RunFigure{51421.4, "GFLOP/s"}), "51,421\u00a0GFLOP/s");
    EXPECT_EQ(formatFigure(RunFigure{866008.0, "GFLOP/s"}), "866\u00a0TFLOP/s");
    EXPECT_EQ(formatFigure(RunFigure{1070531.0, "GFLOP/s"}), "1,071\u00a0TFLOP/s");
    EXPECT_EQ(formatFigure(RunFigure{866008.0, "GFLOP/s"}, 1), "866.0\u00a0TFLOP/s");
}

TEST(RunFigures, TheFewestAndMostBlocksAnSmRan) {
    // Blocks of unequal times leave SMs with unequal counts: the execution
    // model's slide says so from these, not from typed numbers.
    ws::Run run;
    ws::Launch launch;
    launch.blocks.resize(5);
    const std::uint32_t sms[] = {0, 0, 0, 3, 3};  // SMs 1 and 2 ran none
    for (std::size_t i = 0; i < 5; ++i) {
        launch.blocks.block[i] = std::uint32_t(i);
        launch.blocks.sm[i] = sms[i];
        launch.blocks.startNs[i] = 100 * i;
        launch.blocks.endNs[i] = 100 * i + 50;
    }
    run.launches.push_back(launch);
    const auto f = runFigures(run);
    EXPECT_EQ(f.at("blocks_per_sm_min").value, 2);
    EXPECT_EQ(f.at("blocks_per_sm_max").value, 3);
    EXPECT_TRUE(f.at("blocks_per_sm_max").whole);
    EXPECT_EQ(runFigures(ws::Run{}).count("blocks_per_sm_min"), 0u);
}

TEST(RunFigures, AnInterpolatedSizeReadsAsTheChartWritesIt) {
    // The CPU-against-GPU chart said "about 30,800" where the caption beside
    // it said "about 30,802": three significant digits in both.
    ws::Run run;
    run.figures["crossoverElements"] = 30802.4;
    run.figures["crossoverWithTransfersElements"] = 20123456;
    run.figures["smallElements"] = 357;
    const auto f = runFigures(run);
    EXPECT_EQ(formatFigure(f.at("crossoverElements")), "30,800");
    EXPECT_EQ(formatFigure(f.at("crossoverWithTransfersElements")), "20.1 million");
    EXPECT_EQ(formatFigure(f.at("smallElements")), "357");
}

}  // namespace
}  // namespace ws::lesson
