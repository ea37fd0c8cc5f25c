// The painted views of the memory kinds lab and its bars: L2 distance per
// SM by pixels, the constant cache's passes against the playback time, the
// texture paths and local-memory variants with what was recorded; each
// without its table or with a broken one says so in a line.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "core/memkinds/constant_broadcast.h"
#include "tests/widgets/memkinds/memkinds_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/memkinds/constant_broadcast_view.h"
#include "widgets/memkinds/l2_distance_view.h"
#include "widgets/memkinds/local_memory_plot.h"
#include "widgets/memkinds/texture_paths_plot.h"

namespace ws {
namespace {

QString paintedText(QWidget& w) {
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.show();
    QString all;
    for (const auto& t : test::probeText(&w)) all += t.text + QLatin1Char('\n');
    return all;
}

TEST(L2Distance, TilesColouredByLatencyAndThePartitionsNamed) {
    test::app();
    PlaybackModel model;
    L2DistanceView view(&model);
    view.resize(960, 640);
    model.setRun(test::prepared(test::l2Run()));
    EXPECT_TRUE(view.message().isEmpty()) << view.message().toStdString();
    ASSERT_EQ(view.tileCount(), 132);
    ASSERT_TRUE(view.split().split);
    EXPECT_EQ(view.split().nearSms.size(), 68u);  // ids / 8 even: 0-7, 16-23, ... 128-131
    EXPECT_EQ(view.split().farSms.size(), 64u);
    const QStringList parts = view.partitionTexts();
    ASSERT_EQ(parts.size(), 2);
    EXPECT_TRUE(parts[0].startsWith(QStringLiteral("near partition: 68 SMs, 2")))
        << parts[0].toStdString();
    EXPECT_TRUE(parts[1].startsWith(QStringLiteral("far partition: 64 SMs, 26")))
        << parts[1].toStdString();
    // The slowest SM (ids % 5 == 4 among the far ones: SM 9) against the
    // fastest (SM 0), as filled and as painted.
    EXPECT_NE(view.fillOf(9), view.fillOf(0));
    const QImage image = test::render(view);
    auto centreOf = [&](std::uint32_t sm) {
        // Below the id in the tile's top-left, left of its number.
        const QRectF r = view.tileRect(int(sm));
        return QPoint(int(r.left() + 6), int(r.bottom() - 5));
    };
    EXPECT_TRUE(test::near(image.pixelColor(centreOf(0)), view.fillOf(0), 3));
    EXPECT_TRUE(test::near(image.pixelColor(centreOf(9)), view.fillOf(9), 3));
    EXPECT_FALSE(test::near(image.pixelColor(centreOf(0)), image.pixelColor(centreOf(9)), 20));
    EXPECT_EQ(view.toolTipOf(9),
              QStringLiteral("SM 9: 264 cycles, 150 ns per load\nfar partition"));
    const QString painted = paintedText(view);
    EXPECT_TRUE(painted.contains(parts[0])) << painted.toStdString();
}

TEST(L2Distance, OneLevelWhenTheLatenciesDoNotSplit) {
    test::app();
    PlaybackModel model;
    L2DistanceView view(&model);
    view.resize(700, 480);
    model.setRun(test::prepared(test::l2Run(false)));
    ASSERT_EQ(view.partitionTexts().size(), 1);
    EXPECT_TRUE(view.partitionTexts()[0].startsWith(QStringLiteral("one level: 132 SMs")));
    test::render(view);
}

TEST(L2Distance, SaysWhatIsMissingOrWrong) {
    test::app();
    PlaybackModel model;
    L2DistanceView view(&model);
    view.resize(600, 400);
    model.setRun(test::prepared(test::latencyRun()));
    EXPECT_TRUE(view.message().contains(QStringLiteral("l2-distance")));
    EXPECT_TRUE(paintedText(view).contains(QStringLiteral("l2-distance")));
    model.setRun(test::prepared(test::withBrokenTable(test::l2Run(), "l2-distance")));
    EXPECT_TRUE(view.message().startsWith(QStringLiteral("This run's table cannot be shown")));
    EXPECT_EQ(view.tileCount(), 0);
    test::render(view);
}

TEST(ConstantBroadcast, OnePassPerDistinctIndexPlayedWithTheTime) {
    test::app();
    PlaybackModel model;
    ConstantBroadcastView view(&model);
    view.resize(1200, 520);
    for (std::uint32_t d : memkinds::distinctCounts()) {
        SCOPED_TRACE(d);
        model.setRun(test::prepared(test::constantRun(d)));
        EXPECT_TRUE(view.message().isEmpty()) << view.message().toStdString();
        EXPECT_EQ(view.distinct(), d);
        EXPECT_EQ(view.passes(), d);
        EXPECT_EQ(view.passWords().size(), d);
        EXPECT_EQ(view.sectors(), d);
        model.setTime(0);
        EXPECT_EQ(view.currentPass(), 0u);
        model.setTime(model.duration() * 0.999);
        EXPECT_EQ(view.currentPass(), d - 1);
        test::render(view);
    }
    model.setRun(test::prepared(test::constantRun(4)));
    EXPECT_EQ(view.headline(),
              QStringLiteral("4 distinct indices: 4 passes; global: 4 sectors in one request"));
    model.setTime(model.duration() * 0.3);  // the second pass of four
    EXPECT_EQ(view.currentPass(), 1u);
    EXPECT_EQ(view.passText(), QStringLiteral("pass 2 of 4: lanes 1, 5, 9 … 29 read word 8"));
    EXPECT_EQ(view.chart()->graphCount(), 3);  // constant, global, __ldg
    const QString painted = paintedText(view);
    EXPECT_TRUE(painted.contains(QStringLiteral("pass 2 of 4"))) << painted.toStdString();
    // The lanes the pass at work serves are lit: lane 1 orange, lane 0 served already.
    model.setRun(test::prepared(test::constantRun(1)));
    EXPECT_EQ(
        view.headline(),
        QStringLiteral("1 distinct index: 1 pass (a broadcast); global: 1 sector in one request"));
    EXPECT_EQ(view.passText(), QStringLiteral("pass 1 of 1: all 32 lanes read word 0"));
}

TEST(ConstantBroadcast, SaysWhatIsMissingOrWrong) {
    test::app();
    PlaybackModel model;
    ConstantBroadcastView view(&model);
    view.resize(800, 400);
    EXPECT_TRUE(view.message().contains(QStringLiteral("constant-memory")));
    model.setRun(test::prepared(test::withBrokenTable(test::constantRun(), "constant")));
    EXPECT_TRUE(view.message().startsWith(QStringLiteral("This run's table cannot be shown")));
    EXPECT_TRUE(view.lanes()->isHidden());
    EXPECT_TRUE(paintedText(view).contains(QStringLiteral("cannot be shown")));
}

TEST(TexturePaths, ThreeBarsAndTheRecordedPathLit) {
    test::app();
    PlaybackModel model;
    TexturePathsPlot plot(&model);
    plot.resize(700, 460);
    model.setRun(test::prepared(test::textureRun("ldg")));
    ASSERT_EQ(plot.bars().size(), 3u);
    EXPECT_FALSE(plot.bars()[0].recorded);
    EXPECT_TRUE(plot.bars()[2].recorded);
    EXPECT_EQ(plot.bars()[2].name, QStringLiteral("__ldg"));
    const QStringList labels = plot.valueLabels();
    ASSERT_EQ(labels.size(), 3);
    EXPECT_TRUE(labels[0].startsWith(QStringLiteral("0.094 ms\n1,428 GB/s")))
        << labels[0].toStdString();
    EXPECT_TRUE(plot.titleText().contains(QStringLiteral("4096 × 4096 window turned 30°")));
    // Two sets of bars: the timed paths and the recorded one in its colour.
    EXPECT_EQ(plot.plot()->plottableCount(), 2);
    test::render(plot);
    model.setRun(test::prepared(test::localRun()));
    EXPECT_TRUE(plot.message().contains(QStringLiteral("texture")));
    EXPECT_TRUE(plot.bars().empty());
    test::render(plot);
}

TEST(LocalMemory, EachVariantWithItsRegistersAndLocalBytes) {
    test::app();
    PlaybackModel model;
    LocalMemoryPlot plot(&model);
    plot.resize(900, 460);
    model.setRun(test::prepared(test::localRun("spilled")));
    ASSERT_EQ(plot.bars().size(), 3u);
    EXPECT_TRUE(plot.bars()[2].recorded);
    const QString labels = plot.valueLabels().join(QLatin1Char('|'));
    EXPECT_TRUE(labels.contains(QStringLiteral("40 registers, 0 B local per thread")))
        << labels.toStdString();
    EXPECT_TRUE(labels.contains(QStringLiteral("38 registers, 128 B local per thread")));
    test::render(plot);
    model.setRun(test::prepared(test::withBrokenTable(test::localRun(), "local")));
    EXPECT_TRUE(plot.message().startsWith(QStringLiteral("This run's table cannot be shown")));
    test::render(plot);
}

}  // namespace
}  // namespace ws
