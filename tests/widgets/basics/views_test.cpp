// The lab's views painted offscreen from hand-built runs: what they read,
// where they draw it, and that a click selects and highlights across views.
// With WS_BASICS_SHOTS set to a folder, each view is also saved as a PNG.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QApplication>
#include <QMouseEvent>
#include <algorithm>
#include <cstdlib>

#include "core/trace/trace_io.h"
#include "tests/widgets/basics/basics_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/basics/bandwidth_plot.h"
#include "widgets/basics/cpu_gpu_plot.h"
#include "widgets/basics/greetings_view.h"
#include "widgets/basics/indexing_view.h"
#include "widgets/basics/sass_view.h"
#include "widgets/reduction/warp_view.h"
#include "widgets/timeline/device_view.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

void click(QWidget& w, QPoint at) {
    QMouseEvent press(QEvent::MouseButtonPress, QPointF(at), w.mapToGlobal(QPointF(at)),
                      Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &press);
}

QImage shot(QWidget& w, const char* name) {
    const QImage img = test::render(w);
    if (const char* dir = std::getenv("WS_BASICS_SHOTS"))
        img.save(QString("%1/%2.png").arg(dir, name));
    return img;
}

TEST(GreetingsView, WarpsInPrintedOrderAndLinesThatSelect) {
    test::app();
    PlaybackModel model;
    GreetingsView view(&model);
    view.resize(900, 600);
    model.setRun(test::prepared(test::helloRun()));
    model.setTime(model.duration());
    ASSERT_EQ(view.launchCount(), 2);
    ASSERT_EQ(view.warpOrderOf(0).size(), 4u);
    EXPECT_EQ(view.warpOrderOf(0)[0], (WarpId{1, 0}));
    EXPECT_EQ(view.warpOrderOf(1)[0], (WarpId{0, 0}));
    EXPECT_NE(view.caption().indexOf("launch 2 put 4 of 4 warps in another place"), -1)
        << view.caption().toStdString();
    const QImage img = shot(view, "greetings");
    // The first chip of launch 1 is block 1's colour.
    const QRectF chip = view.chipRect(0, 0);
    EXPECT_TRUE(
        test::anyNear(img, chip.toRect().adjusted(3, 3, -3, -3), palette::categorical(1), 20));
    // Clicking the third printed line selects block 1 and highlights thread 2's lane.
    click(view, view.lineRect(2).center().toPoint());
    EXPECT_EQ(model.highlight().block, 1);
    EXPECT_EQ(model.highlight().lane, 2);
    ASSERT_TRUE(model.selected().valid());
    EXPECT_EQ(model.prepared()->launch(0)->blocks.block[std::size_t(model.selected().record)], 1u);
}

TEST(GreetingsView, LinesThatDoNotFitAreCountedNotCut) {
    test::app();
    PlaybackModel model;
    GreetingsView view(&model);
    model.setRun(test::prepared(test::helloRun()));
    const std::size_t lines = view.greetings(0).size();
    view.resize(700, 420);
    ASSERT_LT(view.linesShown(), lines);
    for (std::size_t line = 0; line < view.linesShown(); ++line)
        EXPECT_LE(view.lineRect(line).right(), view.width()) << line;
    const QImage img = shot(view, "greetings-cut");
    EXPECT_FALSE(img.isNull());
    view.resize(2400, 1400);
    EXPECT_EQ(view.linesShown(), lines);
}

