// The operations view painted offscreen from hand-made pipelines: its rows,
// the overlap it shows, the arrows from calls to work, selection and tooltips.
#include "widgets/concurrency/operations_view.h"

#include <gtest/gtest.h>

#include <QMouseEvent>
#include <algorithm>

#include "core/common/time_offset.h"
#include "tests/widgets/concurrency/concurrency_test_runs.h"
#include "tests/widgets/concurrency/operation_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/concurrency/operation_style.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

using Hit = OperationsView::Hit;

struct Fixture {
    // The application exists before the first widget does.
    QApplication& app = test::app();
    PlaybackModel model;
    OperationsView view{&model};
    explicit Fixture(const ws::Run& run) {
        view.resize(1200, 700);
        model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
        model.setTime(model.duration());
    }
    int rowOf(OperationRowKind kind, std::uint32_t id) const {
        const auto& rows = view.lanes().rows;
        for (std::size_t r = 0; r < rows.size(); ++r)
            if (rows[r].kind == kind && rows[r].id == id) return int(r);
        return -1;
    }
};

TEST(OperationLanes, RowsForThreadsStreamsEnginesThenSms) {
    const ws::Run run = test::streamsRun(2, 4);
    const auto prepared = prepareRun(std::make_shared<const ws::Run>(run));
    const OperationLanes lanes = OperationLanes::build(run, prepared->origin, prepared->lanes);
    std::vector<std::string> labels;
    for (const auto& r : lanes.rows) labels.push_back(r.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"kernels | copies", "host thread 0", "stream 20",
                                                "stream 21", "copy engine 0", "copy engine 1",
                                                "SM 0", "SM 1", "SM 2", "SM 3"}));
    EXPECT_EQ(lanes.smRows, 4u);
    EXPECT_EQ(lanes.rows[2].items.size(), 6u);  // two chunks: in, kernel, out each
    // Chunk 1's copy in (1000..2000 after the first) runs under chunk 0's kernel.
    ASSERT_FALSE(lanes.bothBusy.empty());
    EXPECT_DOUBLE_EQ(lanes.bothBusy.front().second - lanes.bothBusy.front().first, 1000);
    ws::Run unaligned = run;
    unaligned.clocks.measured = false;
    EXPECT_FALSE(OperationLanes::build(unaligned, prepared->origin, prepared->lanes).hasOperations);
}

TEST(OperationLanes, WorkNotCollectedStaysOutOfTheBusySpans) {
    ws::Run run = test::streamsRun(2, 4);
    const auto prepared = prepareRun(std::make_shared<const ws::Run>(run));
    const OperationLanes timed = OperationLanes::build(run, prepared->origin, prepared->lanes);
    // A kernel and a copy whose times were not collected (start 0).
    test::addOperation(run, OperationKind::Kernel, 20, 0, 0);
    run.operations.startNs.back() = run.operations.endNs.back() = 0;
    test::addOperation(run, OperationKind::CopyHostToDevice, 21, 0, 0, 1, 4096);
    run.operations.startNs.back() = run.operations.endNs.back() = 0;
    const OperationLanes lanes = OperationLanes::build(run, prepared->origin, prepared->lanes);
    EXPECT_EQ(lanes.kernelBusy, timed.kernelBusy);
    EXPECT_EQ(lanes.copyBusy, timed.copyBusy);
    EXPECT_EQ(lanes.bothBusy, timed.bothBusy);
    // They keep their rows: the list and the tooltips still name them.
    EXPECT_EQ(lanes.rows[2].items.size(), timed.rows[2].items.size() + 1);
}

TEST(OperationLanes, SpanArithmetic) {
    EXPECT_EQ(mergeSpans({{5, 6}, {0, 2}, {1, 3}}), (std::vector<TimeSpan>{{0, 3}, {5, 6}}));
    EXPECT_EQ(intersectSpans({{0, 3}, {5, 9}}, {{2, 6}, {8, 10}}),
              (std::vector<TimeSpan>{{2, 3}, {5, 6}, {8, 9}}));
}

