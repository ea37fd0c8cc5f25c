// Renders the tensor-core views from runs built on the CPU
// (tests/widgets/tensorcore/tensorcore_test_runs.h) and writes those runs as
// traces for `warpscope --trace FILE --export-view NAME`:
//   ws_tensorcore_lab_images OUTPUT_DIR
#include <QApplication>
#include <QDir>
#include <QPainter>
#include <cstdio>
#include <functional>

#include "core/trace/trace_io.h"
#include "tests/widgets/support/view_image.h"
#include "tests/widgets/tensorcore/tensorcore_test_runs.h"
#include "widgets/tensorcore/pipeline_view.h"
#include "widgets/tensorcore/tensor_tile_view.h"
#include "widgets/view/palette.h"

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
        std::fprintf(stderr, "usage: ws_tensorcore_lab_images OUTPUT_DIR\n");
        return 2;
    }
    const QDir out(QString::fromLocal8Bit(argv[1]));
    using namespace ws;
    auto pipeline = [](PlaybackModel* m) -> QWidget* { return new PipelineView(m); };
    auto tile = [](PlaybackModel* m) -> QWidget* { return new TensorTileView(m); };
    const std::vector<Shot> shots = {
        {"tensorcore-pipeline-wgmma-tma", test::tensorCoreRun("wgmma-tma", 4096, 2), pipeline},
        {"tensorcore-pipeline-warp-specialized", test::tensorCoreRun("warp-specialized", 4096, 4),
         pipeline},
        {"tensorcore-pipeline-wmma", test::tensorCoreRun("wmma", 4096, 2), pipeline},
        {"tensorcore-tile-warp-specialized", test::tensorCoreRun("warp-specialized", 4096, 1),
         tile},
        {"tensorcore-tile-wgmma", test::tensorCoreRun("wgmma", 4096, 1), tile},
        {"tensorcore-tile-mma-sync", test::tensorCoreRun("mma-sync", 4096, 1), tile},
    };
    bool ok = true;
    for (const Shot& s : shots) {
        const QString trace = out.filePath(s.name + QStringLiteral(".wstrace"));
        if (auto saved = saveTrace(s.run, trace.toStdString()); !saved) {
            std::fprintf(stderr, "cannot write %s: %s\n", qPrintable(trace), saved.error().c_str());
            ok = false;
        }
        PlaybackModel model;
        QWidget* view = s.make(&model);
        view->resize(1100, 700);
        model.setRun(test::preparedTc(s.run));
        ok = save(*view, out.filePath(s.name + QStringLiteral(".png"))) && ok;
        // Mid-run too: the cursor among the steps and the ring's states.
        model.setTime(model.duration() * 0.4);
        ok = save(*view, out.filePath(s.name + QStringLiteral("-mid.png"))) && ok;
        delete view;
    }
    return ok ? 0 : 1;
}
