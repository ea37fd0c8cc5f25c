// The launch tree, the managed pages and the figures, painted offscreen from
// hand-made runs and checked by their models and pixels.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <map>

#include "core/concurrency/concurrency_figures.h"
#include "core/concurrency/concurrency_tables.h"
#include "tests/widgets/concurrency/concurrency_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/concurrency/launch_tree_view.h"
#include "widgets/concurrency/operation_style.h"
#include "widgets/concurrency/operations_view.h"
#include "widgets/concurrency/pages_view.h"
#include "widgets/plots/figures_view.h"

namespace ws {
namespace {

template <typename View>
struct Shown {
    // The application exists before the first widget does.
    QApplication& app = test::app();
    PlaybackModel model;
    View view{&model};
    explicit Shown(const ws::Run& run, QSize size = {1000, 640}) {
        view.resize(size);
        model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
        model.setTime(model.duration());
    }
};

TEST(LaunchTreeView, GridsByDepthWithEdgesFromTheLaunchingBlock) {
    Shown<LaunchTreeView> s(test::dynamicRun());
    const LaunchTree& t = s.view.tree();
    ASSERT_EQ(t.rows.size(), 3u);
    EXPECT_EQ(t.rows[1].size(), 4u);
    const auto boxes = s.view.layout();
    // Children sit below the parent, the grandchild below its parent child.
    EXPECT_GT(boxes[1].box.top(), boxes[0].box.bottom());
    EXPECT_GT(boxes[5].box.top(), boxes[2].box.bottom());
    EXPECT_NEAR(boxes[5].box.center().x(), boxes[2].box.center().x(), 1);
    const QImage image = test::render(s.view);
    // Done blocks take their depth's colour.
    EXPECT_TRUE(
        test::anyNear(image, s.view.cellRect(boxes[0], 0).toRect(), opstyle::depthColour(0), 20));
    EXPECT_TRUE(
        test::anyNear(image, s.view.cellRect(boxes[5], 0).toRect(), opstyle::depthColour(2), 20));
    // A click on child 3's second block selects it.
    const QPointF cell = s.view.cellRect(boxes[3], 1).center();
    EXPECT_EQ(s.view.hitAt(cell), (std::pair<int, std::int64_t>{3, 1}));
}

TEST(LaunchTreeView, ANarrowBoxGivesSizeAndModeALineEach) {
    Shown<LaunchTreeView> s(test::dynamicRun(), {820, 640});
    const auto boxes = s.view.layout();
    const QFontMetrics fm(s.view.font());
    // "<<<2, 64>>> · fire-and-forget" is wider than a child's box here.
    ASSERT_GT(fm.horizontalAdvance(s.view.nodeDetail(1)), boxes[1].box.width() - 6);
    for (int launch : {0, 1, 4}) {
        const auto& b = boxes[std::size_t(launch)];
        EXPECT_EQ(b.textLines, 3) << launch;
        const QStringList lines = s.view.nodeLines(b, launch);
        ASSERT_EQ(lines.size(), 3) << launch;
        for (const QString& line : lines)
            EXPECT_FALSE(line.contains(QChar(0x2026))) << line.toStdString();  // no "…"
        EXPECT_EQ(lines[2], launch == 0 ? "host" : "fire-and-forget");
        EXPECT_LE(b.cells.top() - b.box.top(), b.box.height());
    }
    test::render(s.view);
    // Wide enough, the two share one line as before.
    Shown<LaunchTreeView> wide(test::dynamicRun(), {1600, 640});
    const auto wideBoxes = wide.view.layout();
    EXPECT_EQ(wideBoxes[1].textLines, 2);
    EXPECT_EQ(wide.view.nodeLines(wideBoxes[1], 1)[1], wide.view.nodeDetail(1));
}

// In a box too narrow for "<<<2, 256>>>", the shape loses its space before
// it loses its end: "<<<2,256>>>", not "<<<2,256>…".
TEST(LaunchTreeView, ALaunchShapeStaysWholeWhereASpaceLessFits) {
    Shown<LaunchTreeView> s(test::dynamicRun(), {820, 640});
    const QFontMetrics fm(s.view.font());
    const auto boxes = s.view.layout();
    const QString shape = s.view.nodeDetail(1).section(QStringLiteral(" · "), 0, 0);
    ASSERT_TRUE(shape.startsWith(QStringLiteral("<<<"))) << shape.toStdString();
    const QString tightShape = QString(shape).replace(QStringLiteral(", "), QStringLiteral(","));
    LaunchTreeView::NodeBox narrow = boxes[1];
    narrow.box.setWidth(fm.horizontalAdvance(tightShape) + 7);
    ASSERT_GT(fm.horizontalAdvance(shape), narrow.box.width() - 6);
    const QStringList lines = s.view.nodeLines(narrow, 1);
    ASSERT_EQ(lines.size(), 3);
    EXPECT_EQ(lines[1], tightShape);
}

TEST(LaunchTreeView, AlikeSiblingsTooNarrowForTheirTextShareOneCaption) {
    // Eight children in a 380-px tree, as in the concurrency dock: each box
    // read "child…" over "<<…".
    ws::Run run = test::dynamicRun();
    run.launches.resize(5);  // the parent and its four children
    for (std::uint32_t b = 0; b < 4; ++b) {
        Launch child = run.launches[1];
        child.parentBlock = b;
        run.launches.push_back(child);
    }
    for (std::uint32_t i = 1; i < run.launches.size(); ++i) run.launches[i].parentBlock = i - 1;
    run.launches[0].grid = {8, 1, 1};
    run.tables.clear();
    Shown<LaunchTreeView> s(run, {380, 400});
    ASSERT_EQ(s.view.tree().rows.size(), 2u);
    ASSERT_EQ(s.view.tree().rows[1].size(), 8u);
    const auto boxes = s.view.layout();
    const auto captions = s.view.rowCaptions(boxes);
    ASSERT_EQ(captions.size(), 1u);
    const auto& c = captions[0];
    EXPECT_EQ(c.launches.size(), 8u);
    ASSERT_FALSE(c.lines.isEmpty());
    EXPECT_EQ(c.lines[0], QString("8 × childAddsOne"));
    if (c.lines.size() > 1) EXPECT_EQ(c.lines[1], s.view.nodeDetail(1));
    // It spans the row's boxes and stays above their block strips.
    EXPECT_LE(c.box.left(), boxes[1].box.left() + 0.5);
    EXPECT_GE(c.box.right(), boxes[8].box.right() - 0.5);
    for (int launch : c.launches)
        EXPECT_LE(c.box.bottom(), boxes[std::size_t(launch)].cells.top() + 0.5) << launch;
    test::render(s.view);
    // Wide enough for each box's own text, no caption; nor for siblings unlike.
    Shown<LaunchTreeView> wide(run, {1800, 400});
    EXPECT_TRUE(wide.view.rowCaptions(wide.view.layout()).empty());
    run.launches[3].kernel = "otherChild";
    Shown<LaunchTreeView> mixed(run, {380, 400});
    EXPECT_TRUE(mixed.view.rowCaptions(mixed.view.layout()).empty());
}

TEST(LaunchTreeView, TooltipsNameLaunchesFromOneAsTheOtherViewsDo) {
    Shown<LaunchTreeView> s(test::dynamicRun());
    const ws::Run& run = *s.model.run();
    ASSERT_EQ(run.launches[5].parentLaunch, 2);
    EXPECT_TRUE(s.view.nodeTooltip(0).startsWith("launch 1: "))
        << s.view.nodeTooltip(0).toStdString();
    const QString child = s.view.nodeTooltip(5);
    EXPECT_TRUE(child.startsWith("launch 6: ")) << child.toStdString();
    EXPECT_TRUE(child.contains(
        QString("launched by block %1 of launch 3,").arg(run.launches[5].parentBlock)))
        << child.toStdString();
}

TEST(LaunchTreeView, InconsistentRecordsAreReportedNotDrawn) {
    ws::Run run = test::dynamicRun();
    run.launches[5].depth = 7;
    Shown<LaunchTreeView> s(run);
    EXPECT_TRUE(s.view.tree().nodes.empty());
    EXPECT_TRUE(s.view.layout().empty());
    test::render(s.view);  // paints the message, no crash
}

TEST(PagesView, BinsTurnBlueAsTheyArriveAndTheStripFollowsThePlayhead) {
    Shown<PagesView> s(test::unifiedRun());
    ASSERT_TRUE(s.view.problem().isEmpty()) << s.view.problem().toStdString();
    const ManagedPages& pages = s.view.pages();
    ASSERT_EQ(pages.arrays.size(), 3u);
    EXPECT_EQ(pages.arrays[0].binBytes, 4096u);  // 64 KiB in 16 bins of one page
    const QColor device(QRgb(0x0072B2)), host(QRgb(0xE69F00)), untouched(QRgb(0xE4E4E4));
    // Mid-run: a's first quarter arrived at 1900 ns, its last quarter not yet.
    s.model.setTime(3500);
    QImage image = test::render(s.view);
    const QRectF strip = s.view.nowStripRect();
    auto stripCell = [&](std::size_t a, std::uint32_t bin) {
        const QRectF r = s.view.binRect(a, bin);
        return QRect(int(strip.left()) + 2, int(r.top()) + 1, int(strip.width()) - 4,
                     std::max(1, int(r.height()) - 2));
    };
    EXPECT_TRUE(test::anyNear(image, stripCell(0, 0), device, 10));
    EXPECT_TRUE(test::anyNear(image, stripCell(0, 15), host, 10));
    EXPECT_TRUE(test::anyNear(image, stripCell(2, 15), untouched, 6));
    // At the end every page of every array is on the GPU.
    s.model.setTime(s.model.duration());
    image = test::render(s.view);
    for (std::size_t a = 0; a < 3; ++a) {
        EXPECT_TRUE(test::anyNear(image, stripCell(a, 15), device, 10)) << "array " << a;
        EXPECT_FALSE(test::anyNear(image, stripCell(a, 15), host, 10)) << "array " << a;
    }
    EXPECT_EQ(s.view.hitAt(s.view.binRect(1, 4).center()), (std::pair<int, int>{1, 4}));
}

TEST(PagesView, PagesWrittenWithoutARecordArePopulatedWhenTheirBlocksRun) {
    // As in the recorded runs: CUPTI reports no transfer for c's pages (they
    // are populated where the kernel writes them) and no fault group for
    // most of them. The blocks that wrote them say when.
    ws::Run run = test::unifiedRun();
    RecordTable* transfers = nullptr;
    for (RecordTable& t : run.tables)
        if (t.name == tables::kManagedTransfers) transfers = &t;
    ASSERT_NE(transfers, nullptr);
    const auto op = *transfers->get<std::uint32_t>("operation");
    const auto array = *transfers->get<std::uint32_t>("array");
    const auto offset = *transfers->get<std::uint64_t>("offset");
    std::vector<std::uint32_t> keptOp, keptArray;
    std::vector<std::uint64_t> keptOffset;
    for (std::size_t r = 0; r < op.size(); ++r)
        if (array[r] != 2 || offset[r] == 0) {  // of c, only the first page's fault group
            keptOp.push_back(op[r]);
            keptArray.push_back(array[r]);
            keptOffset.push_back(offset[r]);
        }
    transfers->add<std::uint32_t>("operation") = keptOp;
    transfers->add<std::uint32_t>("array") = keptArray;
    transfers->add<std::uint64_t>("offset") = keptOffset;
    Shown<PagesView> s(run);
    ASSERT_TRUE(s.view.problem().isEmpty()) << s.view.problem().toStdString();
    const ManagedArrayPages& c = s.view.pages().arrays[2];
    const double end = s.model.duration();
    for (std::uint32_t bin = 0; bin < c.bins; ++bin) {
        EXPECT_TRUE(c.touchedAt(bin, end)) << "bin " << bin;
        EXPECT_DOUBLE_EQ(c.deviceFractionAt(bin, end), 1.0) << "bin " << bin;
        // Not before its first block started.
        if (bin > 0) EXPECT_FALSE(c.touchedAt(bin, c.firstBlockNs[bin] - 1)) << "bin " << bin;
    }
    // The first page keeps its fault group's time.
    EXPECT_LT(c.changes[0].front().startNs, c.firstBlockNs[1]);
    const QColor device(QRgb(0x0072B2));
    const QImage image = test::render(s.view);
    const QRectF strip = s.view.nowStripRect();
    const QRectF last = s.view.binRect(2, c.bins - 1);
    EXPECT_TRUE(test::anyNear(image,
                              QRect(int(strip.left()) + 2, int(last.top()) + 1,
                                    int(strip.width()) - 4, std::max(1, int(last.height()) - 2)),
                              device, 10));
}

TEST(PagesView, TheAxisFramesThePagesRecordsNotTheSetUp) {
    ws::Run run = test::unifiedRun();
    HostCallRecords& h = run.hostCalls;
    h.names = {"cudaEventCreate"};
    h.name = {0};
    h.thread = {0};
    h.startNs = {run.launches[0].blocks.startNs[0] - 3'000'000};
    h.endNs = {h.startNs[0] + 5000};
    h.correlation = {1};
    Shown<PagesView> s(run);
    const ManagedPages& pages = s.view.pages();
    const TimelineData& d = s.view.data();
    // The call 3 ms before is not part of the run's span, nor of the axis.
    EXPECT_GT(s.model.prepared()->origin, h.startNs[0]);
    EXPECT_GE(d.fullStart, 0);
    EXPECT_LE(d.fullStart, pages.firstNs);
    EXPECT_GE(d.fullEnd, pages.lastNs);
    EXPECT_LT(pages.firstNs - d.fullStart, 0.05 * (d.fullEnd - d.fullStart));
}

// In a laptop's short dock the bands are thinner than two lines: the size
// under each array's name lay on the next array's name.
TEST(PagesView, ArrayNamesAndSizesNeverLieOnEachOther) {
    for (const int height : {220, 600}) {
        SCOPED_TRACE(height);
        Shown<PagesView> s(test::unifiedRun(), {500, height});
        s.view.setAttribute(Qt::WA_DontShowOnScreen);
        s.view.show();
        QCoreApplication::processEvents();
        const auto texts = test::probeText(&s.view);
        for (const auto& [a, b] : test::overlappingTexts(texts, 0.0))
            ADD_FAILURE() << "'" << a.text.toStdString() << "' on '" << b.text.toStdString() << "'";
    }
}

TEST(PagesView, ARunWithoutManagedMemorySaysSo) {
    Shown<PagesView> s(test::streamsRun(1, 2));
    EXPECT_TRUE(s.view.pages().arrays.empty());
    EXPECT_FALSE(s.view.problem().isEmpty());
    test::render(s.view);
}

TEST(ConcurrencyFigures, ChartsPerExperimentWithTheRunOnShowMarked) {
    const auto um = concurrencyCharts(test::unifiedRun());
    ASSERT_EQ(um.size(), 2u);
    EXPECT_EQ(um[0].bars.front().label, "first touch on the GPU");
    EXPECT_TRUE(um[0].bars.front().highlighted);
    EXPECT_NE(um[0].caption.find("110 %"), std::string::npos) << um[0].caption;
    const auto dp = concurrencyCharts(test::dynamicRun());
    ASSERT_EQ(dp.size(), 1u);
    ASSERT_EQ(dp[0].bars.size(), 3u);
    EXPECT_DOUBLE_EQ(dp[0].bars[0].low, 5.2);
    EXPECT_DOUBLE_EQ(dp[0].bars[0].high, 8.0);
    EXPECT_TRUE(concurrencyCharts(ws::Run{}).empty());
}

// Runs without charts of their own drew every figure on one axis: an index
// of 1657 beside 0.018 ms and a ratio of 103, counts as "6.00".
TEST(ConcurrencyFigures, OtherRunsGetAChartPerKindOfFigure) {
    ws::Run argmin;
    argmin.experiment = "argmin";
    argmin.figures = {{"blocksLowered", 2},     {"cpuIndex", 1657},    {"cpuOverGpuEndToEnd", 103},
                      {"gpuEndToEndMs", 0.018}, {"minimumCount", 120}, {"stepsPerUs", 3.5}};
    const auto charts = concurrencyCharts(argmin);
    std::map<std::string, std::vector<std::string>> labels;
    for (const auto& c : charts)
        for (const auto& b : c.bars) labels[c.title].push_back(b.label);
    EXPECT_EQ(labels["Times (ms)"], (std::vector<std::string>{"gpu end to end"}));
    EXPECT_EQ(labels["Ratios (×)"], (std::vector<std::string>{"cpu over gpu end to end"}));
    EXPECT_EQ(labels["Counts"], (std::vector<std::string>{"blocks lowered", "minimum count"}));
    EXPECT_EQ(labels["Rates"], (std::vector<std::string>{"steps per us"}));
    EXPECT_EQ(labels.size(), 4u);  // the index is no bar
    ASSERT_FALSE(charts.empty());
    EXPECT_NE(charts.front().caption.find("cpu index = 1657"), std::string::npos)
        << charts.front().caption;
    ws::Run add;
    add.experiment = "vector-add";
    add.figures = {{"extraThreads", 1}, {"overruns", 1}, {"threads", 6}};
    Shown<FiguresView> s(add, {700, 400});
    ASSERT_EQ(s.view.charts().size(), 1u);
    EXPECT_EQ(s.view.charts()[0].title, "Counts");
    EXPECT_EQ(s.view.valueLabels(), (QStringList{"1", "1", "6"}));
}

TEST(FiguresView, BarsWithTheirValues) {
    Shown<FiguresView> s(test::dynamicRun(), {800, 500});
    ASSERT_EQ(s.view.charts().size(), 1u);
    EXPECT_EQ(s.view.valueLabels(), (QStringList{"6.10 µs", "3.40 µs", "4.00 µs"}));
    const QImage image = test::render(s.view);
    EXPECT_TRUE(test::anyNear(image, image.rect(), QColor(QRgb(0x0072B2)), 10));
}

// In a laptop's dock the titles were cut hard ("above the SMs' bl", "over
// t"): each ends inside its view, in "…" where it must.
TEST(ConcurrencyViews, TitlesEndInsideANarrowView) {
    test::app();
    auto titlesFit = [](QWidget& view) {
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
        view.resize(280, 400);
        QCoreApplication::processEvents();
        int titles = 0;
        for (const auto& t : test::probeText(&view))
            if (t.box.top() < 12) {
                ++titles;
                EXPECT_LE(t.box.right(), view.width() - 4) << t.text.toStdString();
            }
        EXPECT_GT(titles, 0);
    };
    Shown<OperationsView> ops(test::streamsRun(2, 4));
    titlesFit(ops.view);
    Shown<LaunchTreeView> tree(test::dynamicRun());
    titlesFit(tree.view);
    Shown<PagesView> pages(test::unifiedRun());
    titlesFit(pages.view);
}

}  // namespace
}  // namespace ws
