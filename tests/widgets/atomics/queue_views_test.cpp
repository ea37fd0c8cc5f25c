// The work queue's views: items on the lanes of the blocks that did them,
// coloured by cost; the tail marked; busy time per SM growing with playback.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QMouseEvent>
#include <QRegularExpression>
#include <map>

#include "core/atomics/work_queue_records.h"
#include "tests/widgets/atomics/atomics_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/atomics/queue_timeline_view.h"
#include "widgets/atomics/sm_busy_chart.h"
#include "widgets/view/sequential_scale.h"
#include "widgets/view/view_text.h"

namespace ws {
namespace {

struct Shown {
    PlaybackModel model;
    QueueTimelineView view{&model};
    explicit Shown(Run run) {
        model.setRun(test::prepared(std::move(run)));
        view.resize(1000, 560);
    }
};

TEST(QueueTimelineView, EveryItemSitsInItsBlocksLane) {
    test::app();
    Shown s(test::queueRun("queue", "heavy", 256, 8, 2));
    const QueueBars& bars = s.view.bars();
    ASSERT_EQ(bars.bars.size(), 256u);
    const PreparedRun* p = s.model.prepared();
    for (const QueueBar& b : bars.bars) {
        const auto place = p->lanes.find(b.block);
        ASSERT_GE(place.row, 0);
        EXPECT_EQ(b.lane,
                  p->lanes.rows[std::size_t(place.row)].firstLane + std::uint32_t(place.lane));
        // Inside its block's bar.
        EXPECT_GE(b.start, p->startOf(b.block));
        EXPECT_LE(b.end, p->endOf(b.block));
    }
}

TEST(QueueTimelineView, BarsKeepEveryNanosecondOfTheGlobaltimer) {
    test::app();
    Shown s(test::queueRun("queue", "random", 64, 4, 2));
    const PreparedRun* p = s.model.prepared();
    auto items = readQueueItems(p->run->launches[0], 0);
    ASSERT_TRUE(items.ok()) << items.error();
    ASSERT_EQ(s.view.bars().bars.size(), items->size());
    for (const QueueBar& b : s.view.bars().bars) {
        EXPECT_EQ(b.start, double(std::int64_t((*items->startNs)[b.item] - p->origin)));
        EXPECT_EQ(b.end, double(std::int64_t((*items->endNs)[b.item] - p->origin)));
    }
}

TEST(QueueTimelineView, TimeLabelsStayWholeAtTheRightEdge) {
    // A tick at the end of the axis had its label centred on it and cut by
    // the view's edge ("140 µ") whenever the run's end fell on a round time.
    test::app();
    ws::Run run = test::queueRun("queue", "random", 256, 8, 2);
    // The run ends on a round time, so that a tick sits at the axis's end.
    BlockRecords& b = run.launches[0].blocks;
    const std::uint64_t origin = *std::min_element(b.startNs.begin(), b.startNs.end());
    *std::max_element(b.endNs.begin(), b.endNs.end()) = origin + 200'000;
    Shown s(std::move(run));
    s.view.setAttribute(Qt::WA_DontShowOnScreen);
    s.view.show();
    int labels = 0;
    for (int width = 500; width <= 1400; width += 23) {
        s.view.resize(width, 400);
        QCoreApplication::processEvents();
        for (const test::DrawnText& t : test::probeText(&s.view)) {
            EXPECT_GE(t.box.left(), 0.0) << width << ": " << t.text.toStdString();
            EXPECT_LE(t.box.right(), double(width)) << width << ": " << t.text.toStdString();
            labels +=
                t.box.top() > s.view.lanesRect().bottom() && t.text.endsWith(QStringLiteral("s"));
        }
    }
    EXPECT_GT(labels, 40) << "no time labels drawn: the check above saw nothing";
}

TEST(QueueTimelineView, HeavyItemsAreDarkAndHoverFindsThem) {
    test::app();
    Shown s(test::queueRun("static", "heavy", 128, 4, 1));
    const auto& bars = s.view.bars().bars;
    std::size_t heavy = bars.size(), light = bars.size();
    for (std::size_t i = 0; i < bars.size(); ++i) (bars[i].costUs > 100 ? heavy : light) = i;
    ASSERT_LT(heavy, bars.size());
    ASSERT_LT(light, bars.size());
    EXPECT_TRUE(test::near(s.view.colourOf(heavy), sequentialColour(1.0), 2));
    EXPECT_TRUE(test::near(s.view.colourOf(light), sequentialColour(10.0 / 320.0), 2));
    s.model.toEnd();  // nothing veiled
    const QImage img = test::render(s.view);
    const QRectF r = s.view.barRect(heavy);
    EXPECT_TRUE(test::anyNear(img, r.toRect().adjusted(2, 2, -2, -2), sequentialColour(1.0), 12));
    EXPECT_EQ(s.view.barAt(r.center()), int(heavy));
}

TEST(QueueTimelineView, StaticSplitHasALongerTailThanTheQueue) {
    test::app();
    Shown fixed(test::queueRun("static", "heavy", 512, 8, 1));
    Shown queue(test::queueRun("queue", "heavy", 512, 8, 1));
    const QueueAnalysis& a = fixed.view.bars().analysis;
    const QueueAnalysis& b = queue.view.bars().analysis;
    EXPECT_GT(a.makespanNs, b.makespanNs);
    EXPECT_GT(a.imbalance, b.imbalance);
    EXPECT_TRUE(fixed.view.titleText().contains(QStringLiteral("tail")));
}

TEST(QueueTimelineView, ClickSelectsTheBlockAndTheFutureIsVeiled) {
    test::app();
    Shown s(test::queueRun("queue", "equal", 64, 4, 1));
    const QRectF r = s.view.barRect(10);
    s.model.setTime(0);
    const QImage before = test::render(s.view);
    QColor veiled = before.pixelColor(r.center().toPoint());
    EXPECT_GT(veiled.lightness(), s.view.colourOf(10).lightness());
    test::click(s.view, r.center().toPoint());
    EXPECT_EQ(s.model.selected(), s.view.bars().bars[10].block);
}

TEST(QueueTimelineView, TheLegendWrapsWithinTheView) {
    // Side by side in presentation mode the header is narrower than the
    // legend's one line: its pieces wrap, the lanes start below them.
    test::app();
    Shown s(test::queueRun("queue", "heavy", 256, 8, 2));
    QFont big = s.view.font();
    big.setPixelSize(24);
    s.view.setFont(big);
    for (int width : {1800, 900, 600, 420}) {
        SCOPED_TRACE(width);
        s.view.resize(width, 560);
        const auto pieces = s.view.legendPieces();
        ASSERT_EQ(pieces.size(), 4u);  // the cost scale and three marks
        for (const QRect& piece : pieces) {
            EXPECT_GE(piece.left(), 0);
            EXPECT_LE(piece.right(), width - 8);
            EXPECT_LT(piece.bottom(), s.view.lanesRect().top());
        }
        for (std::size_t i = 1; i < pieces.size(); ++i)
            EXPECT_FALSE(pieces[i].intersects(pieces[i - 1]));
        test::render(s.view);
    }
    s.view.resize(1800, 560);
    EXPECT_EQ(s.view.legendLines(), 1);
    s.view.resize(600, 560);
    EXPECT_GT(s.view.legendLines(), 1);
}

TEST(QueueTimelineView, OtherExperimentsGetAMessage) {
    test::app();
    Shown s(test::argminRun("cas-modified", "blog", 1000));
    EXPECT_TRUE(s.view.bars().empty());
    EXPECT_FALSE(s.view.bars().problem.isEmpty());
    test::render(s.view);
}

TEST(SmBusyChart, BarsGrowWithPlaybackAndMatchTheAnalysis) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::queueRun("static", "heavy", 256, 8, 1)));
    SmBusyChart chart(&model);
    chart.resize(800, 400);
    ASSERT_EQ(chart.smCount(), 8u);
    const auto& sms = chart.analysis().sms;
    for (std::size_t i = 0; i < sms.size(); ++i) {
        EXPECT_NEAR(chart.busyUntil(i, model.duration() * 2), sms[i].busyNs, 1e-6);
        EXPECT_LE(chart.busyUntil(i, model.duration() / 2), sms[i].busyNs);
    }
    EXPECT_GT(chart.analysis().imbalance, 1.0);
    EXPECT_TRUE(chart.titleText().contains(QStringLiteral("imbalance")));
    EXPECT_GE(chart.plot()->plottableCount(), 2);
    test::render(chart);
    // The legend lies below the axes, not over the first SMs' bars; a second
    // rebuild keeps the axes, the title and the legend each once.
    model.setRun(test::prepared(test::queueRun("static", "heavy", 256, 8, 1)));
    chart.plot()->replot();
    const QRect legend = chart.plot()->legend->outerRect();
    const QRect axes = chart.plot()->axisRect()->outerRect();
    EXPECT_GE(legend.top(), axes.bottom() - 1) << legend.top() << " " << axes.bottom();
    EXPECT_EQ(chart.plot()->axisRectCount(), 1);
    EXPECT_EQ(chart.plot()->plotLayout()->rowCount(), 3);  // title, axes, legend
}

