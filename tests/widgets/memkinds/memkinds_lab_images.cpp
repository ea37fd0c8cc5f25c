// Renders the memory kinds lab's views from runs built on the CPU
// (tests/widgets/memkinds/memkinds_test_runs.h), at a window's size and as
// half a presentation slide, and writes those runs as traces for
// `warpscope --trace FILE --export-view NAME`:
//   ws_memkinds_lab_images OUTPUT_DIR
#include <QApplication>
#include <QDir>
#include <QPainter>
#include <cstdio>
#include <functional>
#include <memory>

#include "core/trace/trace_io.h"
#include "tests/widgets/memkinds/memkinds_test_runs.h"
#include "tests/widgets/support/view_image.h"
#include "widgets/memkinds/bandwidth_staircase_plot.h"
#include "widgets/memkinds/constant_broadcast_view.h"
#include "widgets/memkinds/l2_distance_view.h"
#include "widgets/memkinds/latency_staircase_plot.h"
#include "widgets/memkinds/local_memory_plot.h"
#include "widgets/memkinds/occupancy_plot.h"
#include "widgets/memkinds/texture_paths_plot.h"
#include "widgets/view/palette.h"
#include "widgets/view/ui_scale.h"

namespace {

bool save(QWidget& w, const QString& path) { return ws::test::saveViewImage(w, path); }

struct Shot {
    QString name;
    ws::Run run;
    std::function<QWidget*(ws::PlaybackModel*)> make;
};

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: ws_memkinds_lab_images OUTPUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    using namespace ws;
    const std::vector<Shot> shots = {
        {"latency-staircase", test::latencyRun(),
         [](PlaybackModel* m) -> QWidget* { return new LatencyStaircasePlot(m); }},
        {"l2-distance", test::l2Run(),
         [](PlaybackModel* m) -> QWidget* { return new L2DistanceView(m); }},
        {"bandwidth-staircase", test::bandwidthRun(),
         [](PlaybackModel* m) -> QWidget* { return new BandwidthStaircasePlot(m); }},
        {"constant-broadcast", test::constantRun(4),
         [](PlaybackModel* m) -> QWidget* { return new ConstantBroadcastView(m); }},
        {"texture-paths", test::textureRun(),
         [](PlaybackModel* m) -> QWidget* { return new TexturePathsPlot(m); }},
        {"local-memory", test::localRun(),
         [](PlaybackModel* m) -> QWidget* { return new LocalMemoryPlot(m); }},
        {"occupancy", test::localRun(),
         [](PlaybackModel* m) -> QWidget* { return new OccupancyPlot(m); }},
    };
    bool ok = true;
    for (const Shot& s : shots) {
        const QString trace = out.filePath(QString::fromStdString(s.run.experiment) + ".wstrace");
        if (auto saved = saveTrace(s.run, trace.toStdString()); !saved) {
            std::fprintf(stderr, "cannot write %s: %s\n", qPrintable(trace), saved.error().c_str());
            ok = false;
        }
        // A window's size, half a slide and a third of one, both on a projector.
        const std::pair<QSize, QString> sizes[] = {{{1600, 900}, QString()},
                                                   {{940, 900}, QStringLiteral("-presentation")},
                                                   {{620, 900}, QStringLiteral("-third")}};
        for (const auto& [size, suffix] : sizes) {
            const bool presentation = !suffix.isEmpty();
            UiScale::instance()->setModeFactor(presentation ? UiScale::kPresentationFactor : 1);
            PlaybackModel model;
            model.setRun(test::prepared(s.run));
            model.setTime(model.duration() * 0.4);
            std::unique_ptr<QWidget> view(s.make(&model));
            view->setAttribute(Qt::WA_DontShowOnScreen);
            view->resize(size);
            view->show();
            QCoreApplication::processEvents();
            ok = save(*view, out.filePath(s.name + suffix + ".png")) && ok;
        }
    }
    UiScale::instance()->setModeFactor(1);
    return ok ? 0 : 1;
}
