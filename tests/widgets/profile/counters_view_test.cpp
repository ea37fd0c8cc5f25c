// The counters view on the synthetic profile: each counter in words with
// its unit, the predictions the run's throughput counts beside them, and
// the sentence that says why where the run has no counters.
#include "widgets/profile/counters_view.h"

#include <gtest/gtest.h>

#include "core/profile/occupancy_prediction.h"
#include "core/profile/synthetic_profile.h"
#include "core/run/synthetic_run.h"
#include "tests/widgets/profile/profile_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

bool drew(QWidget* view, const QString& text) {
    for (const auto& t : test::probeText(view))
        if (t.text == text) return true;
    return false;
}

struct Shown {
    QApplication& app = test::app();  // before any widget
    PlaybackModel model;
    CountersView view{&model};
    explicit Shown(Run run, QSize size = {900, 700}) {
        model.setRun(test::prepared(std::move(run)));
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
        view.resize(size);
        QCoreApplication::processEvents();
    }
};

const CounterRow* findRow(const CountersView& view, const std::string& metric) {
    for (const CounterRow& r : view.rows(0))
        if (r.metric == metric) return &r;
    return nullptr;
}

TEST(CountersView, CountersInWordsWithTheirUnits) {
    Shown s(test::profiledRun());
    EXPECT_TRUE(s.view.unavailableText().isEmpty());
    ASSERT_EQ(s.view.kernels().size(), 1u);
    for (const char* text :
         {"bytes read from device memory (DRAM)", "4.19 MB", "achieved occupancy", "78.4 %",
          "kernel time (under the profiler)", "14.3 µs", "warp instructions executed", "2.62 M"})
        EXPECT_TRUE(drew(&s.view, QString::fromUtf8(text))) << text;
    EXPECT_FALSE(test::render(s.view).isNull());
}

TEST(CountersView, PredictionsAndRatiosWhereGivenMarkedWhereTheyStray) {
    ws::Run run = test::profiledRun();
    run.timing.bytesMoved = 8388608;  // as many as DRAM moved
    run.timing.flops = 0;             // no FLOPs predicted by the run
    Shown s(run);
    const CounterRow* dram = findRow(s.view, "dram__bytes.sum");
    ASSERT_TRUE(dram);
    EXPECT_EQ(s.view.cellTexts(*dram), (QStringList{"bytes to and from device memory (DRAM)",
                                                    "8.39 MB", "8.39 MB", "1.00×"}));
    EXPECT_FALSE(CountersView::straysFromPrediction(*dram));
    EXPECT_FALSE(findRow(s.view, "flop_count_sp")->predicted);
    EXPECT_TRUE(drew(&s.view, QStringLiteral("1.00×")));
    EXPECT_TRUE(drew(&s.view, QStringLiteral("measured ÷ predicted")));

    // A caller's prediction replaces the run's: half the bytes, so the
    // kernel moved twice them, and the cell is marked.
    s.view.setPredicted({{"dram__bytes.sum", 4194304}, {"flop_count_sp", 2097152}});
    dram = findRow(s.view, "dram__bytes.sum");
    EXPECT_EQ(s.view.cellTexts(*dram)[3], QStringLiteral("2.00×"));
    EXPECT_TRUE(CountersView::straysFromPrediction(*dram));
    EXPECT_EQ(s.view.cellTexts(*findRow(s.view, "flop_count_sp"))[3], QStringLiteral("1.00×"));
    EXPECT_TRUE(test::anyNear(test::render(s.view), s.view.rect(), palette::markedRow(), 2));
}

