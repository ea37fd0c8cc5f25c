#include "widgets/plots/throughput_plot.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "tests/widgets/support/qt_test_support.h"
#include "widgets/basics/cpu_gpu_plot.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

TEST(ThroughputPlot, OneCurvePerVariantWithReferences) {
    test::app();
    ThroughputPlot plot;
    plot.resize(600, 400);
    ThroughputData d;
    d.points = {{"sequential", 65536, 300},
                {"sequential", 1 << 20, 1500},
                {"best", 65536, 400},
                {"best", 1 << 20, 2900}};
    d.vendor = {{"cub", 65536, 420}, {"cub", 1 << 20, 3000}};
    d.peakGBs = 3352;
    d.current = ThroughputPoint{{}, 1 << 20, 2900};
    d.deviceName = "NVIDIA H100 80GB HBM3";
    plot.setData(d);
    EXPECT_EQ(plot.curveCount(), 2);
    QCustomPlot* p = plot.plot();
    EXPECT_EQ(p->graphCount(), 5);  // 2 variants, CUB, this run, peak
    int entries = 0;                // the legend's grid counts empty cells too
    for (int i = 0; i < p->legend->itemCount(); ++i) entries += p->legend->item(i) ? 1 : 0;
    EXPECT_EQ(entries, 5);
    EXPECT_TRUE(p->yAxis->label().contains("GB/s"));
    EXPECT_TRUE(p->xAxis->label().contains("elements"));
    EXPECT_GE(p->yAxis->range().upper, 3352);
    EXPECT_FALSE(test::render(plot).isNull());
}

TEST(ThroughputPlot, LegendEntriesWrapIntoRowsInsteadOfBeingCut) {
    test::app();
    ThroughputData d;
    for (const char* name : {"loads (measured)", "copy (float4): the bar to reach",
                             "transpose through shared memory, padded", "naive transpose"})
        d.points.push_back({name, 4096, 100});
    d.vendor = {{"cub", 4096, 420}};
    d.vendorName = "copy (float4): the bar to reach, measured on this device";
    d.peakGBs = 3352;
    for (const int width : {1900, 960, 700, 420}) {
        SCOPED_TRACE(width);
        ThroughputPlot plot;
        QFont f = plot.font();
        f.setPointSizeF(18);  // a projector's text (24 px)
        plot.setFont(f);
        plot.setAttribute(Qt::WA_DontShowOnScreen);
        plot.show();
        plot.resize(width, 700);
        QCoreApplication::processEvents();
        plot.setData(d);
        QCustomPlot* p = plot.plot();
        p->replot();
        int entries = 0;
        for (int i = 0; i < p->legend->itemCount(); ++i) {
            QCPLayoutElement* item = p->legend->item(i);
            if (!item) continue;
            ++entries;
            // Every entry gets the width its text needs, inside the plot.
            EXPECT_GE(item->outerRect().width(), item->minimumOuterSizeHint().width()) << i;
            EXPECT_LE(item->outerRect().right(), width) << i;
            EXPECT_GE(item->outerRect().left(), 0) << i;
        }
        EXPECT_EQ(entries, 6);
    }
}

TEST(ThroughputPlot, SaysSoWhenThereIsNothingToPlot) {
    test::app();
    ThroughputPlot plot;
    plot.resize(400, 300);
    ThroughputData empty;
    empty.xName = QStringLiteral("grid");
    empty.xUnit = QStringLiteral("blocks");
    empty.peakGBs = 3352;  // a peak line alone would read as a measurement
    plot.setData(empty);
    EXPECT_EQ(plot.curveCount(), 0);
    EXPECT_GE(plot.plot()->itemCount(), 1);
    // The message stands alone: no axes over nothing, no legend, no peak line.
    EXPECT_FALSE(plot.plot()->xAxis->visible());
    EXPECT_FALSE(plot.plot()->yAxis->visible());
    EXPECT_FALSE(plot.plot()->legend->visible());
    for (int i = 0; i < plot.plot()->graphCount(); ++i)
        EXPECT_FALSE(plot.plot()->graph(i)->visible());
    // Data brings them back.
    ThroughputData one = empty;
    one.points.push_back({QStringLiteral("sequential"), 1024, 100});
    plot.setData(one);
    EXPECT_TRUE(plot.plot()->xAxis->visible());
}

