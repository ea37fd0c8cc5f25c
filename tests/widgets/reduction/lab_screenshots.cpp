// Renders the reduction lab's views from bundled traces into PNGs for the
// documentation: ws_reduction_lab_shots OUTDIR. Sizes and a 14 pt font match
// a projected classroom screen.
#include <QApplication>
#include <QDir>
#include <cstdio>
#include <cstdlib>

#include "app/gui/common/bundled_traces.h"
#include "app/gui/compare/compare_window.h"
#include "app/gui/reduction/ladder_data.h"
#include "tests/widgets/reduction/lab_test_runs.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/reduction/arrival_view.h"
#include "widgets/reduction/divergence_view.h"
#include "widgets/reduction/reduction_tree_view.h"

namespace {

bool save(QWidget& w, const QString& path) {
    w.show();
    QCoreApplication::processEvents();
    const bool ok = w.grab().save(path);
    std::printf("%s %s\n", ok ? "wrote" : "FAILED", qPrintable(path));
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    setenv("QT_QPA_PLATFORM", "offscreen", 0);
    setenv("WARPSCOPE_SOURCE_DIR", WS_SOURCE_DIR, 0);
    QApplication app(argc, argv);
    QFont f = QApplication::font();
    f.setPointSizeF(14);
    QApplication::setFont(f);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("docs/images");
    QDir().mkpath(out);
    using namespace ws;
    bool ok = true;
    auto tree = [&](const QString& file, const QString& name, int level, int pass,
                    std::uint32_t count, QSize size = {1600, 900}) {
        PlaybackModel model;
        model.setRun(test::loadBundled(file));
        ReductionTreeView view(&model);
        view.resize(size);
        view.setPass(pass);
        view.setWindow(0, count);
        if (level >= 0) view.setFixedLevel(level);
        test::waitFor([&] { return !view.modelPending(); });
        ok &= save(view, out + QStringLiteral("/reduction-tree-%1.png").arg(name));
    };
    tree(QStringLiteral("reduce-ladder__variant-sequential__n-2_16__block-256__type-float.wstrace"),
         QStringLiteral("sequential"), 4, 0, 32);
    tree(QStringLiteral(
             "reduce-ladder__variant-interleaved-divergent__n-2_16__block-256__type-float.wstrace"),
         QStringLiteral("interleaved"), 4, 0, 32);
    tree(QStringLiteral("reduce-single-block-noncomm__n-10000__block-256__op-affine.wstrace"),
         QStringLiteral("affine"), 3, 0, 16);
    tree(QStringLiteral(
             "reduce-warp__variant-shuffle__n-2_16__block-1024__op-add__type-int32.wstrace"),
         QStringLiteral("shuffle"), 3, 0, 32);
    tree(
        QStringLiteral("reduce-warp__variant-comm__n-2_16__block-1024__op-add__type-int32.wstrace"),
        QStringLiteral("warp-shared"), 3, 0, 32);
    tree(QStringLiteral(
             "reduce-last-block__n-2_20__block-256__grid-0__type-int32__traced_blocks-1.wstrace"),
         QStringLiteral("last-block"), -1, 1, 32);
    {
        PlaybackModel model;
        model.setRun(test::loadBundled(QStringLiteral(
            "reduce-last-block__n-2_20__block-256__grid-0__type-int32__traced_blocks-1.wstrace")));
        ArrivalView view(&model);
        view.resize(900, 800);
        ok &= save(view, out + QStringLiteral("/last-block-arrivals.png"));
    }
    {
        PlaybackModel model;
        model.setRun(
            test::loadBundled(QStringLiteral("reduce-ladder__variant-interleaved-divergent__n-2_16_"
                                             "_block-256__type-float.wstrace")));
        DivergenceView view(&model);
        view.resize(1600, 700);
        view.setFixedRow(2);
        ok &= save(view, out + QStringLiteral("/divergence.png"));
    }
    auto bundled =
        BundledTraces::load(QStringLiteral(WS_SOURCE_DIR "/resources/traces/manifest.json"));
    if (bundled) {
        auto shown = test::loadBundled(QStringLiteral(
            "reduce-ladder__variant-sequential__n-2_20__block-256__type-float.wstrace"));
        LadderChart chart;
        chart.resize(1600, 900);
        chart.setData(ladderFor(*bundled, shown->run.get(), shown->run->device.memBandwidthGBs));
        ok &= save(chart, out + QStringLiteral("/ladder.png"));
        CompareWindow compare(*bundled);
        compare.resize(2000, 1200);
        compare.compare("reduce-ladder", {{"n", "65536"}, {"block", "256"}, {"type", "float"}},
                        QStringLiteral("interleaved-divergent"), QStringLiteral("sequential"));
        test::waitFor([&] { return !compare.loading(); });
        compare.setLevel(2);
        ok &= save(compare, out + QStringLiteral("/compare.png"));
    } else {
        ok = false;
    }
    return ok ? 0 : 1;
}
