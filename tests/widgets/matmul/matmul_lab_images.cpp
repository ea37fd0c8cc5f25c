// Renders the matrix multiply lab's documentation images at a projection
// font size, from the traces bundled in resources/traces (recorded on the
// H100), or from the model where a trace is not bundled (and says so):
//   ws_matmul_lab_images RESOURCES_DIR OUTPUT_DIR
// Writes matmul-tiles.png, matmul-tiles-bug.png, matmul-reuse.png and, when
// the bundled traces hold measurements, matmul-roofline.png and
// matmul-ladder.png.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPainter>
#include <cstdio>

#include "app/gui/common/bundled_traces.h"
#include "app/gui/matmul/matmul_series.h"
#include "core/matmul/matmul_model_run.h"
#include "core/trace/trace_io.h"
#include "tests/widgets/support/view_image.h"
#include "widgets/matmul/reuse_view.h"
#include "widgets/matmul/roofline_view.h"
#include "widgets/matmul/tile_walk_view.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/view/palette.h"

namespace {

bool save(QWidget& w, const QString& path) { return ws::test::saveViewImage(w, path); }

// The bundled run closest to `params`, or the model's when none is bundled.
std::shared_ptr<const ws::Run> runFor(const ws::BundledTraces& bundled,
                                      const ws::ParamValues& params) {
    if (const ws::BundledTrace* t = bundled.bestMatch("matmul", params))
        if (auto run = ws::loadTrace(t->file.toStdString()))
            return std::make_shared<const ws::Run>(std::move(run).value());
    std::printf("(modelled: no bundled matmul trace)\n");
    return std::make_shared<const ws::Run>(ws::modelledMatmulRun(params, 0.05));
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: ws_matmul_lab_images RESOURCES_DIR OUTPUT_DIR\n");
        return 2;
    }
    const QString traces = QString::fromLocal8Bit(argv[1]) + "/traces";
    const QDir out(QString::fromLocal8Bit(argv[2]));
    QFont font = QApplication::font();
    font.setPointSizeF(13);
    QApplication::setFont(font);
    auto bundled = ws::BundledTraces::load(traces + "/manifest.json");
    const ws::BundledTraces none;
    const ws::BundledTraces& b = bundled ? *bundled : none;
    ws::MatmulSources sources{&b, {}, std::nullopt};
    QFile counters(traces + "/matmul-counters.json");
    if (counters.open(QIODevice::ReadOnly))
        if (auto c = ws::parseMatmulCounters(counters.readAll().toStdString()))
            sources.counters = *c;
    bool ok = true;

    auto walk = [&](const ws::ParamValues& params, double at, const QString& name) {
        ws::PlaybackModel model;
        model.setRun(ws::prepareRun(runFor(b, params)));
        ws::TileWalkView view(&model);
        view.resize(1280, 1000);
        model.setTime(model.duration() * at);
        ok &= save(view, out.filePath(name));
        return model.run() ? *model.run() : ws::Run{};
    };
    walk({{"variant", "seed-tiled"}, {"n", "256"}, {"block_dim", "8"}}, 0.45, "matmul-tiles.png");
    walk({{"variant", "seed-tiled-bug"}, {"n", "256"}, {"block_dim", "8"}}, 0.6,
         "matmul-tiles-bug.png");
    const ws::Run shown = *runFor(b, {{"variant", "warptile"}, {"n", "4096"}});
    ws::ReuseView reuse;
    reuse.resize(1280, 720);
    reuse.setData(ws::matmulReuse(&shown, sources));
    ok &= save(reuse, out.filePath("matmul-reuse.png"));
    if (ws::matmulMeasurements(sources).empty()) {
        std::printf("no bundled matmul measurements: no roofline or ladder image\n");
        return ok ? 0 : 1;
    }
    ws::RooflineView roofline;
    roofline.resize(1280, 800);
    roofline.setData(ws::matmulRoofline(&shown, sources));
    ok &= save(roofline, out.filePath("matmul-roofline.png"));
    ws::LadderChart ladder;
    ladder.resize(1600, 800);
    ladder.setData(ws::matmulLadder(&shown, sources));
    ok &= save(ladder, out.filePath("matmul-ladder.png"));
    return ok ? 0 : 1;
}