// The message of a narrow plot with nothing to show wraps to its width: on
// one line it was cut at both sides ("s measurements are in the run pane").
TEST(ThroughputPlot, ItsMessageWrapsToANarrowPlot) {
    test::app();
    ThroughputPlot plot;
    ThroughputData empty;
    empty.emptyText = QStringLiteral(
        "hello moves no data to time:\nit has no throughput to plot.\n"
        "Its measurements are in the run panel.");
    plot.setData(empty);
    for (const int width : {180, 260, 600}) {
        plot.resize(width, 300);
        test::render(plot);
        const QCPItemText* message = nullptr;
        for (int i = 0; i < plot.plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(plot.plot()->item(i))) message = t;
        ASSERT_NE(message, nullptr);
        const QFontMetrics fm(message->font());
        for (const QString& line : message->text().split('\n'))
            EXPECT_LE(fm.horizontalAdvance(line), width) << width << ": " << line.toStdString();
        // Within the plot, not cut at its left edge by the hidden axes' margin.
        EXPECT_GE(message->topLeft->pixelPosition().x(), -1) << width;
        EXPECT_LE(message->bottomRight->pixelPosition().x(), width + 1) << width;
        EXPECT_EQ(QString(message->text()).replace('\n', ' '),
                  QString(empty.emptyText).replace('\n', ' '));
    }
}

TEST(ThroughputPlot, SeriesPastTheSeventhAreToldApartByMoreThanColour) {
    test::app();
    ThroughputPlot plot;
    plot.resize(900, 600);
    ThroughputData data;
    for (int v = 0; v < 9; ++v)
        data.points.push_back({QStringLiteral("variant %1").arg(v), 1024, 10.0 * (v + 1)});
    plot.setData(data);
    ASSERT_EQ(plot.curveCount(), 9);
    const QCPGraph* first = plot.plot()->graph(0);
    const QCPGraph* eighth = plot.plot()->graph(7);
    EXPECT_EQ(first->pen().color(), eighth->pen().color());  // the colours come round
    EXPECT_NE(first->pen().style(), eighth->pen().style());
    EXPECT_NE(first->scatterStyle().shape(), eighth->scatterStyle().shape());
}

TEST(ThroughputPlot, TheShownRunsDotIsDrawnOverTheOthers) {
    test::app();
    ThroughputPlot plot;
    plot.resize(900, 600);
    ThroughputData data;
    // Two variants at the same size and speed: the later one's dot would sit
    // inside the ring of the earlier one's run.
    data.points = {{QStringLiteral("cas-modified"), 50000, 3.5},
                   {QStringLiteral("cas-original"), 50000, 3.5}};
    data.current = ThroughputPoint{QStringLiteral("cas-modified"), 50000, 3.5};
    plot.setData(data);
    ASSERT_NE(plot.currentDot(), nullptr);
    const QCPGraph* modified = plot.plot()->graph(0);
    ASSERT_EQ(modified->name(), QStringLiteral("cas-modified"));
    EXPECT_EQ(plot.currentDot()->scatterStyle().brush().color(), modified->pen().color());
    // Drawn after every series.
    int dotAt = -1, lastSeries = -1;
    for (int i = 0; i < plot.plot()->graphCount(); ++i) {
        if (plot.plot()->graph(i) == plot.currentDot()) dotAt = i;
        if (plot.plot()->graph(i)->name().startsWith(QStringLiteral("cas-"))) lastSeries = i;
    }
    EXPECT_GT(dotAt, lastSeries);
}