TEST(OperationsView, KernelsAndCopiesArePaintedInTheirRows) {
    Fixture f(test::streamsRun(2, 4));
    const QImage image = test::render(f.view);
    const int stream = f.rowOf(OperationRowKind::Stream, 20);
    ASSERT_GE(stream, 0);
    const auto& items = f.view.lanes().rows[std::size_t(stream)].items;
    const ws::Run& run = *f.model.run();
    for (std::size_t i : items) {
        const auto kind = OperationKind(run.operations.kind[i]);
        const QRectF r = f.view.itemRect({Hit::Operation, i, {}, stream});
        ASSERT_GT(r.width(), 4) << "operation " << i;
        EXPECT_TRUE(
            test::anyNear(image, r.toRect().adjusted(1, 1, -1, -1), opstyle::colour(kind), 40))
            << operationKindName(kind);
    }
    // The overlap row cross-hatches where a copy ran under a kernel.
    const QRectF overlap = f.view.rowRect(0);
    const TimeSpan both = f.view.lanes().bothBusy.front();
    const double x = f.view.data().mapTimeToX((both.first + both.second) / 2);
    EXPECT_TRUE(test::anyNear(
        image, QRect(int(x) - 3, int(overlap.top()) + 2, 6, int(overlap.height()) - 4),
        palette::text(), 30));
}

TEST(OperationsView, NotYetStartedWorkIsGreyedAtThePlayhead) {
    Fixture f(test::streamsRun(2, 4));
    f.model.setTime(0);
    const QImage image = test::render(f.view);
    const int stream = f.rowOf(OperationRowKind::Stream, 21);
    const std::size_t last = f.view.lanes().rows[std::size_t(stream)].items.back();
    const QRect r =
        f.view.itemRect({Hit::Operation, last, {}, stream}).toRect().adjusted(2, 2, -2, -2);
    EXPECT_TRUE(test::anyNear(image, r, palette::future(), 4));
    EXPECT_FALSE(test::anyNear(image, r, opstyle::colour(OperationKind::CopyDeviceToHost), 20));
}

TEST(OperationsView, HoverOrSelectionDrawsArrowsFromTheCall) {
    Fixture f(test::streamsRun(2, 4));
    const int stream = f.rowOf(OperationRowKind::Stream, 21);
    const std::size_t op = f.view.lanes().rows[std::size_t(stream)].items.front();
    const Hit hit{Hit::Operation, op, {}, stream};
    EXPECT_EQ(f.view.hitAt(f.view.itemRect(hit).center()), hit);
    f.view.select(hit);
    const auto flows = f.view.flows();
    ASSERT_EQ(flows.size(), 1u);
    const int thread = f.rowOf(OperationRowKind::HostThread, 0);
    EXPECT_NEAR(flows[0].from.y(), f.view.rowRect(thread).center().y(), 1);
    EXPECT_NEAR(flows[0].to.x(), f.view.itemRect(hit).left(), 1);
    const QString tip = f.view.toolTipFor(hit);
    EXPECT_TRUE(tip.contains("GB/s")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("asked by cudaMemcpyAsync on host thread 0")) << tip.toStdString();
    EXPECT_TRUE(tip.contains("pinned host memory"));
}

TEST(OperationsView, SelectingAKernelSelectsItsFirstBlockEverywhere) {
    Fixture f(test::streamsRun(2, 4));
    const int stream = f.rowOf(OperationRowKind::Stream, 20);
    const ws::Run& run = *f.model.run();
    std::size_t kernel = 0;
    for (std::size_t i : f.view.lanes().rows[std::size_t(stream)].items)
        if (run.operations.kind[i] == std::uint8_t(OperationKind::Kernel)) kernel = i;
    f.view.select({Hit::Operation, kernel, {}, stream});
    const BlockRef sel = f.model.selected();
    ASSERT_TRUE(sel.valid());
    EXPECT_EQ(sel.launch, run.operations.launch[kernel]);
    // The tooltip names the launch from 1, as the block panel and info do.
    const QString tip = f.view.toolTipFor({Hit::Operation, kernel, {}, stream});
    EXPECT_TRUE(tip.contains(QString("(launch %1)").arg(sel.launch + 1))) << tip.toStdString();
    // The block's bar in the SM rows is hit by a click on its centre.
    const QRectF bar = f.view.itemRect({Hit::Block, 0, sel, -1});
    const Hit back = f.view.hitAt(bar.center());
    EXPECT_EQ(back.kind, Hit::Block);
    EXPECT_EQ(back.block, sel);
}

