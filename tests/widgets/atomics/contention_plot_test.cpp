// The contention plot's data: one curve per setting, the run's own curve,
// recorded and live runs, and the run on show ringed.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "app/gui/atomics/atomics_throughput.h"
#include "tests/widgets/atomics/atomics_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

TEST(ContentionPlot, TheRunsCurveAndTheSessionsPoints) {
    test::app();
    const ws::Run run = test::contentionRun(1 << 14, 1);
    std::vector<ContentionMeasurement> session = {
        {{{"threads", "1024"}, {"addresses", "1024"}, {"per_thread", "16"}, {"spacing", "line"}},
         5e10}};
    const ContentionPlotData d = contentionPlotFor(&run, BundledTraces{}, session);
    ASSERT_EQ(d.series.size(), 2u);
    const ContentionSeries* one = nullptr;
    for (const auto& s : d.series)
        if (s.name == QStringLiteral("1 address")) one = &s;
    ASSERT_NE(one, nullptr);
    EXPECT_EQ(one->points.size(), 10u);  // 32 .. 2^14
    ASSERT_TRUE(d.current.has_value());
    EXPECT_EQ(d.current->first, double(1 << 14));
    AtomicThroughputPlot plot;
    plot.resize(700, 420);
    plot.setData(d);
    EXPECT_EQ(plot.plot()->graphCount(), 3);  // two curves and the ring
    test::render(plot);
}

TEST(ContentionPlot, SeriesNamesSaySpacingAndNonDefaultCounts) {
    EXPECT_EQ(contentionSeriesName({{"addresses", "1"}, {"per_thread", "16"}}),
              QStringLiteral("1 address"));
    EXPECT_EQ(contentionSeriesName({{"addresses", "64"}, {"per_thread", "4"}, {"spacing", "line"}}),
              QStringLiteral("64 addresses, one per 128-B line, 4 per thread"));
}

TEST(ContentionPlot, EmptyWithoutMeasurements) {
    test::app();
    AtomicThroughputPlot plot;
    plot.resize(600, 400);
    plot.setData(contentionPlotFor(nullptr, BundledTraces{}, {}));
    EXPECT_EQ(plot.plot()->graphCount(), 0);
    test::render(plot);
}

}  // namespace
}  // namespace ws