TEST(SmBusyChart, TheHoverGivesEndsOnTheTimelinesClock) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::queueRun("queue", "heavy", 256, 8, 2)));
    SmBusyChart chart(&model);
    QueueTimelineView timeline(&model);
    const QueueBars& bars = timeline.bars();
    // The first item starts after the first block: the analysis's own
    // origin is not the views'.
    ASSERT_GT(bars.analysisOrigin, 0.0);
    const Launch& launch = model.prepared()->run->launches[std::size_t(bars.launch)];
    std::map<std::uint32_t, double> lastEnd;  // by SM, on the timeline
    for (const QueueBar& b : bars.bars) {
        double& end = lastEnd[launch.blocks.sm[std::size_t(b.block.record)]];
        end = std::max(end, b.end);
    }
    const auto& sms = chart.analysis().sms;
    ASSERT_EQ(sms.size(), lastEnd.size());
    for (std::size_t i = 0; i < sms.size(); ++i) {
        const QString tip = chart.toolTipOf(i);
        EXPECT_TRUE(tip.contains(QStringLiteral("last item ended at ") +
                                 formatExactNs(lastEnd.at(sms[i].sm))))
            << tip.toStdString();
    }
}

// A projector's short chart (a slide at 1024 x 768): "longest" over its line
// was cut at the top of the plot, the 30 % margin less than its height.
// A chart in a projector's font, shown at `height`, and its text items by text.
struct ShortChart {
    SmBusyChart chart;
    ShortChart(PlaybackModel* model, int height) : chart(model) {
        QFont f = chart.font();
        f.setPointSizeF(18);
        chart.setFont(f);
        chart.setAttribute(Qt::WA_DontShowOnScreen);
        chart.show();
        chart.resize(1000, height);
        QCoreApplication::processEvents();
        chart.plot()->replot();
    }
    QCPItemText* text(const QString& words) const {
        QCustomPlot* p = chart.plot();
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text() == words) return t;
        return nullptr;
    }
};