// A double-click on a kernel fits it in the view, a second shows the whole
// run again; on a block, its launch; beside everything, the whole run.
TEST(OperationsView, DoubleClickFitsTheItemUnderIt) {
    Fixture f(test::streamsRun(2, 4));
    f.view.show();
    const int stream = f.rowOf(OperationRowKind::Stream, 20);
    const ws::Run& run = *f.model.run();
    std::size_t kernel = 0;
    for (std::size_t i : f.view.lanes().rows[std::size_t(stream)].items)
        if (run.operations.kind[i] == std::uint8_t(OperationKind::Kernel)) kernel = i;
    auto doubleClick = [&](QPointF at) {
        QMouseEvent e(QEvent::MouseButtonDblClick, at, f.view.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&f.view, &e);
    };
    const double full = f.view.data().span();
    const Hit k{Hit::Operation, kernel, {}, stream};
    doubleClick(f.view.itemRect(k).center());
    const auto [start, end] = f.view.fitSpan(k);
    EXPECT_GT(end, start);
    EXPECT_TRUE(f.view.data().showsRange(start, end));
    EXPECT_LT(f.view.data().span(), full);
    doubleClick(f.view.itemRect(k).center());
    EXPECT_DOUBLE_EQ(f.view.data().span(), full);

    const BlockRef block = f.model.prepared()->refOfBlock(
        run.operations.launch[kernel],
        run.launches[std::size_t(run.operations.launch[kernel])].blocks.block[0]);
    doubleClick(f.view.itemRect({Hit::Block, 0, block, -1}).center());
    const LaunchIndex& launch = f.model.prepared()->launches[std::size_t(block.launch)];
    EXPECT_TRUE(f.view.data().showsRange(launch.start, launch.end));
    doubleClick(QPointF(2, 2));
    EXPECT_DOUBLE_EQ(f.view.data().span(), full);
}

// The top row's bands (when kernels ran, when copies did) answered no
// click: a click on one picks the kernel or copy of that time in its
// stream's row, and a double-click fits it.
TEST(OperationsView, TheTopRowsBandsPickTheirKernelOrCopy) {
    Fixture f(test::streamsRun(2, 4));
    f.view.show();
    const int top = f.rowOf(OperationRowKind::Overlap, 0);
    ASSERT_GE(top, 0);
    const QRectF band = f.view.rowRect(top);
    const ws::Run& run = *f.model.run();
    const std::uint64_t origin = f.model.prepared()->origin;
    for (const bool kernels : {true, false}) {
        SCOPED_TRACE(kernels ? "kernels" : "copies");
        // The middle of the first operation of that kind.
        std::size_t op = run.operations.kind.size();
        for (std::size_t i = 0; i < run.operations.kind.size() && op == run.operations.kind.size();
             ++i)
            if ((OperationKind(run.operations.kind[i]) == OperationKind::Kernel) == kernels) op = i;
        ASSERT_LT(op, run.operations.kind.size());
        const double mid = (nsAfter(run.operations.startNs[op], origin) +
                            nsAfter(run.operations.endNs[op], origin)) /
                           2;
        const QPointF at(f.view.data().mapTimeToX(mid), kernels
                                                            ? band.top() + band.height() * 0.3
                                                            : band.bottom() - band.height() * 0.3);
        const Hit hit = f.view.hitAt(at);
        ASSERT_EQ(hit.kind, Hit::Operation);
        EXPECT_EQ((OperationKind(run.operations.kind[hit.index]) == OperationKind::Kernel),
                  kernels);
        EXPECT_EQ(f.view.lanes().rows[std::size_t(hit.row)].kind, OperationRowKind::Stream);
        QMouseEvent e(QEvent::MouseButtonDblClick, at, f.view.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&f.view, &e);
        const auto [s, end] = f.view.fitSpan(hit);
        EXPECT_TRUE(f.view.data().showsRange(s, end));
        f.view.zoomAt(0.0001, 0);  // back to all of it
    }
}

