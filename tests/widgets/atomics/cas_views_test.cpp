// Argmin's views: the histogram of atomicCAS per thread and the warps' CAS
// over time, from a run whose attempts follow the loops warp by warp.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QMouseEvent>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "tests/widgets/atomics/atomics_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/atomics/cas_attempts_plot.h"
#include "widgets/atomics/cas_heatmap_view.h"
#include "widgets/view/sequential_scale.h"

namespace ws {
namespace {

TEST(CasAttemptsPlot, CountsEveryThreadOnce) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::argminRun("cas-original", "descending", 5000, 256, 4)));
    CasAttemptsPlot plot(&model);
    plot.resize(700, 400);
    const auto& h = plot.histogram();
    ASSERT_FALSE(h.empty());
    EXPECT_EQ(std::accumulate(h.begin(), h.end(), std::uint64_t(0)), 20u * 256u);
    // The original loop: a thread that wins made two CAS, so no winner has one.
    EXPECT_GT(h[2], 0u);
    EXPECT_TRUE(plot.titleText().contains(QStringLiteral("cas-original")));
    EXPECT_EQ(plot.plot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
    test::render(plot);
}

// In a laptop's dock the title was one line wider than the plot, cut at
// both sides ("er all 50,176 threads…most"): it wraps to the width.
// The bars rise from 0.5 (a log axis has no 0): a bin of one thread reached
// 1.5 and one of two threads 2.5. Each bar's top is its count.
TEST(CasAttemptsPlot, EachBarEndsAtItsCount) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::argminRun("cas-original", "descending", 5000, 256, 4)));
    CasAttemptsPlot plot(&model);
    plot.resize(700, 400);
    plot.plot()->replot();
    auto* bars = qobject_cast<QCPBars*>(plot.plot()->plottable(0));
    ASSERT_NE(bars, nullptr);
    const auto& h = plot.histogram();
    std::size_t drawn = 0;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
        const auto bin = std::size_t(std::lround(it->key));
        ASSERT_LT(bin, h.size());
        EXPECT_DOUBLE_EQ(bars->baseValue() + it->value, double(h[bin])) << "bin " << bin;
        ++drawn;
    }
    EXPECT_EQ(drawn, std::size_t(std::count_if(h.begin(), h.end(), [](auto n) { return n > 0; })));
    // No vertical zero line through the bar of 0 attempts.
    EXPECT_EQ(plot.plot()->xAxis->grid()->zeroLinePen().style(), Qt::NoPen);
}

TEST(CasAttemptsPlot, TheTitleWrapsToANarrowPlot) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::argminRun("cas-modified-new", "descending", 5000, 256, 4)));
    CasAttemptsPlot plot(&model);
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.show();
    plot.resize(240, 320);
    QCoreApplication::processEvents();
    EXPECT_EQ(plot.width(), 240);  // not held wider by the title
    auto* title = qobject_cast<QCPTextElement*>(plot.plot()->plotLayout()->element(0, 0));
    ASSERT_NE(title, nullptr);
    const QFontMetrics fm(title->font());
    for (const QString& line : title->text().split('\n'))
        EXPECT_LE(fm.horizontalAdvance(line), 240) << line.toStdString();
}

// Half of a comparison at 1366 x 768 cut the axis's label at both ends
// ("…(last bar: that many or m"): it wraps to the axes.
TEST(CasAttemptsPlot, TheAxisLabelWrapsToTheAxes) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::argminRun("cas-original", "descending", 5000, 256, 4)));
    CasAttemptsPlot plot(&model);
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.show();
    plot.resize(300, 360);
    QCoreApplication::processEvents();
    plot.plot()->replot();
    const QString label = plot.plot()->xAxis->label();
    EXPECT_EQ(QString(label).replace('\n', ' '), plot.xLabelText());
    const QFontMetrics fm(plot.plot()->xAxis->labelFont());
    const QStringList lines = label.split('\n');
    EXPECT_GE(lines.size(), 2) << label.toStdString();
    for (const QString& line : lines)
        EXPECT_LE(fm.horizontalAdvance(line), plot.plot()->axisRect()->width())
            << line.toStdString();
}

TEST(CasAttemptsPlot, TicksOnlyAtWholeCounts) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::argminRun("cas-original", "descending", 5000, 256, 4)));
    for (const int width : {1900, 700, 360}) {
        SCOPED_TRACE(width);
        CasAttemptsPlot plot(&model);
        plot.setAttribute(Qt::WA_DontShowOnScreen);
        plot.show();
        plot.resize(width, 400);
        QCoreApplication::processEvents();
        plot.plot()->replot();
        const QVector<double> ticks = plot.plot()->xAxis->tickVector();
        ASSERT_FALSE(ticks.isEmpty());
        for (double t : ticks) EXPECT_EQ(t, std::round(t)) << t;
        for (const QString& l : plot.plot()->xAxis->tickVectorLabels())
            EXPECT_FALSE(l.contains('.')) << l.toStdString();
    }
}

TEST(CasAttemptsPlot, SaysWhenThereAreNoRecords) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::queueRun("queue", "equal", 16, 2, 1)));
    CasAttemptsPlot plot(&model);
    EXPECT_TRUE(plot.histogram().empty());
    // No axes over nothing, and the reason in lines as wide as a narrow plot
    // (one line, it was cut at both sides).
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.show();
    plot.resize(300, 300);
    QCoreApplication::processEvents();
    EXPECT_FALSE(plot.problemText().isEmpty());
    EXPECT_FALSE(plot.plot()->xAxis->visible());
    EXPECT_FALSE(plot.plot()->yAxis->visible());
    auto* item = qobject_cast<QCPItemText*>(plot.plot()->item(0));
    ASSERT_NE(item, nullptr);
    EXPECT_GT(item->text().count('\n'), 0);
    for (const QString& line : item->text().split('\n'))
        EXPECT_LE(QFontMetrics(item->font()).horizontalAdvance(line), 300 - 16)
            << line.toStdString();
    test::render(plot);
}

TEST(CasHeatmapView, RowsPerTracedWarpColouredByAttempts) {
    test::app();
    PlaybackModel model;
    model.setRun(test::prepared(test::argminRun("cas-modified", "descending", 50000, 256, 6)));
    CasHeatmapView view(&model);
    view.resize(1000, 560);
    ASSERT_EQ(view.warps().size(), 6u * 8u);
    for (std::size_t i = 1; i < view.warps().size(); ++i)
        EXPECT_LT(std::pair(view.warps()[i - 1].block, view.warps()[i - 1].warp),
                  std::pair(view.warps()[i].block, view.warps()[i].warp));
    std::size_t most = 0;
    for (std::size_t i = 0; i < view.warps().size(); ++i)
        if (view.warps()[i].attemptsSum > view.warps()[most].attemptsSum) most = i;
    EXPECT_EQ(view.warps()[most].attemptsSum, view.maxAttempts());
    EXPECT_TRUE(test::near(view.colourOf(most), sequentialColour(1.0), 2));
    model.toEnd();
    const QImage img = test::render(view);
    const QRectF r = view.warpRect(most);
    EXPECT_TRUE(test::anyNear(img, r.toRect().adjusted(1, 1, -1, -1), sequentialColour(1.0), 12));
    EXPECT_EQ(view.warpAt(r.center()), int(most));
    test::click(view, r.center().toPoint());
    ASSERT_TRUE(model.selected().valid());
    EXPECT_EQ(model.run()->launches[0].blocks.block[std::size_t(model.selected().record)],
              view.warps()[most].block);
}

}  // namespace
}  // namespace ws
