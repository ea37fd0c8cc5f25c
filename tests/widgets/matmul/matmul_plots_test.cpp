// The lab's plots from their data: the roofline's roofs and curves, the
// reuse bars from the model and the counters, the ladder as % of cuBLAS
// beside the A6000 staircase, gathered from a manifest as the bundled one.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QFile>
#include <QTemporaryDir>

#include "app/gui/matmul/matmul_series.h"
#include "core/matmul/matmul_model_run.h"
#include "tests/widgets/support/qt_test_support.h"
#include "widgets/matmul/reuse_view.h"
#include "widgets/matmul/roofline_view.h"
#include "widgets/plots/ladder_chart.h"

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

// Shown offscreen at `width` with a projector-sized font, so that the
// layout (and the labels placed from it) is the one painted.
// A plot note's text with its line breaks as spaces: notes wrap to the plot's width.
QString flat(const QCPItemText* t) { return QString(t->text()).replace('\n', ' '); }

template <typename W>
void showAt(W& w, int width, int height, double fontPoints = 18) {
    QFont f = w.font();
    f.setPointSizeF(fontPoints);
    w.setFont(f);
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.show();
    w.resize(width, height);
    QCoreApplication::processEvents();
}

TEST(MatmulSeries, LadderMarksTheBuggyKernelAsFailedVerification) {
    test::app();
    auto bundled = BundledTraces::load(qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") +
                                       QStringLiteral("/resources/traces/manifest.json"));
    ASSERT_TRUE(bundled) << bundled.error();
    const ws::Run shown = shownRun("seed-tiled", "1024");
    const LadderData d = matmulLadder(&shown, {&*bundled, {}, std::nullopt});
    int failed = 0;
    for (const LadderBar& b : d.bars) {
        EXPECT_EQ(b.failed, b.label.startsWith("seed-tiled-bug")) << b.label.toStdString();
        failed += b.failed;
    }
    ASSERT_EQ(failed, 1);
    LadderChart chart;
    showAt(chart, 1800, 700);
    chart.setData(d);
    for (std::size_t i = 0; i < d.bars.size(); ++i) {
        const QString label = chart.valueLabels()[int(i)];
        // A wrong result is no percentage of cuBLAS.
        EXPECT_EQ(label.contains("wrong"), d.bars[i].failed) << label.toStdString();
        EXPECT_EQ(label.split('\n').value(1).contains('%'), !d.bars[i].failed)
            << label.toStdString();
    }
    // The failed bar is drawn hatched grey over the blue one.
    int hatched = 0;
    for (int i = 0; i < chart.plot()->plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPBars*>(chart.plot()->plottable(i)))
            hatched += b->brush().style() == Qt::BDiagPattern;
    EXPECT_EQ(hatched, 1);
}

TEST(LadderChart, ValueLabelsNeverOverlapAtAnyWidth) {
    test::app();
    LadderData d;
    d.unit = QStringLiteral("GFLOP/s");
    d.fractionName = QStringLiteral("of cuBLAS");
    d.peakGBs = 51421;
    // Thirteen rungs as at n = 256: seven orders of magnitude, notes, a failure.
    const double values[] = {0.4,  95,    310,   950,   1450,  2400, 3100,
                             9800, 16608, 34562, 43040, 45923, 51421};
    for (int i = 0; i < 13; ++i) {
        LadderBar b{QStringLiteral("variant-%1").arg(i), values[i], i == 9, {}};
        if (i >= 7 && i < 12) b.note = QStringLiteral("A6000: %1 %").arg(60.0 + i, 0, 'f', 1);
        b.failed = i == 4;
        d.bars.push_back(b);
    }
    for (const int width : {1900, 1200, 960, 640}) {
        SCOPED_TRACE(width);
        LadderChart chart;
        showAt(chart, width, 700);
        chart.setData(d);
        const auto rects = chart.valueLabelRects();
        ASSERT_EQ(rects.size(), 13u);
        const QRect area = chart.plot()->axisRect()->rect();
        for (std::size_t i = 0; i < rects.size(); ++i) {
            EXPECT_GE(rects[i].top(), area.top() - 1) << "label " << i << " cut at the top";
            for (std::size_t j = i + 1; j < rects.size(); ++j)
                EXPECT_FALSE(rects[i].intersects(rects[j]))
                    << "labels " << i << " and " << j << ": "
                    << chart.valueLabels()[int(i)].toStdString() << " / "
                    << chart.valueLabels()[int(j)].toStdString();
        }
    }
}