// One kernel whose cubin gave its registers: the achieved occupancy has the
// occupancy calculator's ceiling beside it, and its tooltip names the limit.
TEST(CountersView, TheAchievedOccupancyStandsBesideTheCalculatorsCeiling) {
    ws::Run run = test::profiledRun();
    run.profile.functions.resize(1);
    run.profile.functions[0].registersPerThread = 32;
    run.device = syntheticDevice(132);  // an H100's limits
    for (ws::Launch& l : run.launches) {
        l.block = {256, 1, 1};
        l.sharedBytes = 0;
    }
    Shown s(run);
    const CounterRow* occupancy = findRow(s.view, kAchievedOccupancyMetric);
    ASSERT_TRUE(occupancy);
    ASSERT_TRUE(occupancy->predicted) << "device: " << run.device.name;
    EXPECT_EQ(s.view.cellTexts(*occupancy),
              (QStringList{"achieved occupancy", "78.4 %", "100.0 %", "0.78×"}));
    const QString tip = s.view.toolTipFor(*occupancy);
    EXPECT_TRUE(tip.contains(QStringLiteral("limited by threads per SM"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("32 registers a thread"))) << tip.toStdString();
    EXPECT_FALSE(s.view.toolTipFor(*findRow(s.view, "dram__bytes_read.sum"))
                     .contains(QStringLiteral("ceiling")));

    // With its registers unknown (an older trace) there is no ceiling.
    run.profile.functions[0].registersPerThread = 0;
    Shown older(run);
    EXPECT_FALSE(findRow(older.view, kAchievedOccupancyMetric)->predicted);
}

TEST(CountersView, WithoutPredictionsTheirColumnsStayAway) {
    ws::Run run = test::profiledRun();
    run.timing.bytesMoved = 0;
    Shown s(run);
    EXPECT_FALSE(drew(&s.view, QStringLiteral("predicted")));
    EXPECT_TRUE(drew(&s.view, QStringLiteral("measured")));
}

TEST(CountersView, WithoutCountersTheViewSaysWhy) {
    ws::Run refused = test::profiledRun();
    refused.profile.counters.clear();
    refused.profile.countersUnavailable = "the range profiler is not supported on this GPU";
    Shown why(refused);
    EXPECT_EQ(why.view.unavailableText().toStdString(), refused.profile.countersUnavailable);
    EXPECT_TRUE(drew(&why.view, QString::fromStdString(refused.profile.countersUnavailable)));
    EXPECT_TRUE(why.view.kernels().empty());

    Shown plain(test::smallRun());
    EXPECT_TRUE(plain.view.unavailableText().contains(QStringLiteral("--why")));
}

TEST(CountersView, ATallTableSaysHowManyRowsDidNotFit) {
    Shown s(test::profiledRun(), {900, 260});
    bool more = false;
    for (const auto& t : test::probeText(&s.view))
        more = more || t.text.contains(QStringLiteral("more"));
    EXPECT_TRUE(more);
}

// On a projected slide's half (the projector's 18 pt font) no counter's
// words, value or note is cut: the words drop their remark in brackets,
// else wrap; the note wraps, and says what the predictions are only where
// their columns are drawn.
TEST(CountersView, OnASlidesHalfNothingIsCut) {
    ws::Run run = test::profiledRun();
    run.timing.bytesMoved = 8388608;  // a prediction
    for (const int width : {480, 700, 1400}) {
        SCOPED_TRACE(width);
        Shown s(run, {width, 900});
        QFont f = s.view.font();
        f.setPointSizeF(18);
        s.view.setFont(f);
        QCoreApplication::processEvents();
        QString all;
        bool predicted = false;
        for (const auto& t : test::probeText(&s.view)) {
            EXPECT_FALSE(t.cut) << "cut: '" << t.text.toStdString() << "'";
            all += t.text + QLatin1Char(' ');
            predicted = predicted || t.text == QStringLiteral("predicted");
        }
        all = all.simplified();
        EXPECT_TRUE(all.contains(QStringLiteral("shared-memory bank conflicts on loads")))
            << all.toStdString();
        EXPECT_TRUE(all.contains(QStringLiteral("replayed 9 times by the profiler.")))
            << all.toStdString();
        EXPECT_EQ(predicted, width == 1400);
        EXPECT_EQ(all.contains(QStringLiteral("or a model expects.")), predicted)
            << all.toStdString();
    }
}

}  // namespace
}  // namespace ws