TEST(OperationsView, WithoutCuptiTheReasonIsShownAndTheBlocksStay) {
    ws::Run run = test::streamsRun(1, 2);
    run.operations = {};
    run.hostCalls = {};
    run.texts["cupti"] = "not recorded: CUPTI needs a CUDA device";
    Fixture f(run);
    EXPECT_FALSE(f.view.lanes().hasOperations);
    EXPECT_EQ(f.view.lanes().rows.size(), 5u);  // the message row and the SMs
    const QImage image = test::render(f.view);
    const QRectF sm0 = f.view.rowRect(1);
    EXPECT_TRUE(test::anyNear(image, sm0.toRect(), opstyle::streamColour(0), 30));
}

TEST(OperationsView, NoStreamTakesAnOperationsColour) {
    // Two streams' blocks were drawn in the migrations' sky blue and bluish
    // green, beside a legend that gives those colours to migrations.
    test::app();
    const OperationKind kinds[] = {OperationKind::Kernel,
                                   OperationKind::CopyHostToDevice,
                                   OperationKind::CopyDeviceToHost,
                                   OperationKind::Memset,
                                   OperationKind::MigrationHostToDevice,
                                   OperationKind::MigrationDeviceToHost};
    for (int stream = 0; stream < 4; ++stream) {
        const QColor c = opstyle::streamColour(stream);
        for (OperationKind k : kinds) {
            const QColor o = opstyle::colour(k);
            const int d = std::abs(c.red() - o.red()) + std::abs(c.green() - o.green()) +
                          std::abs(c.blue() - o.blue());
            EXPECT_GT(d, 60) << "stream " << stream << " " << c.name().toStdString() << " near "
                             << o.name().toStdString();
        }
        for (int other = 0; other < stream; ++other)
            EXPECT_NE(opstyle::streamColour(other), c) << stream;
    }
}

TEST(OperationsView, TheAxisFramesTheWorkNotTheSetUpBeforeIt) {
    // A cudaEventCreate 3 ms before the pipeline, as in the recorded streams
    // runs: the axis still starts where the work does.
    ws::Run run = test::streamsRun(2, 4);
    HostCallRecords& h = run.hostCalls;
    h.names.push_back("cudaEventCreate");
    h.name.push_back(std::uint32_t(h.names.size() - 1));
    h.thread.push_back(0);
    const std::uint64_t early = *std::min_element(h.startNs.begin(), h.startNs.end()) - 3'000'000;
    h.startNs.push_back(early);
    h.endNs.push_back(early + 4000);
    h.correlation.push_back(99);
    Fixture f(run);
    const PreparedRun& p = *f.model.prepared();
    // The run's span leaves out a host call this far before the work.
    EXPECT_GT(p.origin, early);
    double firstOp = 1e300, lastOp = 0;
    for (std::size_t i = 0; i < run.operations.size(); ++i) {
        firstOp = std::min(firstOp, double(run.operations.startNs[i] - p.origin));
        lastOp = std::max(lastOp, double(run.operations.endNs[i] - p.origin));
    }
    const TimelineData& d = f.view.data();
    EXPECT_GE(d.fullStart, 0);  // the set-up call is left out
    EXPECT_LE(d.fullStart, firstOp);
    EXPECT_GE(d.fullEnd, lastOp);
    // It begins where the first call that asked for work began (the first
    // cudaMemcpyAsync, 1.9 µs before its copy), less a small margin.
    const double firstAsk = double(run.hostCalls.startNs[0] - p.origin);
    EXPECT_LE(d.fullStart, firstAsk);
    EXPECT_GT(d.fullStart, firstAsk - 0.05 * (d.fullEnd - d.fullStart));
    // Operations and blocks keep their places relative to each other: a
    // kernel's box and its first block start at the same x.
    const int stream = f.rowOf(OperationRowKind::Stream, 20);
    for (std::size_t i : f.view.lanes().rows[std::size_t(stream)].items) {
        const std::int32_t launch = run.operations.launch[i];
        if (launch < 0) continue;
        const QRectF box = f.view.itemRect({Hit::Operation, i, {}, stream});
        const QRectF block = f.view.itemRect({Hit::Block, 0, p.refOfBlock(launch, 0), -1});
        EXPECT_NEAR(box.left(), block.left(), 1.5);
    }
}

