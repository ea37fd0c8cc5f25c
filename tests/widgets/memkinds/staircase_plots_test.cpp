// The latency and bandwidth staircases and the occupancy plot, from runs
// built on the CPU: plateaus labelled where they were measured, the
// device's sizes marked, the peak and shared-memory lines named, the
// limiting factor of each stretch of the occupancy model.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "tests/widgets/memkinds/memkinds_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/memkinds/bandwidth_staircase_plot.h"
#include "widgets/memkinds/latency_staircase_plot.h"
#include "widgets/memkinds/occupancy_plot.h"

namespace ws {
namespace {

bool anyStartsWith(const QStringList& list, const QString& prefix) {
    return std::any_of(list.begin(), list.end(),
                       [&](const QString& s) { return s.startsWith(prefix); });
}

// The items' texts, as drawn on the plot.
QStringList itemTexts(QCustomPlot* plot) {
    QStringList out;
    for (int i = 0; i < plot->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot->item(i)))
            out << t->text().replace(QLatin1Char('\n'), QLatin1Char(' '));
    return out;
}

TEST(LatencyStaircase, LabelsEachPlateauAtItsMeasuredLatency) {
    test::app();
    PlaybackModel model;
    LatencyStaircasePlot plot(&model);
    plot.resize(960, 560);
    model.setRun(test::prepared(test::latencyRun()));
    EXPECT_TRUE(plot.message().isEmpty()) << plot.message().toStdString();
    EXPECT_EQ(plot.curveCount(), 1);
    ASSERT_EQ(plot.plateaus().size(), 4u);
    const QStringList labels = plot.plateauLabels();
    EXPECT_TRUE(anyStartsWith(labels, QStringLiteral("L1 33 cycles, 19 ns")))
        << labels.join(" | ").toStdString();
    EXPECT_TRUE(anyStartsWith(labels, QStringLiteral("L2 26"))) << labels.join(" | ").toStdString();
    EXPECT_TRUE(anyStartsWith(labels, QStringLiteral("L2, far partition 3")))
        << labels.join(" | ").toStdString();
    EXPECT_TRUE(anyStartsWith(labels, QStringLiteral("HBM 6"))) << labels.join(" | ").toStdString();
    // The labels are the plot's own items, not only the view's list.
    const QStringList drawn = itemTexts(plot.plot());
    for (const QString& l : labels) EXPECT_TRUE(drawn.contains(l)) << l.toStdString();
    const QStringList markers = plot.markerLabels();
    EXPECT_TRUE(markers.contains(QStringLiteral("L1 256\u00A0KiB")))
        << markers.join(" | ").toStdString();
    EXPECT_TRUE(markers.contains(QStringLiteral("L2 50\u00A0MiB")));
    EXPECT_TRUE(markers.contains(QStringLiteral("shared 228\u00A0KiB per SM")));
    // ns on the right axis, at the run's ratio of ns to cycles.
    EXPECT_TRUE(plot.plot()->yAxis2->visible());
    EXPECT_NEAR(plot.plot()->yAxis2->range().upper / plot.plot()->yAxis->range().upper, 1 / 1.755,
                1e-6);
    // Every plateau's label inside the axes, above the highest point.
    test::render(plot);
    const QRect axes = plot.plot()->axisRect()->rect();
    for (int i = 0; i < plot.plot()->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(plot.plot()->item(i)))
            if (labels.contains(t->text().replace(QLatin1Char('\n'), QLatin1Char(' ')))) {
                const QPointF at = t->position->pixelPosition();
                EXPECT_TRUE(axes.contains(at.toPoint())) << t->text().toStdString();
            }
    EXPECT_GT(plot.plot()->yAxis->range().upper, 650 * 1.02);
}

TEST(LatencyStaircase, LaysOtherRunsOverTheOneOnShow) {
    test::app();
    PlaybackModel model;
    LatencyStaircasePlot plot(&model);
    auto current = std::make_shared<const ws::Run>(test::latencyRun("global"));
    auto cg = std::make_shared<const ws::Run>(test::latencyRun("cg", 1.1));
    auto other = std::make_shared<const ws::Run>(test::l2Run());
    model.setRun(prepareRun(current));
    plot.setOtherRuns({current, cg, other});
    EXPECT_EQ(plot.curveCount(), 2);  // itself and another lab's run left out
    EXPECT_EQ(plot.plot()->graph(1)->name(),
              QStringLiteral("ld.global.cg loads (L2, not L1), stride 128\u00A0B"));
    EXPECT_TRUE(plot.plot()->legend->visible());
    test::render(plot);
}

TEST(LatencyStaircase, SaysWhatIsMissingOrWrong) {
    test::app();
    PlaybackModel model;
    LatencyStaircasePlot plot(&model);
    plot.resize(700, 420);
    EXPECT_TRUE(plot.message().contains(QStringLiteral("memory-latency")));
    model.setRun(test::prepared(test::l2Run()));  // another experiment: no latency table
    EXPECT_TRUE(plot.message().contains(QStringLiteral("memory-latency")));
    EXPECT_EQ(plot.plot()->graphCount(), 0);
    test::render(plot);
    model.setRun(test::prepared(test::withBrokenTable(test::latencyRun(), "latency")));
    EXPECT_TRUE(plot.message().startsWith(QStringLiteral("This run's table cannot be shown")))
        << plot.message().toStdString();
    EXPECT_TRUE(plot.message().contains(QStringLiteral("working_set_bytes")));
    EXPECT_TRUE(itemTexts(plot.plot()).join(' ').contains(QStringLiteral("cannot")));
    test::render(plot);
}

TEST(BandwidthStaircase, PeakSharedMemoryAndSizesAreNamed) {
    test::app();
    PlaybackModel model;
    BandwidthStaircasePlot plot(&model);
    plot.resize(960, 560);
    model.setRun(test::prepared(test::bandwidthRun()));
    EXPECT_TRUE(plot.message().isEmpty()) << plot.message().toStdString();
    ASSERT_EQ(plot.plot()->graphCount(), 3);  // plain loads, ld.global.cg and the shared point
    EXPECT_EQ(plot.plot()->graph(0)->dataCount(), 17);  // 16 KiB .. 1 GiB
    EXPECT_EQ(plot.plot()->graph(1)->dataCount(), 17);
    EXPECT_TRUE(plot.plot()->graph(1)->name().contains(QStringLiteral("ld.global.cg")));
    const QStringList lines = plot.lineLabels();
    EXPECT_TRUE(lines.contains(QStringLiteral("HBM peak 3,352 GB/s (theoretical)")))
        << lines.join(" | ").toStdString();
    EXPECT_TRUE(lines.contains(QStringLiteral("shared memory: 26,500 GB/s")));
    const QStringList markers = plot.markerLabels();
    EXPECT_TRUE(markers.contains(QStringLiteral("L1 256\u00A0KiB per SM")));
    EXPECT_TRUE(markers.contains(QStringLiteral("L2 50\u00A0MiB")));
    EXPECT_GT(plot.plot()->yAxis->range().upper, 26500);
    test::render(plot);
    model.setRun(test::prepared(test::withBrokenTable(test::bandwidthRun(), "bandwidth")));
    EXPECT_TRUE(plot.message().startsWith(QStringLiteral("This run's table cannot be shown")));
    test::render(plot);
}

TEST(OccupancyPlot, TheModelsStretchesNameWhatLimitsThem) {
    test::app();
    PlaybackModel model;
    OccupancyPlot plot(&model);
    plot.resize(900, 520);
    model.setRun(test::prepared(test::localRun()));
    EXPECT_TRUE(plot.message().isEmpty()) << plot.message().toStdString();
    ASSERT_EQ(plot.plot()->graphCount(), 3);  // model, runtime, measured
    EXPECT_EQ(plot.plot()->graph(2)->dataCount(), 9);
    const QStringList limits = plot.limitLabels();
    EXPECT_TRUE(limits.contains(QStringLiteral("limited by threads")))
        << limits.join(" | ").toStdString();
    EXPECT_TRUE(limits.contains(QStringLiteral("limited by registers")));
    // 256 threads of 64 registers: 65536 / (64 * 256) = 4 blocks.
    const auto model64 = plot.plot()->graph(0)->data()->findBegin(64, false);
    EXPECT_EQ(model64->value, 4);
    EXPECT_TRUE(plot.titleText().contains(QStringLiteral("256 threads")));
    test::render(plot);
    model.setRun(test::prepared(test::latencyRun()));
    EXPECT_TRUE(plot.message().contains(QStringLiteral("local-memory")));
    test::render(plot);
}

TEST(OccupancyPlot, AgainstThreadsAndSharedMemoryForThreeOfTheSweepsCaps) {
    test::app();
    PlaybackModel model;
    OccupancyPlot plot(&model);
    plot.resize(900, 520);
    model.setRun(test::prepared(test::localRun()));
    plot.setAxis(OccupancyAxis::Threads);
    EXPECT_TRUE(plot.message().isEmpty()) << plot.message().toStdString();
    // The fewest (32), a middle (72) and the most (255) registers: a model
    // line and the measured point at the run's 256 threads each.
    ASSERT_EQ(plot.plot()->graphCount(), 6);
    EXPECT_EQ(plot.plot()->graph(0)->name(), QStringLiteral("model, 32 registers"));
    EXPECT_EQ(plot.plot()->graph(4)->name(), QStringLiteral("model, 255 registers"));
    // 32 registers: 1024 threads fill an SM twice (2048 threads); 256
    // threads eight times.
    EXPECT_EQ(plot.plot()->graph(0)->data()->findBegin(1024, false)->value, 2);
    EXPECT_EQ(plot.plot()->graph(0)->data()->findBegin(256, false)->value, 8);
    // 255 registers: one block of 256 threads (65,280 of 65,536 registers).
    EXPECT_EQ(plot.plot()->graph(4)->data()->findBegin(256, false)->value, 1);
    EXPECT_EQ(plot.plot()->graph(1)->data()->at(0)->key, 256);
    EXPECT_TRUE(plot.titleText().contains(QStringLiteral("against threads")));
    test::render(plot);

    plot.setAxis(OccupancyAxis::SharedMemory);
    ASSERT_EQ(plot.plot()->graphCount(), 6);
    // 32 registers and 256 threads: 100 KiB a block leaves room for 2 (with
    // the 1 KiB each block's system use takes, of 228 KiB).
    EXPECT_EQ(plot.plot()->graph(0)->data()->findBegin(100, false)->value, 2);
    EXPECT_EQ(plot.plot()->graph(1)->data()->at(0)->key, 0);
    test::render(plot);
    plot.setAxis(OccupancyAxis::Registers);
    EXPECT_EQ(plot.plot()->graphCount(), 3);
}

}  // namespace
}  // namespace ws
