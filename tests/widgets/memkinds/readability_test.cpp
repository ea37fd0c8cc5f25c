// Every view of the memory kinds lab, as a projector shows it in
// presentation mode (half of a 1920x1080 slide) and as a window or a laptop's
// dock shows it: no text under 20 pixels tall on the projector, and no two
// texts on top of each other at any size. Measured as drawn
// (tests/widgets/support/text_probe.h).
#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "tests/widgets/memkinds/memkinds_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/memkinds/bandwidth_staircase_plot.h"
#include "widgets/memkinds/constant_broadcast_view.h"
#include "widgets/memkinds/l2_distance_view.h"
#include "widgets/memkinds/latency_staircase_plot.h"
#include "widgets/memkinds/local_memory_plot.h"
#include "widgets/memkinds/occupancy_plot.h"
#include "widgets/memkinds/texture_paths_plot.h"
#include "widgets/view/ui_scale.h"

namespace ws {
namespace {

struct Case {
    const char* name;
    std::function<Run()> run;
    std::function<QWidget*(PlaybackModel*)> make;
};

std::vector<Case> cases() {
    return {
        {"latency-staircase", [] { return test::latencyRun(); },
         [](PlaybackModel* m) -> QWidget* { return new LatencyStaircasePlot(m); }},
        {"l2-distance", [] { return test::l2Run(); },
         [](PlaybackModel* m) -> QWidget* { return new L2DistanceView(m); }},
        {"bandwidth-staircase", [] { return test::bandwidthRun(); },
         [](PlaybackModel* m) -> QWidget* { return new BandwidthStaircasePlot(m); }},
        {"constant-broadcast", [] { return test::constantRun(8); },
         [](PlaybackModel* m) -> QWidget* { return new ConstantBroadcastView(m); }},
        {"texture-paths", [] { return test::textureRun(); },
         [](PlaybackModel* m) -> QWidget* { return new TexturePathsPlot(m); }},
        {"local-memory", [] { return test::localRun(); },
         [](PlaybackModel* m) -> QWidget* { return new LocalMemoryPlot(m); }},
        {"occupancy", [] { return test::localRun(); },
         [](PlaybackModel* m) -> QWidget* { return new OccupancyPlot(m); }},
        {"occupancy against threads", [] { return test::localRun(); },
         [](PlaybackModel* m) -> QWidget* {
             auto* v = new OccupancyPlot(m);
             v->setAxis(OccupancyAxis::Threads);
             return v;
         }},
        {"occupancy against shared memory", [] { return test::localRun(); },
         [](PlaybackModel* m) -> QWidget* {
             auto* v = new OccupancyPlot(m);
             v->setAxis(OccupancyAxis::SharedMemory);
             return v;
         }},
    };
}

QString describe(const test::DrawnText& t) {
    return QStringLiteral("'%1' (%2 px tall at %3,%4)")
        .arg(t.text.left(60))
        .arg(t.pixelHeight, 0, 'f', 1)
        .arg(t.box.x(), 0, 'f', 0)
        .arg(t.box.y(), 0, 'f', 0);
}

void check(const Case& c, QSize size, double smallest, bool message = false) {
    SCOPED_TRACE(std::string(c.name) + " at " + std::to_string(size.width()) + "x" +
                 std::to_string(size.height()));
    PlaybackModel model;
    // In place of its data, a view says in a line what it lacks.
    model.setRun(message ? test::smallPrepared() : test::prepared(c.run()));
    model.setTime(model.duration() * 0.4);
    std::unique_ptr<QWidget> view(c.make(&model));
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(size);
    view->show();
    QCoreApplication::processEvents();
    const auto texts = test::probeText(view.get());
    EXPECT_GT(texts.size(), message ? 0u : 3u);
    for (const auto& t : texts) {
        EXPECT_GE(t.pixelHeight, smallest - 0.5) << describe(t).toStdString();
        EXPECT_LE(t.box.right(), size.width() + 1) << describe(t).toStdString();
    }
    for (const auto& [a, b] : test::overlappingTexts(texts))
        ADD_FAILURE() << "overlapping: " << describe(a).toStdString() << " and "
                      << describe(b).toStdString();
}

TEST(MemkindsReadability, HalfASlideInPresentationMode) {
    test::app();
    UiScale::instance()->setModeFactor(UiScale::kPresentationFactor);
    for (const Case& c : cases()) check(c, {940, 900}, 20);
    for (const Case& c : cases()) check(c, {1880, 900}, 20);
    for (const Case& c : cases()) check(c, {620, 900}, 20);
    UiScale::instance()->setModeFactor(1);
}

TEST(MemkindsReadability, AWindowAndALaptopsDock) {
    test::app();
    for (const Case& c : cases()) {
        check(c, {1600, 900}, 0);
        check(c, {760, 400}, 0);
        check(c, {520, 300}, 0);
    }
}

TEST(MemkindsReadability, TheLineInPlaceOfAView) {
    test::app();
    for (const Case& c : cases()) check(c, {760, 400}, 0, true);
    UiScale::instance()->setModeFactor(UiScale::kPresentationFactor);
    for (const Case& c : cases()) check(c, {940, 900}, 20, true);
    UiScale::instance()->setModeFactor(1);
}

}  // namespace
}  // namespace ws
