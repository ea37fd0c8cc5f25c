#include "widgets/throughput_plot.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "tests/widgets/qt_test_support.h"

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
    plot.setData({});
    EXPECT_EQ(plot.curveCount(), 0);
    EXPECT_GE(plot.plot()->itemCount(), 1);
}

}  // namespace
}  // namespace ws