TEST(IndexingView, TheSeedsExtraThreadIsMaskedOrCaught) {
    test::app();
    for (bool check : {true, false}) {
        PlaybackModel model;
        IndexingView view(&model);
        WarpView warps(&model);
        view.resize(900, 340);
        warps.resize(600, 200);
        model.setRun(test::prepared(test::vectorAddRun(check)));
        ASSERT_EQ(view.problem(), QString());
        EXPECT_EQ(view.firstThread(), 0u);
        EXPECT_GE(view.columns(), 6);
        EXPECT_TRUE(view.recorded(5));
        const QImage img = shot(view, check ? "indexing" : "indexing-no-check");
        // Column 5 is thread 2 of block 1: its c cell is masked or vermillion.
        const QRect c5 = view.cellRect(5, 6).toRect().adjusted(3, 3, -3, -3);
        EXPECT_EQ(test::anyNear(img, c5, QColor(QRgb(0xD55E00)), 20), !check);
        EXPECT_TRUE(test::anyNear(img, view.cellRect(0, 6).toRect().adjusted(3, 3, -3, -3),
                                  QColor(QRgb(0x009E73)), 20));
        click(view, view.cellRect(4, 2).center().toPoint());
        EXPECT_EQ(model.highlight().block, 1);
        EXPECT_EQ(model.highlight().lane, 1);
        EXPECT_EQ(model.highlight().item, 4);
        EXPECT_TRUE(model.selected().valid());
    }
}

TEST(IndexingView, TheOverrunColumnShowsWholeAtAnyWidth) {
    // Presentation-sized text: at half the screen not every column fits, and
    // the column of the thread that wrote past the end is the one to keep;
    // its value (the guard zone's canary, ten digits) is never cut.
    test::app();
    for (int width : {1400, 900, 700, 560}) {
        SCOPED_TRACE(width);
        PlaybackModel model;
        IndexingView view(&model);
        QFont big = view.font();
        big.setPixelSize(24);
        view.setFont(big);
        view.resize(width, 480);
        model.setRun(test::prepared(test::vectorAddRun(false)));
        model.setTime(model.duration());
        ASSERT_EQ(view.problem(), QString());
        const std::uint64_t first = view.firstThread();
        ASSERT_LE(first, 5u);
        ASSERT_GT(first + std::uint64_t(view.columns()), 5u) << "the overrun column is cut off";
        const int column = int(5 - first);
        const QRectF c5 = view.cellRect(column, 6);
        const QFontMetrics fm(big);
        const int value = fm.horizontalAdvance(QString::number(kCanary + kCanary));
        EXPECT_GE(c5.width() - 2, value);
        EXPECT_LE(c5.right(), width);
        // The ordinary columns keep their width: only the overrun widens.
        if (column > 0) EXPECT_LT(view.cellRect(column - 1, 6).width(), c5.width());
        const QImage img = test::render(view);
        EXPECT_TRUE(
            test::anyNear(img, c5.toRect().adjusted(3, 3, -3, -3), QColor(QRgb(0xD55E00)), 20));
    }
}

TEST(SassView, ExtraInstructionsOfMul24AreMarked) {
    test::app();
    PlaybackModel model;
    SassView view(&model);
    view.resize(900, 420);
    model.setRun(test::prepared(test::set0Run()));
    ASSERT_EQ(view.mul24().instructions.size(), 6u);
    ASSERT_EQ(view.multiply().instructions.size(), 5u);
    EXPECT_TRUE(view.differs(true, 2));   // SGXT
    EXPECT_FALSE(view.differs(true, 3));  // IMAD in both
    EXPECT_FALSE(view.differs(false, 2));
    EXPECT_NE(view.timesText().indexOf("__mul24 0.6370 ms"), -1) << view.timesText().toStdString();
    const QImage img = shot(view, "sass");
    EXPECT_TRUE(test::anyNear(img, QRect(0, 0, 450, 420), QColor(QRgb(0xF0E442)), 10));
}

// Texts a visible view paints, joined (the probe reads shown widgets only).
QString paintedText(QWidget& view) {
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    QString all;
    for (const auto& t : test::probeText(&view)) all += t.text + QLatin1Char('\n');
    return all;
}

// On a 1024-pixel projector the two listings' headings ran together ("17
// instructio plain multiply") and the times' third line was cut: the
// headings shorten to fit their halves, the times take the lines they need.
TEST(SassView, HeadingsAndTimesFitANarrowView) {
    test::app();
    PlaybackModel model;
    SassView view(&model);
    model.setRun(test::prepared(test::set0Run()));
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    for (const int width : {420, 560, 900}) {
        view.resize(width, 420);
        const auto texts = test::probeText(&view);
        for (const auto& [a, b] : test::overlappingTexts(texts, 0.0))
            ADD_FAILURE() << width << ": '" << a.text.toStdString() << "' and '"
                          << b.text.toStdString() << "'";
        for (const auto& t : texts)
            if (t.text.contains(QStringLiteral("instr")))
                EXPECT_LE(t.box.width(), width / 2) << t.text.toStdString();
    }
}

