// The lab's plots from their data: the roofline's roofs and curves, the
// reuse bars from the model and the counters, the ladder as % of cuBLAS
// beside the A6000 staircase, gathered from a manifest as the bundled one.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QFile>
#include <QTemporaryDir>

#include "app/gui/matmul_series.h"
#include "core/matmul_model_run.h"
#include "tests/widgets/qt_test_support.h"
#include "widgets/ladder_chart.h"
#include "widgets/reuse_view.h"
#include "widgets/roofline_view.h"

namespace ws {
namespace {

// A manifest of matmul runs at n = 1024 (and a copy for the memory roof).
class Manifest {
public:
    Manifest() {
        QFile f(m_dir.path() + "/manifest.json");
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        QString items;
        auto item = [&](const QString& experiment, const QString& params, double ms,
                        double gbps = 0) {
            items += QStringLiteral(R"({"file": "x.wstrace", "experiment": "%1", "params": {%2},
                "device": "NVIDIA H100 80GB HBM3", "kernelMs": %3, "gbPerS": %4, "verified": true},)")
                         .arg(experiment, params)
                         .arg(ms)
                         .arg(gbps);
        };
        // 2 * 1024^3 FLOP = 2.147 GFLOP: 1 ms is 2147 GFLOP/s.
        item("matmul", R"("variant": "seed-tiled", "n": "1024", "block_dim": "16")", 4.0);
        item("matmul", R"("variant": "blocktile-2d", "n": "1024", "block_dim": "8")", 0.2);
        item("matmul", R"("variant": "warptile", "n": "1024", "block_dim": "8")", 0.1);
        item("matmul", R"("variant": "cublas", "n": "1024", "block_dim": "8")", 0.08);
        item("transpose-f32", R"("variant": "copy", "width": "4096", "height": "4096")", 0.1, 2838);
        items.chop(1);
        f.write(QStringLiteral(R"({"traces": [%1]})").arg(items).toUtf8());
        f.close();
        auto loaded = BundledTraces::load(f.fileName());
        EXPECT_TRUE(loaded.ok());
        if (loaded) bundled = std::move(*loaded);
    }
    QTemporaryDir m_dir;
    BundledTraces bundled;
};

ws::Run shownRun(const std::string& variant, const std::string& n) {
    ws::Run r = modelledMatmulRun({{"variant", variant}, {"n", n}}, 0.1);
    r.device.name = "NVIDIA H100 80GB HBM3";
    return r;
}

TEST(MatmulSeries, LadderIsPercentOfCublasBesideTheA6000) {
    test::app();
    Manifest m;
    const ws::Run shown = shownRun("warptile", "1024");
    const LadderData d = matmulLadder(&shown, {&m.bundled, {}, std::nullopt});
    ASSERT_EQ(d.bars.size(), 4u);
    EXPECT_EQ(d.bars[0].label, "seed-tiled (16)");
    EXPECT_NEAR(d.peakGBs, 2.0 * 1024 * 1024 * 1024 / 0.08e6, 1e-6);
    EXPECT_TRUE(d.bars[2].current);
    EXPECT_EQ(d.bars[2].note, "A6000: 93.7 %");
    LadderChart chart;
    chart.resize(1200, 600);
    chart.setData(d);
    const QStringList labels = chart.valueLabels();
    ASSERT_EQ(labels.size(), 4);
    EXPECT_TRUE(labels[2].contains("80 % of cuBLAS")) << labels[2].toStdString();
    EXPECT_TRUE(labels[1].contains("A6000: 68.7 %")) << labels[1].toStdString();
}

TEST(MatmulSeries, RooflineRoofsFromTheDeviceAndTheMeasuredCopy) {
    test::app();
    Manifest m;
    const ws::Run shown = shownRun("warptile", "1024");
    const RooflineData d = matmulRoofline(&shown, {&m.bundled, {}, std::nullopt});
    EXPECT_NEAR(d.peakGflops, 132 * 128 * 2 * 1.98, 1e-6);
    EXPECT_DOUBLE_EQ(d.memoryGBs, 2838);
    EXPECT_TRUE(d.memorySource.contains("measured"));
    EXPECT_EQ(d.points.size(), 3u);  // cuBLAS has no model and no counters here
    ASSERT_TRUE(d.current.has_value());
    EXPECT_DOUBLE_EQ(d.current->intensity, 32);
    RooflineView view;
    view.resize(700, 500);
    view.setData(d);
    EXPECT_EQ(view.variantCurves(), 3);
    EXPECT_DOUBLE_EQ(view.roofAt(1), 2838);
    EXPECT_DOUBLE_EQ(view.roofAt(1000), d.peakGflops);
    test::render(view);
}

TEST(MatmulSeries, ReuseBarsFromTheModelAndTheCounters) {
    test::app();
    const ws::Run shown = shownRun("coalesced", "1024");
    ReuseData modelOnly = matmulReuse(&shown, {nullptr, {}, std::nullopt});
    EXPECT_EQ(modelOnly.bars.size(), 10u);  // the GPU kernels; cuBLAS has no model
    for (const auto& b : modelOnly.bars)
        if (b.variant == "coalesced") {
            EXPECT_TRUE(b.current);
            EXPECT_DOUBLE_EQ(b.askedBytesPerFlop, 4);
            EXPECT_DOUBLE_EQ(b.sectorBytesPerFlop, 2.5);
        }
    MatmulCounters c;
    c.n = 2048;
    c.variants["cublas"] = {1e8, 2e6, 3e6};
    ReuseData measured = matmulReuse(&shown, {nullptr, {}, c});
    ASSERT_EQ(measured.bars.size(), 11u);
    EXPECT_NEAR(measured.bars.back().dramBytesPerFlop, 1e8 / (2.0 * 2048 * 2048 * 2048), 1e-15);
    ReuseView view;
    view.resize(700, 460);
    view.setData(measured);
    EXPECT_EQ(view.seriesCount(), 5);
    test::render(view);
}

}  // namespace
}  // namespace ws
