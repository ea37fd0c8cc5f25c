#include "widgets/timeline/timeline_view.h"

#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QSet>
#include <QWheelEvent>

#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/timeline/timeline_raster.h"
#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

class TimelineViewTest : public ::testing::Test {
protected:
    TimelineViewTest() {
        model.setRun(test::smallPrepared());
        model.setSelected({});
        view.resize(900, 480);
    }
    void wheel(QPointF at, int delta) {
        QWheelEvent e(at, view.mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(&view, &e);
    }
    QApplication& m_app = test::app();  // before any widget
    PlaybackModel model;
    TimelineView view{&model};
};

TEST_F(TimelineViewTest, DrawsEachBlockAsABarInItsLane) {
    model.setTime(1900);  // everything done
    const QImage img = test::render(view);
    // Along the lane of block 0 (SM 0, slot 0) there are exactly two bars:
    // block 0 in the first wave and block 8 in the second.
    const QPointF p0 = view.pointOf({0, 0});
    const QRect lanes = view.lanesRect();
    int bars = 0;
    bool inBar = false;
    for (int x = lanes.left(); x < lanes.right(); ++x) {
        const bool coloured = img.pixelColor(x, int(p0.y())) != palette::background();
        if (coloured && !inBar) ++bars;
        inBar = coloured;
    }
    EXPECT_EQ(bars, 2);
    const QColor done = palette::stateColour(BlockState::Done);
    EXPECT_TRUE(test::near(img.pixelColor((p0 + QPointF(5, 0)).toPoint()), done, 12));
}

// A kernel file's marks (WS_MARK) are ticks on their block's bar, in the
// mark's colour, at the mark's time.
TEST_F(TimelineViewTest, AKernelFilesMarksAreTicksOnTheirBlocksBars) {
    ws::Run run = test::smallRun();
    const Launch& l = run.launches[0];
    const std::uint64_t start = l.blocks.startNs[0], end = l.blocks.endNs[0];
    RecordTable marks;
    marks.name = "marks";
    marks.add<std::uint32_t>("block") = {0};
    marks.add<std::uint32_t>("warp") = {0};
    marks.add<std::uint32_t>("mark") = {2};
    marks.add<std::uint64_t>("timeNs") = {(start + end) / 2};
    run.launches[0].tables.push_back(marks);
    model.setRun(prepareRun(std::make_shared<const ws::Run>(std::move(run))));
    model.setTime(1900);
    const QImage img = test::render(view);
    EXPECT_EQ(view.marksDrawn(), 1u);
    // On block 0's bar (SM 0, slot 0), before block 8, the next in its lane.
    const QPointF bar = view.pointOf({0, 0});
    const double next = view.pointOf({0, 8}).x();
    int tickAt = -1;
    for (int x = view.lanesRect().left(); x < int(next) && tickAt < 0; ++x)
        if (test::near(img.pixelColor(x, int(bar.y())), palette::okabeIto(2), 12)) tickAt = x;
    EXPECT_GT(tickAt, view.lanesRect().left()) << "no tick of mark 2's colour on block 0's bar";
    // A run without marks draws none.
    model.setRun(test::smallPrepared());
    (void)test::render(view);
    EXPECT_EQ(view.marksDrawn(), 0u);
}

// A launch of `blocks` blocks from `run`'s first, without traced steps, the
// blocks running [start, start + ns) on the first one's SMs: the later
// launches of a hand-made multi-launch run.
Launch launchOf(const ws::Run& run, std::uint32_t blocks, std::uint64_t start, std::uint64_t ns) {
    Launch l = run.launches[0];
    l.blocks.resize(blocks);
    l.grid = {blocks, 1, 1};
    l.steps = {};
    for (std::uint32_t i = 0; i < blocks; ++i) {
        l.blocks.startNs[i] = start;
        l.blocks.endNs[i] = start + ns;
    }
    return l;
}

// A run on `used` SMs of a 132-SM device, one block each.
std::shared_ptr<const PreparedRun> runOnSms(std::uint32_t used) {
    Run r = test::smallRun();
    r.device.smCount = 132;
    Launch& l = r.launches.front();
    l.grid = {used, 1, 1};
    l.blocks.resize(used);
    l.steps = {};
    for (std::uint32_t i = 0; i < used; ++i) {
        l.blocks.block[i] = i;
        l.blocks.sm[i] = i * (132 / used);
        l.blocks.startNs[i] = 1'700'000'000'000'000'000ULL;
        l.blocks.endNs[i] = l.blocks.startNs[i] + 5000;
        l.blocks.startClock[i] = 0;
        l.blocks.endClock[i] = 9000;
    }
    return prepareRun(std::make_shared<const Run>(std::move(r)));
}

TEST_F(TimelineViewTest, AFewBusySmsAreDrawnAloneAndAPartlyBusyGpuWhole) {
    model.setRun(runOnSms(16));
    EXPECT_EQ(view.drawnRows(), 16u);
    model.setRun(runOnSms(33));  // a quarter of 132
    EXPECT_EQ(view.drawnRows(), 33u);
    model.setRun(runOnSms(44));
    EXPECT_EQ(view.drawnRows(), 132u);
    EXPECT_TRUE(view.idleBandRect().isEmpty());
}

// The SMs left out are not forgotten: one band below the lanes counts them,
// between the lanes and the legend.
TEST_F(TimelineViewTest, TheSmsLeftOutAreCountedInABandBelowTheLanes) {
    model.setRun(runOnSms(16));
    const QRect band = view.idleBandRect();
    ASSERT_FALSE(band.isEmpty());
    EXPECT_GT(band.top(), view.lanesRect().bottom());
    EXPECT_LT(band.bottom(), view.height());
    const QImage img = test::render(view);
    EXPECT_TRUE(
        test::near(img.pixelColor(band.right() - 2, band.center().y()), palette::idleCell(), 4));
    EXPECT_TRUE(test::anyNear(img, band, palette::text(), 40));  // its text
}

// A launch that starts near the right edge is named left of its boundary:
// a reduction's last, one-block launch had no name where the others had.
TEST_F(TimelineViewTest, EveryLaunchBoundaryIsNamedWhereThereIsRoom) {
    ws::Run run = test::smallRun();
    const std::uint64_t end = run.launches[0].blocks.endNs[15];
    const Launch second = launchOf(run, 1, end + 4000, 500),
                 third = launchOf(run, 1, end + 9000, 100);
    run.launches.push_back(second);
    run.launches.push_back(third);
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    view.resize(700, 300);
    view.show();
    QStringList names;
    for (const auto& t : test::probeText(&view))
        if (t.text.startsWith(QStringLiteral("launch "))) {
            names << t.text;
            EXPECT_LE(t.box.right(), view.width()) << t.text.toStdString();
        }
    EXPECT_TRUE(names.contains(QStringLiteral("launch 2"))) << names.join(", ").toStdString();
    EXPECT_TRUE(names.contains(QStringLiteral("launch 3"))) << names.join(", ").toStdString();
}

// Streams start their launches out of index order: launch 1 ran after
// launch 2 and had neither line nor name. Every launch but the first to
// start has both.
TEST_F(TimelineViewTest, ALaunchThatStartsLaterThanTheNextIsNamedToo) {
    ws::Run run = test::smallRun();
    // launch 2, first in time
    run.launches.push_back(launchOf(run, 1, run.launches[0].blocks.startNs[0] - 5000,
                                    500));  // launch 2, first in time
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    view.resize(700, 300);
    view.show();
    QStringList names;
    for (const auto& t : test::probeText(&view))
        if (t.text.startsWith(QStringLiteral("launch ")) || t.text == QStringLiteral("1"))
            names << t.text;
    EXPECT_TRUE(names.contains(QStringLiteral("launch 1")) || names.contains(QStringLiteral("1")))
        << names.join(", ").toStdString();
    EXPECT_FALSE(names.contains(QStringLiteral("launch 2"))) << names.join(", ").toStdString();
}

// Boundaries close together: "launch 5" right of its line ran across launch
// 6's line, and a last launch named left of its line stood beside the one
// before. A name lies between its neighbours' lines, or is left out.
TEST_F(TimelineViewTest, NoLaunchNameCrossesAnotherLaunchsLine) {
    ws::Run run = test::smallRun();
    const std::uint64_t end = run.launches[0].blocks.endNs[15];
    for (const std::uint64_t gap : {3000, 600, 4000, 500, 300, 3000}) {
        const std::uint64_t start = run.launches.back().blocks.endNs[0] + gap;
        run.launches.push_back(launchOf(run, 1, std::max(start, end + 100), 100));
    }
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    view.resize(700, 300);
    view.show();
    const PreparedRun& p = *model.prepared();
    std::vector<double> lines;
    for (std::size_t li = 1; li < p.launches.size(); ++li)
        lines.push_back(view.data().mapTimeToX(p.launches[li].start));
    int named = 0;
    for (const auto& t : test::probeText(&view))
        if (t.text.startsWith(QStringLiteral("launch ")) ||
            (t.text.toInt() > 1 && t.box.top() > view.lanesRect().top())) {
            ++named;
            for (double x : lines)
                EXPECT_FALSE(x > t.box.left() + 1 && x < t.box.right() - 1)
                    << t.text.toStdString() << " crosses the line at " << x;
        }
    EXPECT_GE(named, 3);
}

TEST_F(TimelineViewTest, ColoursBarsByStateAtThePlayhead) {
    model.setTime(500);
    const QImage img = test::render(view);
    const QPointF running = view.pointOf({0, 1});
    const QPointF waiting = view.pointOf({0, 9});
    EXPECT_TRUE(test::near(img.pixelColor((running + QPointF(-20, 0)).toPoint()),
                           palette::stateColour(BlockState::Running), 12));
    const QColor w = img.pixelColor(waiting.toPoint());
    EXPECT_TRUE(test::near(w, timelineStateColour(BlockState::Waiting, false), 12) ||
                test::near(w, timelineStateColour(BlockState::Waiting, true), 12));
}

TEST_F(TimelineViewTest, FollowsTheColourSchemeFromOneFrameToTheNext) {
    // Its colours are blended over the background in tables: switching the
    // scheme must rebuild them, or light pixels stay in a dark view.
    model.setTime(1900);
    (void)test::render(view);  // the tables built for the light scheme
    const QColor lightBackground = palette::background();
    ColourScheme::instance()->setScheme(Scheme::Dark);
    const QImage dark = test::render(view);
    const QRect lanes = view.lanesRect();
    int lightPixels = 0, pixels = 0;
    for (int y = lanes.top(); y < lanes.bottom(); y += 3)
        for (int x = lanes.left(); x < lanes.right(); x += 3, ++pixels)
            lightPixels += dark.pixelColor(x, y) == lightBackground;
    ColourScheme::instance()->setScheme(Scheme::Light);
    EXPECT_EQ(lightPixels, 0) << "of " << pixels;
    const QPointF p0 = view.pointOf({0, 0});
    EXPECT_TRUE(test::near(dark.pixelColor((p0 + QPointF(5, 0)).toPoint()),
                           timelineStateColour(BlockState::Done, false), 12));
}

TEST_F(TimelineViewTest, WheelZoomKeepsTheTimeUnderTheCursor) {
    const QRect lanes = view.lanesRect();
    const QPointF at(lanes.left() + lanes.width() * 0.3, lanes.center().y());
    wheel(at, 120);
    wheel(at, 120);
    const double before = view.data().mapXToTime(at.x());
    const double spanBefore = view.data().span();
    wheel(at, 240);
    EXPECT_LT(view.data().span(), spanBefore);
    EXPECT_NEAR(view.data().mapXToTime(at.x()), before, 1e-6);
    wheel(at, -120);
    EXPECT_NEAR(view.data().mapXToTime(at.x()), before, 1e-6);
}

TEST_F(TimelineViewTest, ClickSelectsAndDragPans) {
    const QPointF at = view.pointOf({0, 10});
    QMouseEvent press(QEvent::MouseButtonPress, at, view.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QMouseEvent release(QEvent::MouseButtonRelease, at, view.mapToGlobal(at), Qt::LeftButton,
                        Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &press);
    QApplication::sendEvent(&view, &release);
    EXPECT_EQ(model.selected(), (BlockRef{0, 10}));

    view.zoomAt(4, view.lanesRect().center().x());
    const double start = view.data().viewStart;
    const QPointF from = view.lanesRect().center(), to = from + QPointF(-100, 0);
    QMouseEvent p2(QEvent::MouseButtonPress, from, view.mapToGlobal(from), Qt::LeftButton,
                   Qt::LeftButton, Qt::NoModifier);
    QMouseEvent move(QEvent::MouseMove, to, view.mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QMouseEvent r2(QEvent::MouseButtonRelease, to, view.mapToGlobal(to), Qt::LeftButton,
                   Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &p2);
    QApplication::sendEvent(&view, &move);
    QApplication::sendEvent(&view, &r2);
    EXPECT_NEAR(view.data().viewStart - start, 100 * view.data().nsPerPixel(), 1e-6);
    EXPECT_EQ(model.selected(), (BlockRef{0, 10}));  // a drag is not a click
}

// The playhead is drawn over every label: one it would cross ("wave 2"
// struck through) gives way while the playhead passes, and is back after.
TEST_F(TimelineViewTest, TheWaveLabelThePlayheadCrossesGivesWay) {
    view.show();
    auto waveLabels = [&] {
        QStringList found;
        for (const auto& t : test::probeText(&view))
            if (t.text.startsWith(QStringLiteral("wave "))) found << t.text;
        return found;
    };
    const auto& waves = model.prepared()->lanes.waveStart.front();
    ASSERT_GE(waves.size(), 2u);
    model.setTime(model.duration());
    EXPECT_TRUE(waveLabels().contains(QStringLiteral("wave 2")));
    // Two pixels into the label.
    const double x = view.data().mapTimeToX(waves[1]) + 6;
    model.setTime(view.data().mapXToTime(x));
    EXPECT_FALSE(waveLabels().contains(QStringLiteral("wave 2")))
        << waveLabels().join(", ").toStdString();
}

// Zoomed into a selected block, its outline ran a few pixels into the SM
// labels left of the lanes: it ends at the view's edge.
TEST_F(TimelineViewTest, ASelectedBarsOutlineStopsAtTheViewsEdge) {
    model.setSelected({0, 0});
    const QRectF lanes = view.lanesRect();
    view.zoomAt(8, view.data().mapTimeToX(model.prepared()->endOf({0, 0})));
    ASSERT_LT(view.data().mapTimeToX(model.prepared()->startOf({0, 0})), lanes.left());
    const QImage img = test::render(view);
    const int centre = int(view.pointOf({0, 0}).y());
    const int half = int(lanes.height() / 8) + 4;  // a lane's half, and the pen: 4 SMs of 2 lanes
    int outlined = 0;                              // the outline is drawn, in the lanes
    for (int y = centre - half; y <= centre + half; ++y) {
        for (int x = int(lanes.left()) - 5; x < int(lanes.left()); ++x)
            EXPECT_FALSE(test::near(img.pixelColor(x, y), palette::selection(), 20))
                << x << ", " << y;
        outlined += test::near(img.pixelColor(int(lanes.left()) + 3, y), palette::selection(), 20);
    }
    EXPECT_GT(outlined, 0);
}

// A launch's name sat on its own bar ("launch 2" over the start of a
// one-block launch): it takes the line above where that one is clear.
TEST_F(TimelineViewTest, ALaunchsNameAvoidsItsBarsWhereALineIsClear) {
    ws::Run run = test::smallRun();
    const std::uint64_t t0 = run.launches[0].blocks.endNs[15] + 2000;
    Launch later = launchOf(run, 2, t0, 4000);  // the bottom lane: under the name's first place
    for (std::uint32_t i = 0; i < 2; ++i) {
        later.blocks.block[i] = i;
        later.blocks.sm[i] = 3;  // the bottom row
    }
    later.blocks.endNs[0] = t0 + 5;  // the top lane: a sliver
    run.launches.push_back(later);
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    view.resize(700, 170);  // lanes thinner than a line of text, as on a GPU of 132 SMs
    view.show();
    test::render(view);  // the frame's pixels, which the names consult
    const QPointF bar = view.pointOf({1, 1});
    bool named = false;
    for (const auto& t : test::probeText(&view))
        if (t.text == QStringLiteral("launch 2") || t.text == QStringLiteral("2")) {
            named = true;
            EXPECT_FALSE(t.box.contains(QPointF(t.box.center().x(), bar.y())))
                << "name at " << t.box.top() << "-" << t.box.bottom() << ", bar at " << bar.y();
        }
    EXPECT_TRUE(named);
}

// Launches far apart (a host's 800-us launch call between kernels of a few
// us) were slivers of the axis: a double-click on a block fits its launch,
// a second one shows the whole run again, as does one beside the blocks.
TEST_F(TimelineViewTest, DoubleClickOnABlockFitsItsLaunch) {
    ws::Run run = test::smallRun();
    run.launches.push_back(launchOf(run, 1, run.launches[0].blocks.endNs[15] + 800000, 3000));
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    view.resize(900, 480);
    const LaunchIndex first = model.prepared()->launches[0];
    auto doubleClick = [&](QPointF at) {
        QMouseEvent e(QEvent::MouseButtonDblClick, at, view.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&view, &e);
    };
    const double full = view.data().span();
    doubleClick(view.pointOf({0, 3}));
    EXPECT_TRUE(view.data().showsRange(first.start, first.end));
    EXPECT_LT(view.data().span(), full / 100);
    EXPECT_LE(view.data().viewStart, first.start);
    EXPECT_GE(view.data().viewEnd, first.end);
    doubleClick(view.pointOf({0, 3}));
    EXPECT_DOUBLE_EQ(view.data().span(), full);
    // The later launch's one block, then the blank axis beside it.
    doubleClick(view.pointOf({1, 0}));
    const LaunchIndex second = model.prepared()->launches[1];
    EXPECT_TRUE(view.data().showsRange(second.start, second.end));
    // 800 us along, ticks a few hundred ns apart each read differently.
    view.show();
    QStringList ticks;
    for (const auto& t : test::probeText(&view))
        if (t.text.endsWith(QStringLiteral(" µs")) && t.box.bottom() < view.lanesRect().top())
            ticks << t.text;
    EXPECT_GE(ticks.size(), 3) << ticks.join(", ").toStdString();
    EXPECT_EQ(QSet<QString>(ticks.begin(), ticks.end()).size(), ticks.size())
        << ticks.join(", ").toStdString();
    doubleClick(QPointF(view.lanesRect().left() + 2, view.lanesRect().bottom() - 2));
    EXPECT_DOUBLE_EQ(view.data().span(), full);
}

// A damaged trace can hold a block that ends years after the others. Zoomed
// in at its end, times are far beyond where a double resolves the tick step:
// the axis must still be drawn, with few ticks, and painting must end.
TEST_F(TimelineViewTest, TheAxisEndsFarAlongAHugeSpan) {
    ws::Run run = test::smallRun();
    run.launches[0].blocks.endNs[15] =
        run.launches[0].blocks.startNs[15] + 1'000'000'000'000'000'000;
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    const double right = view.lanesRect().right();
    for (int i = 0; i < 80; ++i) view.zoomAt(4, right);
    ASSERT_LT(view.data().span(), 1e3);
    ASSERT_GT(view.data().viewStart, 9e17);
    QElapsedTimer clock;
    clock.start();
    const QImage img = test::render(view);
    EXPECT_FALSE(img.isNull());
    EXPECT_LT(clock.elapsed(), 5000);
}

TEST_F(TimelineViewTest, OutlinesTheSelectedBlock) {
    model.setSelected({0, 5});
    const QImage img = test::render(view);
    const QPointF c = view.pointOf({0, 5});
    // Somewhere on the bar's outline the selection colour shows.
    EXPECT_TRUE(
        test::anyNear(img, QRect(int(c.x()) - 2, int(c.y()) - 60, 4, 120), palette::selection()));
}

TEST_F(TimelineViewTest, PaintsAnEmptyModelWithAMessage) {
    PlaybackModel empty;
    TimelineView v(&empty);
    v.resize(300, 200);
    EXPECT_FALSE(test::render(v).isNull());
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

// A 4K view re-rasters at half height while a zoom goes on, then in full once
// the moves stop; the picture during the move is the full one with each
// second pixel row repeated.
TEST_F(TimelineViewTest, LargeViewsDrawCoarselyWhileMovingAndInFullAfter) {
    view.resize(3840, 2160);
    model.setTime(900);
    (void)test::render(view);
    EXPECT_FALSE(view.lastPaintCoarse());
    view.zoomAt(1.5, 1000);
    const QImage moving = test::render(view);
    EXPECT_TRUE(view.lastPaintCoarse());
    // The settle timer fires on the event loop.
    QElapsedTimer waited;
    waited.start();
    do {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        (void)test::render(view);
    } while (view.lastPaintCoarse() && waited.elapsed() < 5000);
    EXPECT_FALSE(view.lastPaintCoarse());
    const QImage settled = test::render(view);
    // Same bars where they are: the block under a lane's centre has the same
    // colour in both pictures.
    const QPointF p = view.pointOf({0, 0});
    ASSERT_GE(p.x(), 0);
    EXPECT_TRUE(test::near(moving.pixelColor(p.toPoint()), settled.pixelColor(p.toPoint()), 12));
    // A drag pans coarsely too.
    const QPointF from(1500, 500), to(1300, 500);
    QMouseEvent press(QEvent::MouseButtonPress, from, view.mapToGlobal(from), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &press);
    QMouseEvent move(QEvent::MouseMove, to, view.mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(&view, &move);
    (void)test::render(view);
    EXPECT_TRUE(view.lastPaintCoarse());
    QMouseEvent release(QEvent::MouseButtonRelease, to, view.mapToGlobal(to), Qt::LeftButton,
                        Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(&view, &release);
    // A small view never goes coarse.
    view.resize(900, 480);
    view.zoomAt(1.2, 400);
    (void)test::render(view);
    EXPECT_FALSE(view.lastPaintCoarse());
}

}  // namespace
}  // namespace ws