// A window of a few threads of many read as all there was: the view says
// which threads it shows and how to reach the others; it says nothing where
// every thread is in view.
TEST(IndexingView, SaysWhichThreadsItShowsWhereNotAll) {
    test::app();
    PlaybackModel model;
    IndexingView view(&model);
    model.setRun(test::prepared(test::vectorAddRun(true)));
    view.resize(300, 340);
    const QString narrow = paintedText(view);
    EXPECT_TRUE(narrow.contains(QStringLiteral("the wheel scrolls"))) << narrow.toStdString();
    EXPECT_TRUE(narrow.contains(QStringLiteral(" of 6: "))) << narrow.toStdString();  // 2 x 3
    view.resize(1600, 340);
    EXPECT_FALSE(paintedText(view).contains(QStringLiteral("the wheel scrolls")));
}

TEST(WarpView, AOneStepKernelIsNotCountedAsStepZeroOfZero) {
    test::app();
    PlaybackModel model;
    WarpView warps(&model);
    warps.resize(700, 240);
    // The bundled recording: block 0 traced, its one step the load and store.
    const char* src = std::getenv("WARPSCOPE_SOURCE_DIR");
    auto run =
        loadTrace(std::string(src ? src : ".") + "/resources/traces/vector-add__n-7.wstrace");
    ASSERT_TRUE(run.ok()) << run.error();
    model.setRun(prepareRun(std::make_shared<const ws::Run>(std::move(*run))));
    model.setSelected({0, 0});
    const QString text = paintedText(warps);
    EXPECT_FALSE(text.contains(QStringLiteral("of 0"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("1 warps"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("traced lanes active"))) << text.toStdString();
}

TEST(DeviceView, UnitsAreNamedAndTheBarsScaleSaid) {
    test::app();
    PlaybackModel model;
    DeviceView view(&model);
    view.resize(1400, 800);
    model.setRun(test::prepared(test::set0Run()));
    const QString text = paintedText(view);
    EXPECT_TRUE(text.contains(QStringLiteral("bytes of shared memory"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("log scale"))) << text.toStdString();
}

// In a laptop's dock, 400 px wide, each printed line was cut at "(warp 1,
// lane": the listing's font shrinks until a line is whole, and every chip
// keeps its "b0 w1".
TEST(GreetingsView, PrintedLinesAndChipLabelsAreWholeInANarrowDock) {
    test::app();
    PlaybackModel model;
    GreetingsView view(&model);
    model.setRun(test::prepared(test::helloRun()));
    for (const int width : {400, 1200}) {
        SCOPED_TRACE(width);
        view.resize(width, 700);
        const QString painted = paintedText(view);
        int lines = 0, chips = 0;
        for (const auto& t : test::probeText(&view)) {
            if (t.text.startsWith(QStringLiteral("Hello from block"))) {
                ++lines;
                EXPECT_LE(t.box.right(), view.width()) << t.text.toStdString();
            }
            if (t.text.startsWith('b') && t.text.contains(QStringLiteral(" w"))) ++chips;
        }
        EXPECT_GT(lines, 3);
        EXPECT_EQ(chips, 8) << painted.toStdString();  // 4 warps (2 blocks of 40), 2 launches
        if (width == 1200) EXPECT_EQ(view.listingFont().pointSizeF(), view.font().pointSizeF());
    }
}

// In a lesson's half of a 1920-pixel screen the facts beside the SMs were cut
// hard ("Memory, nearest first (bandwidth bars o", "3352 GB/s theoretica"):
// the SMs give the facts room, and what is still too long ends in "…".
TEST(DeviceView, TheFactsBesideTheSmsAreWholeOrEndInAnEllipsis) {
    test::app();
    PlaybackModel model;
    DeviceView view(&model);
    model.setRun(test::prepared(test::set0Run()));
    for (const int width : {1400, 720, 480}) {
        SCOPED_TRACE(width);
        view.resize(width, 600);
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
        const auto facts = view.factLines();
        ASSERT_FALSE(facts.empty());
        std::vector<QString> painted;
        for (const auto& t : test::probeText(&view)) {
            painted.push_back(t.text);
            // Each text inside the view: a line cut by its box ran on past it.
            EXPECT_LE(t.box.right(), view.width() - 4) << t.text.toStdString();
        }
        // Whole, or without its detail ("(64 warps)"): a line gives up its
        // detail before its value, which only a dock narrower than any
        // slide's pane may still shorten.
        for (const auto& f : facts) {
            const QString whole = f.text + f.detail;
            const bool shown = std::any_of(painted.begin(), painted.end(), [&](const QString& t) {
                return t == whole || t == f.text ||
                       (width < 720 && t.endsWith(QChar(0x2026)) && whole.startsWith(t.chopped(1)));
            });
            EXPECT_TRUE(shown) << whole.toStdString();
        }
        if (width >= 720) {
            // There the headings fit whole.
            for (const auto& f : facts)
                if (f.heading)
                    EXPECT_TRUE(std::find(painted.begin(), painted.end(), f.text + f.detail) !=
                                painted.end())
                        << f.text.toStdString();
        }
    }
}

TEST(DeviceView, ResidentBlocksAndTheDevicesRow) {
    test::app();
    PlaybackModel model;
    DeviceView view(&model);
    view.resize(1100, 700);
    model.setRun(test::prepared(test::set0Run()));
    // Blocks b start at 100 b ns after the origin and last 2000 ns, on SM 2b.
    EXPECT_EQ(view.residentAt(0, 50), 1);
    EXPECT_EQ(view.residentAt(2, 50), 0);
    EXPECT_EQ(view.residentAt(2, 150), 1);
    EXPECT_EQ(view.residentAt(0, 2050), 0);
    EXPECT_EQ(view.smCount(), 132);
    model.setTime(500);
    const QImage img = shot(view, "device");
    EXPECT_TRUE(test::anyNear(img, view.smRect(0).toRect().adjusted(2, 2, -2, -2),
                              palette::stateColour(BlockState::Running), 10));
    EXPECT_FALSE(test::anyNear(img, view.smRect(1).toRect().adjusted(2, 2, -2, -2),
                               palette::stateColour(BlockState::Running), 10));
    ASSERT_GE(view.highlightedRow(), 0);
    EXPECT_TRUE(test::anyNear(img, view.tableArea(), palette::selection(), 10));
}

// The latency note, whose text is the floor's, wrapped or not.
QCPItemText* floorNote(BandwidthPlot& plot) {
    QCustomPlot* p = plot.plot();
    for (int i = 0; i < p->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(p->item(i));
            t && QString(t->text()).replace('\n', ' ') == plot.floorText())
            return t;
    return nullptr;
}

TEST(BandwidthPlot, SeriesLinkAndLatencyFloor) {
    test::app();
    PlaybackModel model;
    BandwidthPlot plot(&model);
    plot.resize(900, 520);
    model.setRun(test::prepared(test::bandwidthRun()));
    EXPECT_EQ(plot.curveCount(), 6);
    EXPECT_EQ(plot.linkText(), "PCIe Gen5 x16: 63.0 GB/s per direction (64 raw)");
    EXPECT_NE(plot.floorText().indexOf("10.0 µs"), -1) << plot.floorText().toStdString();
    EXPECT_TRUE(plot.plot()->xAxis->scaleType() == QCPAxis::stLogarithmic);
    shot(plot, "bandwidth");
    // The latency note lies across no reference line: at the top left the
    // device memory's line (peak / 2) struck it through.
    QCustomPlot* p = plot.plot();
    QCPItemText* note = floorNote(plot);
    ASSERT_NE(note, nullptr);
    const double top = note->topLeft->pixelPosition().y(),
                 bottom = note->bottomRight->pixelPosition().y();
    EXPECT_GE(top, p->axisRect()->top());
    EXPECT_LE(bottom, p->axisRect()->bottom());
    for (int g = 0; g < p->graphCount(); ++g) {
        const auto* data = p->graph(g)->data().data();
        if (data->size() != 2 || data->at(0)->value != data->at(1)->value) continue;
        const double y = p->yAxis->coordToPixel(data->at(0)->value);
        EXPECT_FALSE(y >= top && y <= bottom) << p->graph(g)->name().toStdString();
    }
}

// In a laptop's dock the latency note was cut at both ends ("osts its
// latency") and the size ticks ran together ("16 MiB256 MiB"): the note
// wraps inside the axes, and the ticks keep apart.
// A log ticker asked for 3 ticks of 11 powers of 4 still gave 5: fewer are
// asked until they fit, at every width.
class BandwidthPlotWidth : public ::testing::TestWithParam<int> {};

TEST_P(BandwidthPlotWidth, ANarrowPlotKeepsItsNoteAndTicksWhole) {
    test::app();
    PlaybackModel model;
    BandwidthPlot plot(&model);
    QFont font = plot.font();
    font.setPixelSize(17);  // the app's UI font on a laptop, not the tests' small one
    plot.setFont(font);
    plot.resize(GetParam(), 460);
    // Laid out before the run comes, as in the window.
    plot.show();
    QApplication::processEvents();
    model.setRun(test::prepared(test::bandwidthRun()));
    QCustomPlot* p = plot.plot();
    for (int i = 0; i < 6; ++i) {  // the tick fit replots once it has seen the labels
        p->replot();
        QApplication::processEvents();
    }
    QCPItemText* note = floorNote(plot);
    ASSERT_NE(note, nullptr);
    EXPECT_TRUE(note->text().contains('\n')) << note->text().toStdString();
    EXPECT_GE(note->topLeft->pixelPosition().x(), p->axisRect()->left());
    EXPECT_LE(note->bottomRight->pixelPosition().x(), p->axisRect()->right() + 1);
    const QFontMetrics fm(p->xAxis->tickLabelFont());
    const QVector<double> ticks = p->xAxis->tickVector();
    const QVector<QString> labels = p->xAxis->tickVectorLabels();
    for (int i = 1; i < ticks.size(); ++i) {
        const double gap = p->xAxis->coordToPixel(ticks[i]) - p->xAxis->coordToPixel(ticks[i - 1]);
        // Half of each label either side of its tick, and a space between.
        EXPECT_GT(gap,
                  (fm.horizontalAdvance(labels[i - 1]) + fm.horizontalAdvance(labels[i])) / 2.0 +
                      fm.horizontalAdvance(' '))
            << labels[i - 1].toStdString() << " and " << labels[i].toStdString();
    }
    plot.hide();
}

INSTANTIATE_TEST_SUITE_P(Widths, BandwidthPlotWidth, ::testing::Range(300, 640, 20));

TEST(CpuGpuPlot, CrossoversOfTheSweep) {
    test::app();
    CpuGpuPlot plot;
    plot.resize(900, 520);
    const ws::Run run = test::vectorAddRun(true);
    plot.setPoints(*readCrossover(run), CostPoint{5, 0.00002, 0, 1, 0.004, 0.03}, "test");
    ASSERT_EQ(plot.crossoverTexts().size(), 3);
    EXPECT_NE(plot.crossoverTexts()[0].indexOf("the GPU is faster from about"), -1);
    // With the copies against all cores the GPU leads only up to about 31,000
    // elements (0.034 + 2.52e-7 n against 0.04 + 6e-8 n): said so, not a CPU win.
    EXPECT_NE(plot.crossoverTexts()[2].indexOf("the GPU is faster from about 256 to about "), -1)
        << plot.crossoverTexts()[2].toStdString();
    EXPECT_NE(plot.crossoverTexts()[2].indexOf("the CPU again above"), -1);
    EXPECT_EQ(plot.plot()->graphCount(), 5);
    shot(plot, "cpu-gpu");
    // The crossovers' dotted lines run under the notes' band: the notes' plates
    // hide them (half see-through, the lines crossed the words).
    QCustomPlot* p = plot.plot();
    int plates = 0;
    for (int i = 0; i < p->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(p->item(i));
            t && t->text().contains(QStringLiteral("faster"))) {
            EXPECT_GE(t->brush().color().alpha(), 230) << t->text().toStdString();
            // and every line lies on a layer beneath them
            for (int j = 0; j < p->itemCount(); ++j)
                if (qobject_cast<QCPItemStraightLine*>(p->item(j)))
                    EXPECT_LT(p->item(j)->layer()->index(), t->layer()->index());
            ++plates;
        }
    EXPECT_EQ(plates, 3);
}

// In a projector's font the three crossover notes, at fixed rows, ran into
// each other and into the CPU's curve, and the longest was cut at the right.
TEST(CpuGpuPlot, TheNotesStayAboveTheDataAndInsideThePlot) {
    test::app();
    const ws::Run run = test::vectorAddRun(true);
    for (const auto& [width, pixels] : std::vector<std::pair<int, int>>{{1400, 24}, {560, 13}}) {
        SCOPED_TRACE(width);
        CpuGpuPlot plot;
        QFont f = plot.font();
        f.setPixelSize(pixels);
        plot.setFont(f);
        plot.setAttribute(Qt::WA_DontShowOnScreen);
        plot.show();
        plot.resize(width, 620);
        plot.setPoints(*readCrossover(run), CostPoint{5, 0.00002, 0, 1, 0.004, 0.03}, "test");
        QCoreApplication::processEvents();
        QCustomPlot* p = plot.plot();
        p->replot();
        ASSERT_GE(plot.notes().size(), 3u);
        double dataTop = 1e9;  // the highest data point, in pixels
        for (int g = 0; g < p->graphCount(); ++g)
            for (auto it = p->graph(g)->data()->constBegin(); it != p->graph(g)->data()->constEnd();
                 ++it)
                dataTop = std::min(dataTop, p->yAxis->coordToPixel(it->value));
        double lastBottom = -1e9;
        for (const auto& n : plot.notes()) {
            const double top = n.item->topLeft->pixelPosition().y(),
                         bottom = n.item->bottomRight->pixelPosition().y(),
                         right = n.item->bottomRight->pixelPosition().x();
            EXPECT_GE(top, lastBottom - 0.5) << n.text.toStdString();  // not on the one before
            EXPECT_LE(bottom, dataTop) << n.text.toStdString();        // above every point
            EXPECT_LE(right, p->axisRect()->right() + 1) << n.text.toStdString();
            lastBottom = bottom;
        }
    }
}

TEST(CpuGpuPlot, SeriesNoRunMeasuredAreNamedNotDrawn) {
    // Reduction traces with kernel times only: no CPU times, no copies. A
    // "with the copies" curve on the kernel's, or empty CPU entries in the
    // legend, would read as measurements.
    test::app();
    CpuGpuPlot plot;
    plot.resize(900, 520);
    std::vector<CostPoint> points;
    for (double n : {65536.0, 262144.0, 1048576.0}) {
        CostPoint p;
        p.n = n;
        p.kernelMs = n * 1e-8 + 0.01;
        points.push_back(p);
    }
    plot.setPoints(points, points.back(), "kernel times only");
    EXPECT_EQ(plot.missingSeries(),
              (QStringList{"CPU, one thread", "CPU, all cores", "GPU with the copies"}));
    EXPECT_TRUE(plot.crossoverTexts().isEmpty());
    QStringList legend;
    for (int i = 0; i < plot.plot()->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.plot()->legend->item(i)))
            legend << item->plottable()->name();
    EXPECT_EQ(legend, (QStringList{"GPU kernel", "this run"}));
    // With the copies timed, their curve comes back, above the kernel's.
    for (CostPoint& p : points) p.transferMs = 0.2;
    plot.setPoints(points, points.back(), "with copies");
    EXPECT_EQ(plot.missingSeries(), (QStringList{"CPU, one thread", "CPU, all cores"}));
}

}  // namespace
}  // namespace ws