TEST(MatmulSeries, RooflineSaysWhenTheRunOnShowIsNotOnIt) {
    test::app();
    Manifest m;
    const ws::Run placed = shownRun("warptile", "1024");
    EXPECT_TRUE(matmulRoofline(&placed, {&m.bundled, {}, std::nullopt}).note.isEmpty());
    const ws::Run cublas = shownRun("cublas", "1024");
    const RooflineData c = matmulRoofline(&cublas, {&m.bundled, {}, std::nullopt});
    EXPECT_FALSE(c.current.has_value());
    EXPECT_TRUE(c.note.contains("cublas, n = 1024")) << c.note.toStdString();
    ws::Run hello = shownRun("warptile", "1024");
    hello.experiment = "hello";
    hello.params = {{"grid", "2"}, {"block", "64"}};
    const RooflineData h = matmulRoofline(&hello, {&m.bundled, {}, std::nullopt});
    EXPECT_TRUE(h.note.contains("(hello) is not one of them")) << h.note.toStdString();
    RooflineView view;
    view.resize(700, 500);
    view.setData(h);
    bool shown = false;
    for (int i = 0; i < view.plot()->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(view.plot()->item(i)))
            shown = shown || flat(t) == QString(h.note).replace('\n', ' ');
    EXPECT_TRUE(shown);
}

TEST(RooflineView, PointsAboveTheMemoryRoofAreExplained) {
    test::app();
    auto explained = [](const RooflineData& d) {
        RooflineView view;
        view.resize(700, 500);
        view.setData(d);
        for (int i = 0; i < view.plot()->itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(view.plot()->item(i)))
                if (flat(t).contains("load from L1 and L2")) return true;
        return false;
    };
    RooflineData d;
    d.peakGflops = 60000;
    d.memoryGBs = 2800;  // roof at 0.25 FLOP/B: 700 GFLOP/s
    d.points = {{"naive", 1024, 0.25, 500, false}};
    EXPECT_FALSE(explained(d));
    d.points.push_back({"coalesced", 1024, 0.25, 6000, false});
    EXPECT_TRUE(explained(d));
    d.points.back().measuredIntensity = true;  // DRAM bytes: the roof holds
    EXPECT_FALSE(explained(d));
    // Half a projected slide, a projector's font: the notes wrap inside the plot.
    d.points.back().measuredIntensity = false;
    d.note =
        "The run on show (cublas, n = 1024, 32334 GFLOP/s) is not placed: no load model, and "
        "no DRAM counters at this size.";
    RooflineView half;
    showAt(half, 640, 560, 20);
    half.setData(d);
    const QRect area = half.plot()->axisRect()->rect();
    int notes = 0;
    for (int i = 0; i < half.plot()->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(half.plot()->item(i)))
            if (flat(t).contains("L1 and L2") || flat(t).contains("not placed")) {
                ++notes;
                EXPECT_GE(t->topLeft->pixelPosition().x(), area.left() - 1)
                    << t->text().toStdString();
                EXPECT_LE(t->bottomRight->pixelPosition().x(), area.right() + 1)
                    << t->text().toStdString();
            }
    EXPECT_EQ(notes, 2);
}

