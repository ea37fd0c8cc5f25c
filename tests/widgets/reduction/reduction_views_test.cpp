// The lab's views on bundled traces, rendered offscreen: the model each view
// builds (nodes per level, connected pairs, divergent warps, arrival order,
// bars) and the pixels that show it.
#include <gtest/gtest.h>
#include <qcustomplot.h>

#include <QRegularExpression>
#include <cmath>
#include <map>

#include "app/gui/compare/compare_window.h"
#include "app/gui/reduction/ladder_data.h"
#include "app/gui/workbench/run_info_panel.h"
#include "core/reduction/reduction_shapes.h"
#include "core/trace/trace_io.h"
#include "tests/widgets/reduction/lab_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/reduction/arrival_view.h"
#include "widgets/reduction/divergence_view.h"
#include "widgets/reduction/reduction_tree_view.h"
#include "widgets/reduction/tree_text.h"
#include "widgets/reduction/warp_view.h"

namespace ws {
namespace {

const QString kSequential =
    QStringLiteral("reduce-ladder__variant-sequential__n-2_16__block-256__type-float.wstrace");
const QString kDivergent = QStringLiteral(
    "reduce-ladder__variant-interleaved-divergent__n-2_16__block-256__type-float.wstrace");
const QString kAffine =
    QStringLiteral("reduce-single-block-noncomm__n-10000__block-256__op-affine.wstrace");
const QString kLastBlock = QStringLiteral(
    "reduce-last-block__n-2_20__block-256__grid-0__type-int32__traced_blocks-1.wstrace");

struct Shown {
    PlaybackModel model;
    explicit Shown(const QString& file) : Shown(file, test::loadBundled) {}
    template <typename Load>
    Shown(const QString& file, Load load) {
        test::app();
        auto p = load(file);
        EXPECT_TRUE(p) << file.toStdString();
        model.setRun(p);
    }
};

std::vector<std::size_t> nodesPerLevel(const ReductionTreeLayout& l) {
    std::vector<std::size_t> n;
    for (const auto& level : l.nodes) n.push_back(level.size());
    return n;
}

TEST(ReductionTreeView, SequentialPacksResultsToTheLeftAndIsMeasured) {
    Shown s(kSequential);
    ReductionTreeView view(&s.model);
    view.resize(1200, 800);
    view.setWindow(0, 32);  // the window these checks count in (not fitted to the values)
    ASSERT_NE(view.pass(), nullptr);
    EXPECT_EQ(view.pass()->source, ValueSource::Measured);
    EXPECT_EQ(nodesPerLevel(view.layout()),
              (std::vector<std::size_t>{32, 32, 32, 32, 16, 8, 4, 2, 1}));
    for (std::uint32_t k = 1; k < view.layout().levels; ++k)
        EXPECT_EQ(view.layout().edges[k].size(), 2 * view.layout().nodes[k].size());
    // At the end of the run the last level is on show, its root in orange.
    EXPECT_EQ(view.shownLevel(), 8);
    const QImage image = test::render(view);
    EXPECT_TRUE(test::anyNear(image, view.nodeRect(8, 0).toRect(), QColor(QRgb(0xE69F00)), 20));
    // Rewound before the block started: nothing is revealed yet.
    s.model.setTime(0);
    EXPECT_LE(view.shownLevel(), 0);
}

TEST(ReductionTreeView, NotesOnSlotsReadFromOutsideTheWindowKeepClearOfTheNodes) {
    // The window's default size in a 1920x1080 workbench: eight slots of 256
    // fit, and each level's note on the slots it read from further right
    // ("reads slots 128–135") used to be pushed over the nodes.
    Shown s(kSequential);
    for (const QSize size : {QSize(760, 440), QSize(760, 560), QSize(600, 400)})
        for (const bool fitted : {true, false}) {
            ReductionTreeView view(&s.model);
            view.setAttribute(Qt::WA_DontShowOnScreen);
            view.show();
            view.resize(size);
            QCoreApplication::processEvents();
            if (!fitted) view.setWindow(0, 8);
            ASSERT_NE(view.pass(), nullptr);
            ASSERT_LT(view.layout().slotCount, 256u);
            std::vector<test::DrawnText> notes;
            for (const test::DrawnText& t : test::probeText(&view))
                if (t.text.startsWith(QStringLiteral("reads"))) notes.push_back(t);
            ASSERT_GE(notes.size(), 3u) << "fitted " << fitted;
            for (const test::DrawnText& note : notes) {
                EXPECT_LE(note.box.right(), view.width()) << note.text.toStdString();
                for (std::uint32_t k = 0; k < view.layout().levels; ++k)
                    for (const TreeNode& n : view.layout().nodes[k])
                        EXPECT_FALSE(note.box.intersects(view.nodeRect(k, n.slot)))
                            << note.text.toStdString() << " covers level " << k << " slot "
                            << n.slot << (fitted ? " (fitted) " : " (8 slots) ") << size.width()
                            << "x" << size.height();
            }
        }
}

TEST(ReductionTreeView, InterleavedKeepsResultsAtEvenSlots) {
    Shown s(kDivergent);
    ReductionTreeView view(&s.model);
    view.resize(1200, 800);
    view.setWindow(0, 32);  // the window these checks count in (not fitted to the values)
    ASSERT_NE(view.pass(), nullptr);
    EXPECT_EQ(nodesPerLevel(view.layout()),
              (std::vector<std::size_t>{32, 16, 8, 4, 2, 1, 1, 1, 1}));  // slot 0 works every step
    EXPECT_EQ(view.layout().nodes[1][1].slot, 2u);
    EXPECT_EQ(view.layout().nodes[1][1].thread, 2u);
    (void)test::render(view);
}

TEST(ReductionTreeView, FixedLevelOverridesThePlayback) {
    Shown s(kSequential);
    ReductionTreeView view(&s.model);
    view.setFixedLevel(2);
    EXPECT_EQ(view.shownLevel(), 2);
    view.setFixedLevel(std::nullopt);
    EXPECT_EQ(view.shownLevel(), 8);
}

TEST(ReductionTreeView, AffineCaptionShowsBothOperandOrders) {
    Shown s(kAffine);
    ReductionTreeView view(&s.model);
    view.resize(1200, 800);
    ASSERT_NE(view.pass(), nullptr);
    EXPECT_EQ(view.pass()->components, 2u);
    view.setFixedLevel(1);
    const QString caption = view.captionText();
    EXPECT_TRUE(caption.contains(QStringLiteral("combine("))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("swapped"))) << caption.toStdString();
    (void)test::render(view);
}

TEST(ReductionTreeView, ReadableAffineMapsShowTwoDigitNumbers) {
    Shown s(kAffine, test::readableAffine);
    ReductionTreeView view(&s.model);
    view.resize(1200, 800);
    ASSERT_NE(view.pass(), nullptr);
    const PassValues& p = *view.pass();
    EXPECT_EQ(p.source, ValueSource::Measured);
    EXPECT_EQ(p.affine, AffineScheme::Mod97);
    // Every node of every level reads "a,b" with a and b below 97.
    const QRegularExpression twoNumbers(QStringLiteral("^(\\d{1,2}),(\\d{1,2})$"));
    for (std::uint32_t k = 0; k < p.levelCount(); ++k)
        for (std::uint32_t slot = 0; slot < p.threads; ++slot) {
            const QString label = view.nodeLabel(k, slot);
            const auto m = twoNumbers.match(label);
            ASSERT_TRUE(m.hasMatch())
                << "level " << k << " slot " << slot << ": " << label.toStdString();
            ASSERT_LT(m.captured(1).toInt(), 97) << label.toStdString();
            ASSERT_LT(m.captured(2).toInt(), 97) << label.toStdString();
        }
    // The caption works the combine out the way a student would by hand.
    view.setFixedLevel(1);
    const auto node = view.captionNode();
    ASSERT_TRUE(node);
    const Combine* c = nullptr;
    for (const Combine& x : p.plan[0].combines)
        if (x.dst == node->slot) c = &x;
    ASSERT_NE(c, nullptr);
    const Affine f = toAffine(p.value(0, c->dst)), g = toAffine(p.value(0, c->src));
    const Affine r = combine(f, g);
    EXPECT_EQ(toAffine(p.value(1, c->dst)), r);
    const QString work = QStringLiteral("(%1·%2, %1·%3 + %4) mod 97 = (%5, %6)")
                             .arg(g.a)
                             .arg(f.a)
                             .arg(f.b)
                             .arg(g.b)
                             .arg(r.a)
                             .arg(r.b);
    const QString caption = view.captionText();
    EXPECT_TRUE(caption.contains(work)) << caption.toStdString() << "\n" << work.toStdString();
    // The swapped order's result is set against the right one.
    EXPECT_TRUE(caption.contains(QStringLiteral("≠ (%1, %2): order matters").arg(r.a).arg(r.b)))
        << caption.toStdString();
    (void)test::render(view);
}

TEST(ReductionTreeView, StepsAreCountedAsTheWarpViewCountsThem) {
    // A 1024-thread warp reduction: 32 warp trees, then warp 0 over their
    // results. Both views name a step by the kernel's step records.
    Shown s(QStringLiteral(
        "reduce-warp__variant-comm__n-2_16__block-1024__op-add__type-int32.wstrace"));
    s.model.setSelected({0, 0});
    ReductionTreeView tree(&s.model);
    tree.resize(1400, 700);
    WarpView warps(&s.model);
    warps.resize(1600, 600);
    ASSERT_EQ(tree.scene().trees.passes.size(), 2u);
    const PassValues& merge = tree.scene().trees.passes[1];
    const std::uint32_t last = warps.table().steps.back();
    EXPECT_EQ(merge.firstStep + merge.plan.size(), last);
    ASSERT_EQ(tree.passIndex(), 1);  // at the end of the run, the second pass
    tree.setPass(1);
    tree.setFixedLevel(1);
    const QString merged = tree.captionText();
    EXPECT_TRUE(
        merged.startsWith(QStringLiteral("Step %1 of %2:").arg(merge.firstStep + 1).arg(last)))
        << merged.toStdString();
    const PassValues& first = tree.scene().trees.passes[0];
    EXPECT_TRUE(treeStepText(first, 1, last).startsWith(QStringLiteral("Step 1 of %1:").arg(last)));
    EXPECT_TRUE(treeStepText(merge, 0, last)
                    .startsWith(QStringLiteral("Step %1, the load").arg(merge.firstStep)));
}

TEST(WarpView, ReadableAffineCellsReadLikeTheTreesNodes) {
    Shown s(kAffine, test::readableAffine);
    s.model.setSelected({0, 0});
    WarpView view(&s.model);
    view.resize(1600, 600);
    ASSERT_GE(view.shownStep(), 0);
    // Every traced lane holds "a,b" with a and b below 97, short enough for a cell.
    const QRegularExpression twoNumbers(QStringLiteral("^(\\d{1,2}),(\\d{1,2})$"));
    int cells = 0;
    for (std::size_t w = 0; w < view.table().warps.size(); ++w)
        for (int lane = 0; lane < kWarpSize; ++lane) {
            const QString text = view.cellText(w, lane);
            if (text.isEmpty()) continue;  // warp not traced in this step
            ASSERT_TRUE(twoNumbers.match(text).hasMatch())
                << "warp row " << w << " lane " << lane << ": " << text.toStdString();
            ++cells;
        }
    EXPECT_GT(cells, 0);
    (void)test::render(view);
}

TEST(ReductionTreeView, OlderAffineTracesKeepTheirArithmeticModulo2To32) {
    // A trace recorded before the inputs modulo 97, kept among the samples of
    // format version 2.
    Shown s(QStringLiteral("reduce-single-block-noncomm__n-10000__block-256__op-affine.wstrace"),
            [](const QString& name) -> std::shared_ptr<const PreparedRun> {
                auto run = loadTrace((qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") +
                                      QStringLiteral("/tests/data/traces-v2/") + name)
                                         .toStdString());
                if (!run) return nullptr;
                return prepareRun(std::make_shared<const ws::Run>(std::move(run).value()));
            });
    ReductionTreeView view(&s.model);
    view.resize(1200, 800);
    ASSERT_NE(view.pass(), nullptr);
    const PassValues& p = *view.pass();
    EXPECT_EQ(p.affine, AffineScheme::Wrap32);
    // Their values are ten-digit numbers, shown short with an exponent.
    EXPECT_GT(p.root().c[0], 97.0);
    EXPECT_TRUE(view.nodeLabel(p.levelCount() - 1, 0).contains(QLatin1Char('e')))
        << view.nodeLabel(p.levelCount() - 1, 0).toStdString();
    // The measured combines follow the old arithmetic, which the caption uses.
    for (const Combine& c : p.plan[0].combines)
        ASSERT_EQ(toAffine(p.value(1, c.dst)),
                  combine(toAffine(p.value(0, c.dst)), toAffine(p.value(0, c.src)),
                          AffineScheme::Wrap32));
    view.setFixedLevel(1);
    EXPECT_FALSE(view.captionText().contains(QStringLiteral("mod 97")));
}

TEST(RunInfoPanel, ReadableAffineResultIsShort) {
    test::app();
    auto readable = test::readableAffine(kAffine);
    ASSERT_TRUE(readable);
    RunInfoPanel panel;
    panel.setRun(LoadedRun{readable, RunOrigin::File, QStringLiteral("readable.wstrace"), {}}, {});
    const QString badge = panel.badgeText();
    EXPECT_TRUE(badge.contains(
        QRegularExpression(QStringLiteral("\\(\\d{1,2}\\*x \\+ \\d{1,2} mod 97\\)"))))
        << badge.toStdString();
}

TEST(RunInfoPanel, ParametersTheRunDidNotUseAreNamedApart) {
    test::app();
    auto run = test::loadBundled(QStringLiteral("vector-add__n-7.wstrace"));
    ASSERT_TRUE(run);
    RunInfoPanel panel;
    panel.setRun(LoadedRun{run, RunOrigin::File, QStringLiteral("add.wstrace"), {}}, {});
    const QString text = panel.text();
    // launch=seed ran <<<2, 4>>>: "block = 256" would contradict the views.
    EXPECT_FALSE(text.contains(QStringLiteral("block = 256"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("launch = seed"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Not used with these settings: block, grid")))
        << text.toStdString();
}

// A run that was not checked and says why (a traced program's launch, which
// the program checks itself) is "not checked", with the why; one that says
// nothing stays "not verified".
TEST(RunInfoPanel, AnUncheckedRunThatSaysWhyIsNotChecked) {
    test::app();
    auto bundled = test::loadBundled(QStringLiteral("vector-add__n-7.wstrace"));
    ASSERT_TRUE(bundled);
    auto run = std::make_shared<ws::Run>(*bundled->run);
    run->verification = {};
    run->verification.note = "a traced program checks its own results";
    RunInfoPanel panel;
    panel.setRun(
        LoadedRun{prepareRun(run), RunOrigin::File, QStringLiteral("launch-1.wstrace"), {}}, {});
    const QString badge = panel.badgeText().simplified();
    EXPECT_TRUE(
        badge.contains(QStringLiteral("not checked a traced program checks its own results")))
        << badge.toStdString();
    run->verification.note.clear();
    panel.setRun(
        LoadedRun{prepareRun(run), RunOrigin::File, QStringLiteral("launch-1.wstrace"), {}}, {});
    EXPECT_TRUE(panel.badgeText().contains(QStringLiteral("not verified")))
        << panel.badgeText().toStdString();
}

// A trace's long file name wraps at its parameters instead of holding the
// panel (and the Run dock) wider than a laptop's left column.
TEST(RunInfoPanel, ALongFileNameWrapsAtItsParameters) {
    test::app();
    auto run = test::loadBundled(QStringLiteral("vector-add__n-7.wstrace"));
    ASSERT_TRUE(run);
    RunInfoPanel panel;
    const QString name =
        QStringLiteral("streams__mode-dot__n-2_20__streams-4__block-1024__chunks-16.wstrace");
    panel.setRun(LoadedRun{run, RunOrigin::File, QStringLiteral("/traces/") + name, {}}, {});
    EXPECT_LT(panel.minimumSizeHint().width(), 260);
    EXPECT_TRUE(panel.text().contains(name)) << panel.text().toStdString();
    // So does a GPU's UUID among the environment's facts (324 px unbroken).
    auto queued = test::loadBundled(
        QStringLiteral("work-queue__strategy-per-item__distribution-equal__items-1024__cost_us-10__"
                       "blocks_per_sm-1.wstrace"));
    ASSERT_TRUE(queued);
    ASSERT_FALSE(queued->run->environment.uuid.empty());
    panel.setRun(LoadedRun{queued, RunOrigin::File, QStringLiteral("q.wstrace"), {}}, {});
    EXPECT_LT(panel.minimumSizeHint().width(), 260);
    EXPECT_TRUE(panel.text().contains(QString::fromStdString(queued->run->environment.uuid)));
}

// A CPU variant has no GPU result, kernel or records; the bandwidth test
// times copies: each says what it measured, not "Kernel time".
TEST(RunInfoPanel, RunsWithoutAKernelOfTheirOwnSayWhatTheyTimed) {
    test::app();
    auto cpu = test::loadBundled(QStringLiteral("matmul__n-256__variant-cpu-naive.wstrace"));
    ASSERT_TRUE(cpu);
    RunInfoPanel panel;
    panel.setRun(LoadedRun{cpu, RunOrigin::File, QStringLiteral("cpu.wstrace"), {}}, {});
    QString text = panel.text();
    EXPECT_TRUE(text.contains(QStringLiteral("result matches the reference")))
        << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("GPU result"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Time on the CPU"))) << text.toStdString();
    for (const char* wrong :
         {"Kernel time", "% of peak", "% of the", "Recording overhead", "CPU against GPU"})
        EXPECT_FALSE(text.contains(QString::fromLatin1(wrong))) << wrong;

    auto copies = test::loadBundled(
        QStringLiteral("host-device-bandwidth__min_bytes-1024__max_bytes-2_30.wstrace"));
    ASSERT_TRUE(copies);
    panel.setRun(LoadedRun{copies, RunOrigin::File, QStringLiteral("bw.wstrace"), {}}, {});
    text = panel.text();
    EXPECT_TRUE(text.contains(QStringLiteral("Largest host-to-device copy: 19.4951 ms")))
        << text.toStdString();
    for (const char* wrong : {"Kernel time", "Recording overhead", "CPU against GPU"})
        EXPECT_FALSE(text.contains(QString::fromLatin1(wrong))) << wrong;
    // A copy over PCIe is a share of the link, not of the device memory's
    // 3352 GB/s ("1.6 % of peak").
    EXPECT_TRUE(text.contains(QStringLiteral("% of the PCIe Gen5 x16 link's 63.0 GB/s")))
        << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("device memory's"))) << text.toStdString();
}

// "grid = 0" asks for the grid the size needs: the panel says which it was,
// as the timeline's "11 blocks of 96" does.
TEST(RunInfoPanel, AGridLeftToTheSizeSaysWhichItWas) {
    test::app();
    auto run = test::loadBundled(
        QStringLiteral("vector-add__n-1000__launch-grid-block__block-96.wstrace"));
    ASSERT_TRUE(run);
    ASSERT_EQ(run->run->params.at("grid"), "0");
    RunInfoPanel panel;
    panel.setRun(LoadedRun{run, RunOrigin::File, QStringLiteral("va.wstrace"), {}}, {});
    EXPECT_TRUE(panel.text().contains(QStringLiteral("grid = 0 blocks (launched 11)")))
        << panel.text().toStdString();
    // Sixteen blocks asked of 196, spread evenly: fifteen traced, and said so.
    auto argmin = test::loadBundled(QStringLiteral(
        "argmin__variant-cas-original__input-descending__n-50000__traced_blocks-16.wstrace"));
    ASSERT_TRUE(argmin);
    panel.setRun(LoadedRun{argmin, RunOrigin::File, QStringLiteral("a.wstrace"), {}}, {});
    EXPECT_TRUE(panel.text().contains(QStringLiteral("traced_blocks = 16 blocks (15 traced)")))
        << panel.text().toStdString();
}

// The transposes compare every byte and keep no single result: the badge
// says what was compared instead of an empty "()".
TEST(RunInfoPanel, AnExactCheckOfABufferSaysWhatItCompared) {
    test::app();
    auto run = test::loadBundled(
        QStringLiteral("transpose-u8__width-1920__height-1080__variant-shared.wstrace"));
    ASSERT_TRUE(run);
    ASSERT_TRUE(run->run->verification.actual.empty());
    RunInfoPanel panel;
    panel.setRun(LoadedRun{run, RunOrigin::File, QStringLiteral("u8.wstrace"), {}}, {});
    const QString badge = panel.badgeText();
    EXPECT_FALSE(badge.contains(QStringLiteral("()"))) << badge.toStdString();
    EXPECT_TRUE(badge.contains(QStringLiteral("every byte of dst"))) << badge.toStdString();
}

TEST(ReductionTreeView, UntracedBlockComesFromTheCpuModel) {
    Shown s(kSequential);
    // Block 5 of launch 0 was not traced (block 0 and the last were).
    s.model.setSelected(s.model.prepared()->refOfBlock(0, 5));
    ReductionTreeView view(&s.model);
    ASSERT_TRUE(test::waitFor([&] { return !view.modelPending(); }));
    ASSERT_NE(view.pass(), nullptr);
    EXPECT_EQ(view.pass()->source, ValueSource::CpuModel);
    EXPECT_EQ(view.scene().blockId, 5u);
    view.resize(1000, 700);
    (void)test::render(view);
}

TEST(ReductionTreeView, LastBlockShowsTheMergeByTheLastTicket) {
    Shown s(kLastBlock);
    ReductionTreeView tree(&s.model);
    ArrivalView arrivals(&s.model);
    arrivals.resize(600, 500);
    ASSERT_EQ(tree.scene().trees.passes.size(), 2u);
    const PassValues& merge = tree.scene().trees.passes[1];
    EXPECT_TRUE(merge.merge);
    EXPECT_EQ(merge.source, ValueSource::Measured);
    ASSERT_GE(arrivals.lastTicketRow(), 0);
    const ArrivalRow& last = arrivals.rows()[std::size_t(arrivals.lastTicketRow())];
    EXPECT_EQ(last.block, merge.block);
    EXPECT_EQ(last.ticket + 1, arrivals.rows().size());
    // Tickets in order; times in the order the atomic saw them, within a tick.
    for (std::size_t i = 1; i < arrivals.rows().size(); ++i)
        EXPECT_EQ(arrivals.rows()[i].ticket, arrivals.rows()[i - 1].ticket + 1);
    // The merging block's row is visible and drawn in orange.
    const auto rows = arrivals.visibleRows();
    const auto it = std::find(rows.begin(), rows.end(), arrivals.lastTicketRow());
    ASSERT_NE(it, rows.end());
    const QImage image = test::render(arrivals);
    EXPECT_TRUE(test::anyNear(image, arrivals.rowRect(int(it - rows.begin())).toRect(),
                              QColor(QRgb(0xE69F00)), 10));
    // At the end of the run the view follows the playback into the merge.
    EXPECT_EQ(tree.passIndex(), 1);
}

TEST(ArrivalView, TimesAreTheGlobaltimersOwnOffsets) {
    // %globaltimer reads about 1.8e18 ns, where a double holds only multiples
    // of 256: the view must subtract the origin before converting, or every
    // arrival lands on a multiple of 256 ns though the clock ticks every 32.
    Shown s(kLastBlock);
    ArrivalView arrivals(&s.model);
    const PreparedRun* p = s.model.prepared();
    ASSERT_NE(p, nullptr);
    const ArrivalRecords& a = p->run->launches[0].arrivals;
    ASSERT_EQ(arrivals.rows().size(), a.size());
    std::map<std::uint32_t, double> offsetOfBlock;
    for (std::size_t i = 0; i < a.size(); ++i)
        offsetOfBlock[a.block[i]] = double(std::int64_t(a.timeNs[i] - p->origin));
    int offGrid = 0;
    for (const ArrivalRow& row : arrivals.rows()) {
        EXPECT_EQ(row.timeNs, offsetOfBlock.at(row.block)) << "block " << row.block;
        offGrid += std::fmod(row.timeNs, 256.0) != 0;
    }
    EXPECT_GT(offGrid, 0) << "every arrival of this trace on a multiple of 256 ns: the check "
                             "above could not tell rounded offsets from exact ones";
}

TEST(ArrivalView, FourDigitTicketsKeepClearOfTheBlockColumn) {
    // 1,024 blocks: tickets and block ids of four digits, the last row bold.
    Shown s(QStringLiteral(
        "reduce-last-block__n-2_20__block-256__grid-1024__type-int32__traced_blocks-1.wstrace"));
    ASSERT_GE(s.model.run() ? s.model.run()->launches.size() : 0u, 1u);
    for (const int width : {1900, 960, 640}) {
        SCOPED_TRACE(width);
        ArrivalView arrivals(&s.model);
        QFont f = arrivals.font();
        f.setPointSizeF(18);  // a projector's text (24 px)
        arrivals.setFont(f);
        arrivals.setAttribute(Qt::WA_DontShowOnScreen);
        arrivals.show();
        arrivals.resize(width, 900);
        QCoreApplication::processEvents();
        ASSERT_EQ(arrivals.rows().size(), 1024u);
        const auto texts = test::probeText(&arrivals);
        EXPECT_FALSE(texts.empty());
        for (const auto& [a, b] : test::overlappingTexts(texts, 0.0))
            ADD_FAILURE() << "overlapping: '" << a.text.toStdString() << "' and '"
                          << b.text.toStdString() << "'";
    }
}

TEST(DivergenceView, InterleavedDivergesInEveryWarpSequentialDoesNot) {
    Shown d(kDivergent), s(kSequential);
    DivergenceView dv(&d.model), sv(&s.model);
    dv.resize(1000, 500);
    sv.resize(1000, 500);
    ASSERT_GE(dv.costs().size(), 2u);
    ASSERT_GE(sv.costs().size(), 2u);
    EXPECT_EQ(dv.costs()[1].divergentWarps, 8u);  // t % 2 == 0 in all 8 warps
    EXPECT_EQ(sv.costs()[1].divergentWarps, 0u);  // t < 128: warps 0..3 whole, 4..7 idle
    EXPECT_EQ(sv.costs()[1].activeWarps, 4u);
    for (const auto& c : dv.costs()) EXPECT_NE(c.cycles, -1) << "step " << c.step;
    const QImage di = test::render(dv), si = test::render(sv);
    const QRect strip =
        dv.laneRect(1, 0, 0).united(dv.laneRect(1, 0, 31)).toRect().adjusted(-3, -3, 3, 3);
    EXPECT_TRUE(test::anyNear(di, strip, QColor(QRgb(0xD55E00)), 10));
    const QRect strip2 =
        sv.laneRect(1, 0, 0).united(sv.laneRect(1, 0, 31)).toRect().adjusted(-3, -3, 3, 3);
    EXPECT_FALSE(test::anyNear(si, strip2, QColor(QRgb(0xD55E00)), 10));
    EXPECT_GT(dv.barRect(1).width(), 0);
}

// At a projector's 1024 pixels the heading lines were cut hard and lost the
// cycle count: a shorter wording keeps it, and every line stays in the view.
TEST(DivergenceView, ANarrowViewKeepsItsCycleCount) {
    Shown d(kDivergent);
    DivergenceView view(&d.model);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    view.resize(330, 400);
    bool cycles = false;
    for (const auto& t : test::probeText(&view)) {
        cycles |= t.text.contains(QStringLiteral(" cycles")) && !t.text.endsWith(QChar(0x2026));
        if (t.box.top() < 2.5 * QFontMetrics(view.font()).height())  // the two heading lines
            EXPECT_LE(QFontMetrics(view.font()).horizontalAdvance(t.text), view.width())
                << t.text.toStdString();
    }
    EXPECT_TRUE(cycles);
}

TEST(LadderChart, OneBarPerVariantLabelledWithGBsAndPeakFraction) {
    test::app();
    auto bundled = BundledTraces::load(qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") +
                                       QStringLiteral("/resources/traces/manifest.json"));
    ASSERT_TRUE(bundled) << bundled.error();
    auto shown = test::loadBundled(kSequential);
    const LadderData data =
        ladderFor(*bundled, shown->run.get(), shown->run->device.memBandwidthGBs);
    EXPECT_EQ(data.bars.size(), 9u);  // seven rungs, best, cub
    LadderChart chart;
    chart.resize(1600, 600);
    chart.setData(data);
    ASSERT_NE(chart.bars(), nullptr);
    EXPECT_EQ(chart.bars()->data()->size(), 9);
    ASSERT_EQ(chart.valueLabels().size(), 9);
    for (const QString& l : chart.valueLabels()) {
        EXPECT_TRUE(l.contains(QStringLiteral("GB/s")));
        EXPECT_TRUE(l.contains(QStringLiteral("% of peak")));
    }
    int current = 0;
    for (const auto& b : data.bars) current += b.current;
    EXPECT_EQ(current, 1);
    (void)test::render(chart);
    // Narrow bars keep the number and leave "of peak" to the axis title, so
    // no label runs into its neighbour.
    chart.setAttribute(Qt::WA_DontShowOnScreen);
    chart.show();  // a hidden widget hears of its size only when shown
    chart.resize(700, 600);
    for (const QString& l : chart.valueLabels()) {
        EXPECT_TRUE(l.contains(QStringLiteral(" %"))) << l.toStdString();
        EXPECT_FALSE(l.contains(QStringLiteral("of peak"))) << l.toStdString();
    }
    EXPECT_TRUE(chart.plot()->axisRect()->axis(QCPAxis::atLeft)->label().contains("% of peak"));
}

TEST(CompareWindow, StepsBothVariantsInLockstep) {
    test::app();
    auto bundled = BundledTraces::load(qEnvironmentVariable("WARPSCOPE_SOURCE_DIR") +
                                       QStringLiteral("/resources/traces/manifest.json"));
    ASSERT_TRUE(bundled);
    CompareWindow w(*bundled);
    w.compare("reduce-ladder", {{"n", "65536"}, {"block", "256"}, {"type", "float"}},
              QStringLiteral("interleaved-divergent"), QStringLiteral("sequential"));
    ASSERT_TRUE(
        test::waitFor([&] { return !w.loading() && w.tree(0)->pass() && w.tree(1)->pass(); }));
    w.setLevel(1);
    EXPECT_EQ(w.tree(0)->shownLevel(), 1);
    EXPECT_EQ(w.tree(1)->shownLevel(), 1);
    EXPECT_EQ(w.tree(0)->pass()->shape, TreeShape::InterleavedDivergent);
    EXPECT_EQ(w.tree(1)->pass()->shape, TreeShape::Sequential);
    EXPECT_EQ(w.divergence(0)->currentRow(), 1);
    EXPECT_EQ(w.divergence(1)->currentRow(), 1);
}

}  // namespace
}  // namespace ws
