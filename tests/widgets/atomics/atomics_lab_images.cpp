// Renders the atomics lab's views at a projection font size, from the traces
// recorded on the H100 in resources/traces when they are there, else from
// runs built on the CPU (tests/widgets/atomics/atomics_test_runs.h), so every
// view can be looked at on a machine without a GPU:
//   ws_atomics_lab_images RESOURCES_DIR OUTPUT_DIR
// The CPU-built runs are also written there as traces (work-queue-static,
// work-queue-queue, argmin-cas-original, ... .wstrace), for `warpscope --trace`.
#include <QApplication>
#include <QDir>
#include <QPainter>
#include <cstdio>

#include "app/gui/atomics/atomics_throughput.h"
#include "app/gui/common/bundled_traces.h"
#include "core/trace/trace_io.h"
#include "tests/widgets/atomics/atomics_test_runs.h"
#include "tests/widgets/support/view_image.h"
#include "widgets/atomics/atomic_throughput_plot.h"
#include "widgets/atomics/cas_attempts_plot.h"
#include "widgets/atomics/cas_heatmap_view.h"
#include "widgets/atomics/queue_timeline_view.h"
#include "widgets/atomics/sm_busy_chart.h"
#include "widgets/view/palette.h"

namespace {

ws::BundledTraces g_bundled;

// The recorded trace of `id` closest to `p`, else the synthetic run.
QDir g_out;

std::shared_ptr<const ws::PreparedRun> recordedOr(const std::string& id, const ws::ParamValues& p,
                                                  ws::Run synthetic) {
    if (const ws::BundledTrace* t = g_bundled.bestMatch(id, p))
        if (auto run = ws::loadTrace(t->file.toStdString()); run) {
            std::printf("  %s from %s\n", id.c_str(), qPrintable(t->file));
            return ws::prepareRun(std::make_shared<const ws::Run>(std::move(run).value()));
        }
    std::string name = id;
    for (const auto& [k, v] : synthetic.params)
        if (k == "strategy" || k == "variant") name += "-" + v;
    const std::string file =
        g_out.filePath(QString::fromStdString(name + ".wstrace")).toStdString();
    if (auto saved = ws::saveTrace(synthetic, file); !saved)
        std::fprintf(stderr, "cannot write %s: %s\n", file.c_str(), saved.error().c_str());
    std::printf("  %s built on the CPU (%s)\n", id.c_str(), file.c_str());
    return ws::test::prepared(std::move(synthetic));
}

bool save(QWidget& w, const QString& path) { return ws::test::saveViewImage(w, path); }

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc != 3) {
        std::fprintf(stderr, "usage: ws_atomics_lab_images RESOURCES_DIR OUTPUT_DIR\n");
        return 2;
    }
    if (auto b = ws::BundledTraces::load(QString::fromLocal8Bit(argv[1]) + "/traces/manifest.json"))
        g_bundled = std::move(b).value();
    const QDir out(QString::fromLocal8Bit(argv[2]));
    g_out = out;
    QFont font = QApplication::font();
    font.setPointSizeF(13);
    QApplication::setFont(font);
    bool ok = true;
    for (const char* strategy : {"static", "queue"}) {
        ws::PlaybackModel model;
        model.setRun(recordedOr(
            "work-queue", {{"strategy", strategy}, {"distribution", "heavy"}, {"items", "2048"}},
            ws::test::queueRun(strategy, "heavy", 512, 16, 1)));
        model.setTime(model.duration() * 0.8);
        ws::QueueTimelineView timeline(&model);
        timeline.resize(1200, 620);
        ok = save(timeline, out.filePath(QStringLiteral("queue-timeline-%1.png").arg(strategy))) &&
             ok;
        ws::SmBusyChart busy(&model);
        busy.resize(900, 480);
        ok = save(busy, out.filePath(QStringLiteral("sm-busy-%1.png").arg(strategy))) && ok;
    }
    for (const char* variant : {"cas-original", "cas-modified-new"}) {
        ws::PlaybackModel model;
        model.setRun(recordedOr("argmin", {{"variant", variant}, {"input", "descending"}},
                                ws::test::argminRun(variant, "descending", 50000, 256, 12)));
        model.setTime(model.duration() * 0.6);
        ws::CasHeatmapView heatmap(&model);
        heatmap.resize(1200, 620);
        ok = save(heatmap, out.filePath(QStringLiteral("cas-heatmap-%1.png").arg(variant))) && ok;
        ws::CasAttemptsPlot attempts(&model);
        attempts.resize(900, 480);
        ok = save(attempts, out.filePath(QStringLiteral("cas-attempts-%1.png").arg(variant))) && ok;
    }
    {
        const ws::Run run = ws::test::contentionRun(1 << 16, 1);
        ws::AtomicThroughputPlot plot;
        plot.setData(ws::contentionPlotFor(
            g_bundled.forExperiment("atomic-contention").empty() ? &run : nullptr, g_bundled, {}));
        plot.resize(900, 520);
        ok = save(plot, out.filePath(QStringLiteral("atomic-throughput.png"))) && ok;
    }
    return ok ? 0 : 1;
}