TEST(SmBusyChart, TheLongestLabelFitsUnderTheTopOfAShortChart) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::queueRun("static", "heavy", 256, 8, 1)));
    for (const int height : {230, 500}) {
        SCOPED_TRACE(height);
        ShortChart shown(&model, height);
        QCustomPlot* p = shown.chart.plot();
        QCPItemText* longest = shown.text("longest");
        ASSERT_NE(longest, nullptr);
        EXPECT_GE(longest->topLeft->pixelPosition().y(), p->axisRect()->top() - 1);
    }
}

// In a projector's short chart "longest"'s line ran through "mean", and at
// 800 x 600 the two words lay on each other: neither label crosses the
// other or the other's line, at any height.
TEST(SmBusyChart, TheMeanAndLongestLabelsKeepApart) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::queueRun("static", "heavy", 256, 8, 1)));
    int shown = 0;
    for (const int height : {200, 260, 330, 500}) {
        SCOPED_TRACE(height);
        ShortChart chart(&model, height);
        QCustomPlot* p = chart.chart.plot();
        QCPItemText *longest = chart.text("longest"), *mean = chart.text("mean");
        ASSERT_NE(longest, nullptr);
        ASSERT_NE(mean, nullptr);
        // Too short for both, the chart names the mean in its title alone.
        if (!mean->visible()) continue;
        EXPECT_GE(mean->topLeft->pixelPosition().y(), p->axisRect()->top() - 1);
        EXPECT_LE(mean->bottomRight->pixelPosition().y(), p->axisRect()->bottom() + 1);
        const QRectF a(longest->topLeft->pixelPosition(), longest->bottomRight->pixelPosition());
        const QRectF b(mean->topLeft->pixelPosition(), mean->bottomRight->pixelPosition());
        EXPECT_FALSE(a.intersects(b));
        const double longestLine = p->yAxis->coordToPixel(longest->position->value());
        EXPECT_FALSE(b.top() < longestLine && b.bottom() > longestLine)
            << "longest's line at " << longestLine << " through mean " << b.top() << "-"
            << b.bottom();
    }
}

TEST(SmBusyChart, TheTitleWrapsInsteadOfBeingCut) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::queueRun("static", "heavy", 256, 8, 1)));
    for (const int width : {1900, 700, 420}) {
        SCOPED_TRACE(width);
        SmBusyChart chart(&model);
        QFont f = chart.font();
        f.setPointSizeF(18);  // a projector's text (24 px)
        chart.setFont(f);
        chart.setAttribute(Qt::WA_DontShowOnScreen);
        chart.show();
        chart.resize(width, 500);
        QCoreApplication::processEvents();
        chart.plot()->replot();
        QCPTextElement* title = nullptr;
        for (int i = 0; i < chart.plot()->plotLayout()->elementCount() && !title; ++i)
            title = qobject_cast<QCPTextElement*>(chart.plot()->plotLayout()->elementAt(i));
        ASSERT_NE(title, nullptr);
        QFont bold = chart.font();
        bold.setBold(true);
        const QFontMetrics fm(bold);
        for (const QString& line : title->text().split('\n'))
            EXPECT_LE(fm.horizontalAdvance(line), width) << line.toStdString();
        // Every word of the title is still there.
        EXPECT_EQ(title->text().split(QRegularExpression("\\s+")),
                  chart.titleText().split(QRegularExpression("\\s+")));
    }
}

}  // namespace
}  // namespace ws
