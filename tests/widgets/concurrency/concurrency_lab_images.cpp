// Renders the concurrency lab's views to PNG files:
//   ws_concurrency_lab_images OUTDIR [TRACE ...]
// With trace files (the bundled H100 traces), one image per view that suits
// each trace's experiment, named after the trace. Without, the hand-made runs
// of the tests, named "handmade-*.png" so that no one takes them for
// measurements.
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <iostream>
#include <memory>

#include "core/trace/trace_io.h"
#include "tests/widgets/concurrency/concurrency_test_runs.h"
#include "widgets/concurrency/launch_tree_view.h"
#include "widgets/concurrency/operations_view.h"
#include "widgets/concurrency/pages_view.h"
#include "widgets/plots/figures_view.h"

namespace {

template <typename View>
void save(const ws::Run& run, const QString& path, QSize size, double timeShare = 1.0) {
    ws::PlaybackModel model;
    View view(&model);
    view.resize(size);
    model.setRun(ws::prepareRun(std::make_shared<const ws::Run>(run)));
    model.setTime(model.duration() * timeShare);
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::white);
    view.render(&image);
    if (!image.save(path))
        std::cerr << "cannot write " << path.toStdString() << "\n";
    else
        std::cout << path.toStdString() << "\n";
}

void renderRun(const ws::Run& run, const QString& dir, const QString& name) {
    const QSize wide(1600, 900), half(1000, 640);
    save<ws::OperationsView>(run, dir + "/" + name + "-operations.png", wide);
    save<ws::FiguresView>(run, dir + "/" + name + "-figures.png", half);
    if (run.experiment == "dynamic-parallelism")
        save<ws::LaunchTreeView>(run, dir + "/" + name + "-launch-tree.png", half, 0.7);
    if (run.experiment == "unified-memory")
        save<ws::PagesView>(run, dir + "/" + name + "-pages.png", wide, 0.6);
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    if (argc < 2) {
        std::cerr << "usage: ws_concurrency_lab_images OUTDIR [TRACE ...]\n";
        return 2;
    }
    const QString dir = QString::fromLocal8Bit(argv[1]);
    QDir().mkpath(dir);
    if (argc == 2) {
        renderRun(ws::test::streamsRun(4, 12), dir, "handmade-streams");
        renderRun(ws::test::dynamicRun(), dir, "handmade-dynamic");
        renderRun(ws::test::unifiedRun(), dir, "handmade-unified");
        return 0;
    }
    int status = 0;
    for (int i = 2; i < argc; ++i) {
        auto run = ws::loadTrace(argv[i]);
        if (!run) {
            std::cerr << run.error() << "\n";
            status = 1;
            continue;
        }
        renderRun(*run, dir, QFileInfo(QString::fromLocal8Bit(argv[i])).completeBaseName());
    }
    return status;
}