TEST(ThroughputPlot, AShortWidePlotKeepsItsHeightForTheAxes) {
    // Under a lab's dock the plot is about 500 x 200: a legend of six rows
    // below the axes left them 70 px, and the value label was cut.
    test::app();
    ThroughputPlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.show();
    ThroughputData d;
    for (const char* name : {"cas-modified", "cas-original", "shuffle-atomicmin"})
        d.points.push_back({name, 65536, 30});
    d.points.push_back({"shuffle-atomicmin", 1 << 20, 400});
    d.vendor = {{"cub", 65536, 20}, {"cub", 1 << 20, 300}};
    d.vendorName = QStringLiteral("CUB (vendor library)");
    d.peakGBs = 3352;
    plot.setData(d);
    QCustomPlot* p = plot.plot();
    QCPLayoutGrid* layout = p->plotLayout();
    const auto textWidth = [&](const QString& t) {
        return QFontMetrics(p->yAxis->labelFont()).horizontalAdvance(t);
    };

    plot.resize(520, 210);
    QCoreApplication::processEvents();
    p->replot();
    ASSERT_TRUE(layout->hasElement(0, 1));
    EXPECT_EQ(layout->element(0, 1), p->legend);
    EXPECT_EQ(p->legend->wrap(), 1);
    EXPECT_GT(p->axisRect()->height(), 120);
    EXPECT_LE(textWidth(p->yAxis->label()), p->axisRect()->height() + 40)
        << p->yAxis->label().toStdString();
    EXPECT_TRUE(p->yAxis->label().contains("GB/s"));

    plot.resize(520, 600);
    QCoreApplication::processEvents();
    p->replot();
    ASSERT_TRUE(layout->hasElement(1, 0));
    EXPECT_EQ(layout->element(1, 0), p->legend);
    EXPECT_EQ(layout->columnCount(), 1);
    EXPECT_TRUE(p->yAxis->label().contains("log scale")) << p->yAxis->label().toStdString();
}

TEST(ThroughputPlot, AVeryShortPlotKeepsItsAxesRatherThanALegendBelow) {
    // Above a laptop's memory lab the plot is 550 x 148: four rows of legend
    // below left the axes 25 px, their entries cut.
    test::app();
    ThroughputPlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.show();
    ThroughputData d;
    for (const char* name : {"best", "copy", "naive", "padded", "tiled"})
        d.points.push_back({name, 1024, 1000});
    d.current = ThroughputPoint{"padded", 1024, 1000};
    d.peakGBs = 3352;
    plot.setData(d);
    plot.resize(550, 148);
    QCoreApplication::processEvents();
    QCustomPlot* p = plot.plot();
    p->replot();
    EXPECT_GE(p->axisRect()->height(), 40);
    if (p->legend->visible()) {
        // Wherever it went, no entry on another.
        std::vector<QRect> rects;
        for (int i = 0; i < p->legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = p->legend->item(i))
                rects.push_back(item->outerRect());
        for (std::size_t i = 0; i < rects.size(); ++i)
            for (std::size_t j = i + 1; j < rects.size(); ++j)
                EXPECT_FALSE(rects[i].intersects(rects[j])) << i << " " << j;
    }
}

TEST(ThroughputPlot, ALegendThatCannotFitSaysSoInsteadOfPilingUp) {
    // The matrix-multiply ladder has eighteen curves; in a 400 x 230 panel
    // their legend was squeezed until the names drew over each other.
    test::app();
    ThroughputPlot plot;
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.show();
    ThroughputData d;
    for (int i = 0; i < 16; ++i)
        d.points.push_back({QStringLiteral("variant with a long name %1").arg(i), 1024, 100.0 + i});
    d.vendor = {{"cublas", 1024, 5000}};
    d.vendorName = QStringLiteral("cuBLAS (FP32, no tensor cores)");
    d.peakGBs = 60000;
    plot.setData(d);
    QCustomPlot* p = plot.plot();
    const auto hints = [&] {
        QStringList out;
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i))) out << t->text();
        return out;
    };
    plot.resize(400, 230);
    QCoreApplication::processEvents();
    p->replot();
    EXPECT_FALSE(p->legend->visible());
    EXPECT_TRUE(hints().join('|').contains("18 curves")) << hints().join('|').toStdString();
    EXPECT_GT(p->axisRect()->height(), 120);
    // The hint inside the axes, also in a narrow plot.
    for (const int width : {400, 240}) {
        plot.resize(width, 230);
        QCoreApplication::processEvents();
        p->replot();
        for (int i = 0; i < p->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(p->item(i)); t && t->text().contains("curves"))
                EXPECT_GE(t->topLeft->pixelPosition().x(), p->axisRect()->left() - 1)
                    << width << ": " << t->text().toStdString();
    }
    plot.resize(400, 230);

    plot.resize(900, 900);
    QCoreApplication::processEvents();
    p->replot();
    EXPECT_TRUE(p->legend->visible());
    EXPECT_FALSE(hints().join('|').contains("curves"));
}