// Half a 1024-pixel projector's slide: the peak's second line reached left
// over the axis's "10^5", and the memory roof's label, level above its
// sloping roof, was crossed by it and cut at the right.
TEST(RooflineView, RoofLabelsStayInsideThePlotAndOffTheirRoof) {
    test::app();
    RooflineData d;
    d.peakGflops = 66908;
    d.peakText = "132 SMs × 128 FP32 lanes × 2 × 1.98 GHz";
    d.memoryGBs = 2481;
    d.memorySource = "float4 copy measured";
    d.points = {{"naive", 1024, 0.25, 900, false}, {"warptile", 1024, 32, 42000, false}};
    for (const auto& [width, points] : std::vector<std::pair<int, double>>{{500, 18}, {1200, 11}}) {
        SCOPED_TRACE(width);
        RooflineView view;
        showAt(view, width, 480, points);
        view.setData(d);
        QCustomPlot* p = view.plot();
        const QRect area = p->axisRect()->rect();
        ASSERT_NE(view.peakLabel(), nullptr);
        ASSERT_NE(view.memoryLabel(), nullptr);
        for (QCPItemText* t : {view.peakLabel(), view.memoryLabel()})
            for (QCPItemAnchor* corner : {t->topLeft, t->topRight, t->bottomLeft, t->bottomRight}) {
                EXPECT_GE(corner->pixelPosition().x(), area.left() - 1) << flat(t).toStdString();
                EXPECT_LE(corner->pixelPosition().x(), area.right() + 1) << flat(t).toStdString();
            }
        // Along the roof: the label's corners on the roof's side lie just
        // off it. The naive kernel (0.25 FLOP/B, 900 GFLOP/s) lies above the
        // roof, where its marker covered the label's digits: the label goes
        // under the roof, and covers no marker.
        QCPItemText* m = view.memoryLabel();
        const bool under = (m->positionAlignment() & Qt::AlignTop) != 0;
        EXPECT_TRUE(under);
        for (QCPItemAnchor* corner : {m->topLeft, m->topRight}) {
            const QPointF c = corner->pixelPosition();
            const double roofY = p->yAxis->coordToPixel(view.roofAt(p->xAxis->pixelToCoord(c.x())));
            EXPECT_GE(c.y(), roofY - 1.5) << "above the roof at x " << c.x();
            EXPECT_LE(c.y(), roofY + 16) << "far below the roof at x " << c.x();
        }
        const QPolygonF box({m->topLeft->pixelPosition(), m->topRight->pixelPosition(),
                             m->bottomRight->pixelPosition(), m->bottomLeft->pixelPosition()});
        for (const auto& point : d.points) {
            const QPointF at(p->xAxis->coordToPixel(point.intensity),
                             p->yAxis->coordToPixel(point.gflops));
            EXPECT_FALSE(box.containsPoint(at, Qt::OddEvenFill)) << point.variant.toStdString();
        }
        EXPECT_LT(m->rotation(), -5);  // rising to the right
    }
}

// Eleven entries in a projector's font in half a 1024-pixel slide: the third
// column's "seed-tiled-bug" was cut at the plot's right edge.
TEST(RooflineView, EveryLegendEntryIsWholeInAProjectorsFont) {
    test::app();
    RooflineData d;
    d.peakGflops = 66908;
    d.memoryGBs = 2481;
    const char* names[] = {"seed-naive",    "seed-tiled",   "seed-tiled-bug", "coalesced",
                           "shared-tiling", "blocktile-1d", "blocktile-2d",   "vectorized",
                           "warptile",      "warptile-db"};
    for (const char* n : names) {
        d.variants << QString::fromLatin1(n);
        d.points.push_back({QString::fromLatin1(n), 1024, 1, 1000, false});
    }
    d.current = d.points.front();
    for (const int width : {502, 760}) {
        SCOPED_TRACE(width);
        // The data first, then the projector's font, as presentation mode does.
        RooflineView view;
        showAt(view, width, 580, 11);
        view.setData(d);
        QFont f = view.font();
        f.setPointSizeF(18);
        view.setFont(f);
        QCoreApplication::processEvents();
        view.plot()->replot();
        const QCPLegend* legend = view.plot()->legend;
        EXPECT_LE(legend->outerRect().right(), view.plot()->width());
        for (int i = 0; i < legend->itemCount(); ++i)
            if (const QCPAbstractLegendItem* item = legend->item(i)) {
                EXPECT_LE(item->outerRect().right(), view.plot()->width()) << i;
                EXPECT_GE(item->outerRect().width(), item->minimumOuterSizeHint().width()) << i;
            }
    }
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
    // Short and at a projector's font, the two lines over the peak roof
    // still lie inside the plot.
    RooflineView small;
    showAt(small, 900, 420);
    small.setData(d);
    const QRect area = small.plot()->axisRect()->rect();
    int labels = 0;
    for (int i = 0; i < small.plot()->itemCount(); ++i)
        if (auto* t = qobject_cast<QCPItemText*>(small.plot()->item(i))) {
            ++labels;
            EXPECT_GE(t->topLeft->pixelPosition().y(), area.top() - 1) << t->text().toStdString();
        }
    EXPECT_GE(labels, 2);
}

