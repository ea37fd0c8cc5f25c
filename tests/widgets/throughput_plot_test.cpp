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