TEST(OperationsView, SmLabelsStayAboveTheLegend) {
    // An H100's 132 SMs, all of which ran blocks, in rows thinner than a
    // line: no SM label reaches below the last row, where the legend begins.
    ws::Run run = test::streamsRun(2, 8);
    run.device.smCount = 132;
    std::uint32_t next = 0;
    for (auto& l : run.launches)
        for (auto& sm : l.blocks.sm) sm = next++ % 132;
    ASSERT_GE(next, 33u);  // more than a quarter of the SMs: every SM has its row
    Fixture f(run);
    f.view.resize(1200, 900);
    QFont big = f.view.font();
    big.setPixelSize(24);
    f.view.setFont(big);
    test::render(f.view);
    const auto labels = f.view.labelBoxes();
    int sms = 0;
    double lastBottom = -1e9;
    for (const auto& [row, box] : labels) {
        EXPECT_LE(box.bottom(), f.view.legendTop()) << f.view.lanes().rows[std::size_t(row)].label;
        EXPECT_GE(box.top(), lastBottom - 0.5);  // and none on top of another
        lastBottom = box.bottom();
        sms += f.view.lanes().rows[std::size_t(row)].kind == OperationRowKind::Sm;
    }
    EXPECT_GT(sms, 4);
    EXPECT_LT(sms, 132);
}

TEST(OperationsView, OnlyTheSmsThatRanBlocksHaveRowsWhereFewDid) {
    // A parent grid of 8 blocks on SMs 124-131 of an H100, as the dynamic
    // parallelism traces have it: the view drew 132 SM rows, and those 8 were
    // the last, scrolled out of the dock under 124 empty ones.
    ws::Run run = test::streamsRun(1, 1);
    run.device.smCount = 132;
    for (auto& l : run.launches)
        for (std::size_t b = 0; b < l.blocks.size(); ++b) l.blocks.sm[b] = 124 + b % 8;
    Fixture f(run);
    f.view.resize(1200, 400);
    const OperationLanes& lanes = f.view.lanes();
    ASSERT_EQ(lanes.smRows, 8u);
    EXPECT_EQ(lanes.idleSms, 124u);
    EXPECT_EQ(lanes.rows[lanes.operationRowCount()].label, "SM 124");
    EXPECT_EQ(lanes.rows.back().label, "SM 131");
    const QImage image = test::render(f.view);
    // Each block is drawn in its SM's row, inside the plot, and found there.
    const PreparedRun& p = *f.model.prepared();
    const int plotBottom = f.view.legendTop() - 6;
    for (std::uint32_t b = 0; b < run.launches[0].blocks.size(); ++b) {
        const BlockRef ref = p.refOfBlock(0, b);
        const QRectF bar = f.view.itemRect({Hit::Block, 0, ref, -1});
        ASSERT_FALSE(bar.isEmpty()) << "block " << b;
        EXPECT_LE(bar.bottom(), plotBottom + 1);
        EXPECT_EQ(f.view.hitAt(bar.center()).block, ref);
        EXPECT_TRUE(
            test::anyNear(image, bar.toRect().adjusted(1, 0, -1, 0), opstyle::streamColour(0), 30))
            << "block " << b;
    }
    // The rest are counted below the last row, above the legend.
    const QRectF band = f.view.idleBandRect();
    ASSERT_FALSE(band.isEmpty());
    EXPECT_GE(band.top(), f.view.rowRect(int(lanes.rows.size()) - 1).bottom() - 0.5);
    EXPECT_LE(band.bottom(), plotBottom + 1);
    EXPECT_TRUE(test::anyNear(image, band.toRect().adjusted(2, 2, -2, -2), palette::idleCell(), 4));
    // Where every SM ran a block there is no such line.
    ws::Run busy = run;
    std::uint32_t next = 0;
    for (auto& l : busy.launches)
        for (auto& sm : l.blocks.sm) sm = next++ % 4;
    busy.device.smCount = 4;
    Fixture g(busy);
    EXPECT_EQ(g.view.lanes().idleSms, 0u);
    EXPECT_TRUE(g.view.idleBandRect().isEmpty());
}