// A run with counters stands at its DRAM bytes, its L2 and L1 bytes beside
// it; one without is where the load model puts it, ringed with a dashed
// line; a bundled run's counter bytes come from the manifest.
TEST(MatmulSeries, RooflinePlacesEveryRunWithCountersByItsBytes) {
    test::app();
    Manifest m;
    ws::Run shown = shownRun("warptile", "1024");
    const double flops = 2.0 * 1024 * 1024 * 1024;
    shown.profile.counters = {{"timed work", "dram__bytes_read.sum", 12e6},
                              {"timed work", "dram__bytes_write.sum", 4e6},
                              {"timed work", "lts__t_bytes.sum", 64e6},
                              {"timed work", "l1tex__t_bytes.sum", 256e6}};
    MatmulSources sources{&m.bundled, {}, std::nullopt};
    sources.session.push_back(*matmulMeasurementOf(shown));
    const RooflineData d = matmulRoofline(&shown, sources);
    ASSERT_TRUE(d.current.has_value());
    EXPECT_TRUE(d.current->measuredIntensity);
    EXPECT_DOUBLE_EQ(d.current->intensity, flops / 16e6);
    ASSERT_EQ(d.measuredLevels.size(), 3u);
    EXPECT_DOUBLE_EQ(d.measuredLevels[1].intensity, flops / 64e6);
    // The live run's L2 and L1 points; the bundled ones have no counters.
    ASSERT_EQ(d.levelPoints.size(), 2u);
    EXPECT_EQ(d.levelPoints[0].level, "L2");
    EXPECT_DOUBLE_EQ(d.levelPoints[1].intensity, flops / 256e6);
    int modelled = 0;
    for (const auto& p : d.points) modelled += p.measuredIntensity ? 0 : 1;
    EXPECT_EQ(modelled, 3);  // the three bundled runs with a model
    RooflineView view;
    view.resize(800, 560);
    view.setData(d);
    QStringList names;
    for (int i = 0; i < view.plot()->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(view.plot()->legend->item(i)))
            names << item->plottable()->name();
    EXPECT_TRUE(names.contains("load model, no counters")) << names.join(", ").toStdString();
    EXPECT_TRUE(names.contains("L2 and L1 bytes (counters)"));

    // The manifest's counter bytes place a bundled run the same way.
    QTemporaryDir dir;
    QFile f(dir.path() + "/manifest.json");
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(R"({"traces": [{"file": "x.wstrace", "experiment": "matmul",
        "params": {"variant": "warptile-db", "n": "1024"}, "device": "NVIDIA H100 80GB HBM3",
        "kernelMs": 0.1, "verified": true,
        "counterBytes": {"dram": 8e6, "l2": 32e6, "l1": 128e6}}]})");
    f.close();
    auto bundled = BundledTraces::load(f.fileName());
    ASSERT_TRUE(bundled.ok());
    const RooflineData b = matmulRoofline(&shown, {&*bundled, {}, std::nullopt});
    ASSERT_EQ(b.points.size(), 1u);
    EXPECT_TRUE(b.points[0].measuredIntensity);
    EXPECT_DOUBLE_EQ(b.points[0].intensity, flops / 8e6);
    EXPECT_EQ(b.levelPoints.size(), 2u);
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

// Five legend entries side by side held the reuse view 434 px wide: the
// legend now takes as many columns as the width holds, every entry whole.
TEST(ReuseView, TheLegendTakesTheColumnsTheWidthHolds) {
    test::app();
    const ws::Run shown = shownRun("coalesced", "1024");
    MatmulCounters c;
    c.n = 2048;
    c.variants["coalesced"] = {1e8, 2e6, 3e6};
    ReuseView view;
    view.setData(matmulReuse(&shown, {nullptr, {}, c}));
    // The legend's grid counts its empty cells too: the entries are the rest.
    auto entries = [](const QCPLegend* legend) {
        std::vector<QCPAbstractLegendItem*> items;
        for (int i = 0; i < legend->itemCount(); ++i)
            if (QCPAbstractLegendItem* item = legend->item(i)) items.push_back(item);
        return items;
    };
    ASSERT_EQ(entries(view.plot()->legend).size(), 5u);
    EXPECT_LT(view.minimumSizeHint().width(), 300);
    for (const int width : {260, 420, 900}) {
        view.resize(width, 460);
        test::render(view);
        const QCPLegend* legend = view.plot()->legend;
        EXPECT_LE(legend->outerRect().width(), width) << width;
        for (const QCPAbstractLegendItem* item : entries(legend))
            EXPECT_GE(item->outerRect().width(), item->minimumOuterSizeHint().width())
                << width << ": an entry is cut";
        if (width == 260) EXPECT_EQ(legend->wrap(), 1);
        if (width == 900) EXPECT_EQ(legend->wrap(), 5);
    }
}

}  // namespace
}  // namespace ws
