// The pipeline view of the TMA rungs: its steps placed on the playback clock,
// the ring's stages at a cursor and the waits' shares from a run whose every
// cycle is known (tensorcore_test_runs.h), the window of steps that zooms and
// follows the playback, its pixels, and the sentence a run without the
// pipeline table gets.
#include "widgets/tensorcore/pipeline_view.h"

#include <gtest/gtest.h>

#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "tests/widgets/tensorcore/tensorcore_test_runs.h"
#include "widgets/tensorcore/pipeline_colours.h"

namespace ws {
namespace {

namespace pc = pipeline_colours;

QString paintedText(QWidget& w) {
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.show();
    QString all;
    for (const auto& t : test::probeText(&w)) all += t.text + QLatin1Char('\n');
    return all;
}

// Playback time of cycle `after` past block `index`'s start clock.
double timeAt(const PreparedRun& prepared, const PipelineBlock& b, std::int64_t after) {
    const Launch& l = prepared.run->launches[0];
    return clockToNs(prepared, b.ref, l.blocks.startClock[std::size_t(b.ref.record)] + after);
}

TEST(PipelineData, TracedBlocksStepsOnThePlaybackClock) {
    auto prepared = test::preparedTc(test::tensorCoreRun("wgmma-tma", 1024, 2));
    const PipelineData d = PipelineData::build(prepared.get());
    ASSERT_TRUE(d.valid()) << d.message();
    EXPECT_EQ(d.variant(), "wgmma-tma");
    EXPECT_EQ(d.stages(), 4u);
    // n = 1024: a grid of 8 x 4 tiles of 128 x 256, blocks 0 and 31 traced.
    ASSERT_EQ(d.blocks().size(), 2u);
    EXPECT_EQ(d.blocks()[0].block, 0u);
    EXPECT_EQ(d.blocks()[1].block, 31u);
    EXPECT_EQ(d.blocks()[1].sm, 31u);
    const PipelineBlock& b = d.blocks()[0];
    ASSERT_EQ(b.slotTimes.size(), 16u);  // 1024 / 64 k-steps
    for (std::size_t i = 0; i < b.slotTimes.size(); ++i) {
        const PipelineSlot& s = b.slotTimes[i];
        EXPECT_EQ(s.step, i);
        EXPECT_EQ(s.stage, i % 4);
        EXPECT_DOUBLE_EQ(s.issued, clockToNs(*prepared, b.ref, b.steps[i].issued));
        EXPECT_LE(s.producerWait, s.issued);
        EXPECT_LE(s.issued, s.firstReady);
        EXPECT_DOUBLE_EQ(s.firstReady, s.ready[0]);  // consumer 0 one cycle before consumer 1
        EXPECT_LT(s.ready[1], s.lastReleased() + 1);
    }
    // Step 0: waited from cycle 200, issued at once, landed 700 cycles later.
    EXPECT_NEAR(b.slotTimes[0].producerWait, timeAt(*prepared, b, 200), 0.01);
    // (within a cycle: the block's span in ns is whole.)
    EXPECT_NEAR(b.slotTimes[0].firstReady - b.slotTimes[0].issued, 700 / test::kClockGHz, 0.6);
    EXPECT_EQ(b.stepAt(b.slotTimes[0].producerWait - 1), -1);
    EXPECT_EQ(b.stepAt(b.slotTimes[5].producerWait), 5);
}

TEST(PipelineData, TheRingAtACursorMovesFromLoadingToReadyToConsumed) {
    auto prepared = test::preparedTc(test::tensorCoreRun("wgmma-tma", 1024, 1));
    const PipelineData d = PipelineData::build(prepared.get());
    ASSERT_TRUE(d.valid()) << d.message();
    const PipelineBlock& b = d.blocks()[0];
    using S = StageState;
    auto ring = [&](std::int64_t cycle) { return d.ringAt(0, timeAt(*prepared, b, cycle)); };
    // Before the first wait every stage is free.
    EXPECT_EQ(ring(100), (std::vector<S>{S::Free, S::Free, S::Free, S::Free}));
    // Steps 0 .. 3 are issued 20 cycles apart from cycle 200 and land 700 later.
    EXPECT_EQ(ring(500), (std::vector<S>{S::Loading, S::Loading, S::Loading, S::Loading}));
    // Step 0 lands at 900 and consumer 0 is let through; step 1's bytes land
    // at 920 too, but a stage counts as ready only once a consumer is let
    // through, at 1810, after step 0's wgmma (900 cycles).
    EXPECT_EQ(ring(930), (std::vector<S>{S::Ready, S::Loading, S::Loading, S::Loading}));
    EXPECT_EQ(ring(1500)[0], S::Ready);
    // Step 0 is released at 1800 and 1801; stage 0 refills at once with step 4.
    EXPECT_EQ(ring(1790)[0], S::Ready);
    EXPECT_EQ(ring(2000), (std::vector<S>{S::Loading, S::Ready, S::Loading, S::Loading}));
    // The last step's stage, after both consumers released it, stays consumed.
    const std::uint32_t last = b.slotTimes.back().stage;
    EXPECT_EQ(d.ringAt(0, b.slotTimes.back().lastReleased() + 50)[last], S::Consumed);
}

TEST(PipelineData, WaitSharesOfEachSide) {
    auto prepared = test::preparedTc(test::tensorCoreRun("wgmma-tma", 1024, 1));
    const PipelineData d = PipelineData::build(prepared.get());
    ASSERT_TRUE(d.valid()) << d.message();
    const PipelineWaits& w = d.blocks()[0].waits;
    // Loads (700 cycles) are faster than a step's wgmma (900): only step 0's
    // consumers wait for bytes (700 and 701 cycles), and the producer waits
    // for a stage to be released from step 4 on.
    EXPECT_EQ(w.consumerWaiting, 700 + 701);
    EXPECT_EQ(w.steps, 16u);
    const PipelineShares s = pipelineShares(w);
    EXPECT_NEAR(s.consumersWaiting, 100.0 * 1401 / (2.0 * double(w.span)), 1e-9);
    EXPECT_GT(s.producerWaiting, 50);
    EXPECT_LT(s.consumersWaiting, 10);
    EXPECT_EQ(pipelineSummary(w), "consumers waiting 5 %, producer waiting 74 %, over 16 steps")
        << "span " << w.span << ", producer " << w.producerWaiting;
}

TEST(PipelineData, ABatchInFlightReleasesAStepAfterIssuingTheNext) {
    auto prepared = test::preparedTc(test::tensorCoreRun("warp-specialized", 1024, 1));
    const PipelineData d = PipelineData::build(prepared.get());
    ASSERT_TRUE(d.valid()) << d.message();
    const auto& times = d.blocks()[0].slotTimes;
    for (std::size_t i = 0; i + 1 < times.size(); ++i)
        for (int c = 0; c < 2; ++c)
            EXPECT_GE(times[i].released[std::size_t(c)], times[i + 1].ready[std::size_t(c)]) << i;
}

TEST(PipelineData, RunsWithoutThePipelineSaySo) {
    auto message = [](ws::Run run) {
        auto prepared = test::preparedTc(std::move(run));
        const PipelineData d = PipelineData::build(prepared.get());
        EXPECT_FALSE(d.valid());
        return d.message();
    };
    const std::string wmma = message(test::tensorCoreRun("wmma"));
    EXPECT_NE(wmma.find("Variant wmma has no TMA pipeline: "), std::string::npos) << wmma;
    EXPECT_NE(wmma.find("__syncthreads"), std::string::npos) << wmma;
    const std::string wgmma = message(test::tensorCoreRun("wgmma"));
    EXPECT_NE(wgmma.find("Variant wgmma has no TMA pipeline: "), std::string::npos) << wgmma;
    EXPECT_NE(wgmma.find("cp.async"), std::string::npos) << wgmma;
    EXPECT_NE(message(test::tensorCoreRun("cublas")).find("cuBLAS runs its own kernel"),
              std::string::npos);
    const std::string untraced = message(test::tensorCoreRun("persistent", 1024, 0));
    EXPECT_NE(untraced.find("recorded no pipeline table"), std::string::npos) << untraced;
    ws::Run other = test::tensorCoreRun("wgmma-tma");
    other.experiment = "matmul";
    EXPECT_NE(message(other).find("this run is matmul"), std::string::npos);
}

TEST(PipelineWindow, ClampsFollowsAndZooms) {
    const PipelineWindow w;
    EXPECT_EQ(w.count, 24);
    EXPECT_EQ(w.clampedTo(16).count, 16);
    EXPECT_EQ(w.clampedTo(16).first, 0);
    // The cursor at step 40 of 64: the window moves to show it a quarter in.
    const PipelineWindow f = w.following(40, 64);
    EXPECT_EQ(f.first, 34);
    EXPECT_TRUE(f.contains(40));
    EXPECT_EQ(f.following(50, 64).first, 34);  // still inside: stays
    EXPECT_EQ(w.following(63, 64).first, 40);  // never past the last step
    // Zoomed in about step 12: fewer steps, 12 keeps its place.
    const PipelineWindow in = w.zoomed(2, 12, 64);
    EXPECT_EQ(in.count, 12);
    EXPECT_EQ(in.first, 6);
    EXPECT_EQ(w.zoomed(0.5, 12, 64).count, 48);
    EXPECT_EQ(w.zoomed(100, 0, 64).count, PipelineWindow::kFewest);
    EXPECT_EQ(w.zoomed(0.01, 0, 64).count, 64);
}

TEST(PipelineLayout, BandsOfLanesBetweenTheRingAndTheLegend) {
    const PipelineLayout l = PipelineLayout::fit(QRectF(0, 0, 900, 600), 2, 16, 100, 40);
    ASSERT_EQ(l.bands.size(), 2u);
    EXPECT_LT(l.ring.bottom(), l.bands[0].header.top());
    EXPECT_LE(l.bands[1].consumers[1].bottom(), l.legend.top());
    EXPECT_DOUBLE_EQ(l.bands[0].producer.left(), 100);
    EXPECT_LT(l.bands[0].consumers[1].bottom(), l.bands[1].header.top() + 0.01);
    PipelineBand b = l.bands[0];
    b.t0 = 1000;
    b.t1 = 2000;
    EXPECT_DOUBLE_EQ(b.x(1500), 100 + 400);
    EXPECT_TRUE(b.span(b.producer, 2100, 2200).isEmpty());         // after the window
    EXPECT_DOUBLE_EQ(b.span(b.producer, 500, 1250).width(), 200);  // clipped at the left
    EXPECT_DOUBLE_EQ(b.stageRow(3, 4).bottom(), b.loads.bottom());
}

TEST(PipelineView, PaintsEveryStageAndFollowsThePlayback) {
    test::app();
    PlaybackModel model;
    PipelineView view(&model);
    view.resize(1000, 640);
    auto prepared = test::preparedTc(test::tensorCoreRun("warp-specialized", 4096, 2));
    model.setRun(prepared);
    ASSERT_TRUE(view.data().valid()) << view.data().message();
    // Opened at its end, the run shows the ring filling: the first 24 steps.
    EXPECT_EQ(view.window().first, 0);
    EXPECT_EQ(view.window().count, 24);
    const QImage image = test::render(view);
    const PipelineLayout l = view.layout();
    ASSERT_EQ(l.bands.size(), 2u);
    for (std::uint32_t s = 0; s < 4; ++s) {
        EXPECT_TRUE(test::anyNear(image, l.bands[0].consumers[0].toRect(), pc::stage(s), 10)) << s;
        EXPECT_TRUE(test::anyNear(image, l.bands[1].consumers[1].toRect(), pc::stage(s), 10)) << s;
    }
    // The cursor at step 40 of block 0: the window moves to show it.
    const PipelineBlock& b = view.data().blocks()[0];
    model.setTime(b.slotTimes[40].producerWait + 1);
    EXPECT_TRUE(view.window().contains(40));
    EXPECT_EQ(view.window().first, 34);
    // Its ring strip says what each stage holds at that time.
    const QString painted = paintedText(view);
    EXPECT_TRUE(painted.contains(QStringLiteral("ring of\nblock 0"))) << painted.toStdString();
    EXPECT_TRUE(painted.contains(QStringLiteral("stage 0: "))) << painted.toStdString();
    EXPECT_TRUE(painted.contains(QStringLiteral("consumers waiting"))) << painted.toStdString();
    EXPECT_TRUE(painted.contains(QStringLiteral("block 0 on SM 0 · steps 34–57 of 64")))
        << painted.toStdString();
}

TEST(PipelineView, ARunWithoutThePipelineGetsItsSentence) {
    test::app();
    PlaybackModel model;
    PipelineView view(&model);
    view.resize(800, 500);
    model.setRun(test::preparedTc(test::tensorCoreRun("mma-sync")));
    EXPECT_FALSE(view.data().valid());
    const QImage image = test::render(view);
    for (std::uint32_t s = 0; s < 4; ++s)
        EXPECT_FALSE(test::anyNear(image, image.rect(), pc::stage(s), 10)) << s;
    const QString painted = paintedText(view).simplified();
    EXPECT_TRUE(painted.contains(QStringLiteral("Variant mma-sync has no TMA pipeline")))
        << painted.toStdString();
}

}  // namespace
}  // namespace ws