// Fault groups under migrations overlap in the managed-memory row: their
// labels were printed over each other ("faulfaults").
TEST(OperationsView, LabelsOfOverlappingBarsAreNotPrintedOverEachOther) {
    ws::Run run = test::streamsRun(1, 2);
    for (std::uint64_t t : {2000, 2300, 2600})
        test::addOperation(run, OperationKind::GpuPageFaults, 0, t, t + 1500, 0, 8);
    Fixture f(run);
    f.view.resize(1200, 500);
    f.view.setAttribute(Qt::WA_DontShowOnScreen);
    f.view.show();
    std::vector<QRectF> faults;
    for (const auto& t : test::probeText(&f.view))
        if (t.text.startsWith(QStringLiteral("fault"))) faults.push_back(t.box);
    ASSERT_FALSE(faults.empty());
    for (std::size_t i = 0; i < faults.size(); ++i)
        for (std::size_t j = i + 1; j < faults.size(); ++j)
            EXPECT_FALSE(faults[i].intersects(faults[j])) << i << " and " << j;
}

// Rows thinner than a line of text drew their bars' names at full size,
// half outside the row ("cudaMemcpyAsync" cut by the next row): a name is
// as tall as its row allows, or left to the tooltip.
TEST(OperationsView, ABarsNameStaysInsideItsRow) {
    Fixture f(test::streamsRun(8, 4));
    QFont font = f.view.font();
    font.setPointSizeF(font.pointSizeF() * 1.4);  // a projector's
    f.view.setFont(font);
    f.view.resize(1000, 440);
    f.view.setAttribute(Qt::WA_DontShowOnScreen);
    f.view.show();
    int names = 0;
    for (const auto& t : test::probeText(&f.view)) {
        if (t.box.left() < f.view.rowRect(0).left() + 4) continue;  // row labels, the axis
        for (int row = 0; row < int(f.view.lanes().rows.size()); ++row) {
            const QRectF r = f.view.rowRect(row);
            if (!r.contains(t.box.center())) continue;
            ++names;
            EXPECT_GE(t.box.top(), r.top() - 1) << t.text.toStdString();
            EXPECT_LE(t.box.bottom(), r.bottom() + 1) << t.text.toStdString();
        }
    }
    EXPECT_GT(names, 0);
}

TEST(OperationsView, AShortViewShrinksItsRowsInsteadOfRunningUnderTheLegend) {
    // Eight streams: eight operation rows and their copy engines. In the
    // concurrency dock of a 1080-line window the last rows and their labels
    // ran past the plot, under the legend.
    Fixture f(test::streamsRun(8, 16));
    f.view.resize(1200, 330);
    const int plotBottom = f.view.legendTop() - 6;
    const auto& rows = f.view.lanes().rows;
    ASSERT_GE(f.view.lanes().operationRowCount(), 10u);
    for (std::size_t r = 0; r < f.view.lanes().operationRowCount(); ++r)
        EXPECT_LE(f.view.rowRect(int(r)).bottom(), plotBottom + 1) << rows[r].label;
    const auto labels = f.view.labelBoxes();
    ASSERT_GE(labels.size(), 4u);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        EXPECT_LE(labels[i].second.bottom(), plotBottom + 1);
        if (i > 0) EXPECT_LE(labels[i - 1].second.bottom(), labels[i].second.top() + 0.5);
    }
    // With room, every operation row has its label.
    f.view.resize(1200, 900);
    std::size_t named = 0;
    for (const auto& [row, box] : f.view.labelBoxes())
        named += std::size_t(row) < f.view.lanes().operationRowCount();
    EXPECT_EQ(named, f.view.lanes().operationRowCount());
}

}  // namespace
}  // namespace ws