// Every plot paints on the scheme's background with the scheme's text: in
// the dark theme a white plot glares from the middle of a dark window, and
// a vendor curve drawn in the light scheme's black vanishes.
class PlotsFollowTheColourScheme : public ::testing::Test {
protected:
    PlotsFollowTheColourScheme() { test::app(); }
    ~PlotsFollowTheColourScheme() override { ColourScheme::instance()->setScheme(Scheme::Light); }
    static void expectScheme(QWidget& w, QCustomPlot* p, const char* scheme) {
        SCOPED_TRACE(scheme);
        const QImage img = test::render(w);
        EXPECT_TRUE(test::near(img.pixelColor(3, 3), palette::background(), 4))
            << img.pixelColor(3, 3).name().toStdString();
        // The first axis rect's axes: a plot that lays itself out anew has
        // no xAxis or yAxis pointers.
        QCPAxisRect* rect = p->axisRect();
        ASSERT_NE(rect, nullptr);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        QCPAxis* y = rect->axis(QCPAxis::atLeft);
        ASSERT_TRUE(x && y);
        EXPECT_EQ(x->tickLabelColor(), palette::text());
        EXPECT_EQ(y->labelColor(), palette::text());
        EXPECT_EQ(x->basePen().color(), palette::text());
        if (!p->legend) return;
        for (int i = 0; i < p->legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = p->legend->item(i); item && p->legend->visible())
                EXPECT_EQ(item->textColor(), palette::text()) << i;
    }
};

TEST_F(PlotsFollowTheColourScheme, ThroughputFromDarkToLightAndBack) {
    ThroughputPlot plot;
    plot.resize(500, 360);
    ThroughputData d;
    d.points = {{"best", 65536, 400}, {"best", 1 << 20, 2900}};
    d.vendor = {{"cub", 65536, 420}, {"cub", 1 << 20, 3000}};
    d.vendorName = QStringLiteral("CUB");
    plot.setData(d);
    QCustomPlot* p = plot.plot();
    const auto vendorPen = [&] {
        for (int i = 0; i < p->graphCount(); ++i)
            if (p->graph(i)->name() == QStringLiteral("CUB")) return p->graph(i)->pen().color();
        return QColor();
    };
    ColourScheme::instance()->setScheme(Scheme::Dark);
    expectScheme(plot, p, "dark");
    EXPECT_EQ(vendorPen(), palette::text());  // the curve was made anew, light on dark
    ColourScheme::instance()->setScheme(Scheme::Light);
    expectScheme(plot, p, "light");
    EXPECT_EQ(vendorPen(), QColor(Qt::black));
    ColourScheme::instance()->setScheme(Scheme::Projector);
    expectScheme(plot, p, "projector");
}

TEST_F(PlotsFollowTheColourScheme, LadderAndCpuAgainstGpuStartDark) {
    ColourScheme::instance()->setScheme(Scheme::Dark);
    LadderChart ladder;
    ladder.resize(500, 360);
    ladder.setData(LadderData{});
    expectScheme(ladder, ladder.plot(), "ladder");
    CpuGpuPlot cpuGpu;
    cpuGpu.resize(500, 360);
    cpuGpu.setPoints({}, CostPoint{}, QStringLiteral("no runs"));
    expectScheme(cpuGpu, cpuGpu.plot(), "cpu-gpu");
}

}  // namespace
}  // namespace ws
