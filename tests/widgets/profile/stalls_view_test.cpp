// The stalls view on the synthetic profile, whose numbers are all known:
// line 8 is hottest (530 samples, mostly waiting for global memory), line 9
// next (__syncthreads), and the view opens on line 8's instructions.
#include "widgets/profile/stalls_view.h"

#include <gtest/gtest.h>

#include <QComboBox>
#include <QMouseEvent>
#include <QToolButton>

#include "core/profile/stall_reasons.h"
#include "tests/widgets/profile/profile_test_runs.h"
#include "tests/widgets/profile/shown_stalls_view.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/profile/stall_colours.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

const QColor kGlobalMemory = stallReasonColour(std::string(kStallReasonPrefix) + "long_scoreboard");

std::vector<int> linesOf(const StallsView& view) {
    std::vector<int> out;
    for (const StallLine& l : view.shownLines()) out.push_back(l.line);
    return out;
}

bool drew(QWidget* view, const QString& text) {
    for (const auto& t : test::probeText(view))
        if (t.text.contains(text)) return true;
    return false;
}

using Shown = test::ShownStallsView;

TEST(StallsView, PaintsTheHottestLineFirstWithItsReasonsColour) {
    Shown s(test::profiledRun());
    EXPECT_TRUE(s.view.unavailableText().isEmpty());
    EXPECT_EQ(linesOf(s.view), (std::vector<int>{8, 9, 11, 6, kNoLine, 7, 10}));
    const QImage image = test::render(s.view);
    // The hottest line's row holds the colour of "waiting for global memory",
    // and the line's own source text is drawn.
    const QRect eight = s.view.lineRowRect(8);
    ASSERT_FALSE(eight.isEmpty());
    EXPECT_TRUE(test::anyNear(image, eight, kGlobalMemory, 4));
    EXPECT_LT(eight.top(), s.view.lineRowRect(9).top());
    EXPECT_TRUE(drew(&s.view, QStringLiteral("tile[threadIdx.x] = v;")));
    EXPECT_TRUE(drew(&s.view, QStringLiteral("waiting for global memory")));
    // Line 10 drew a handful of samples, none of them waiting for memory.
    EXPECT_FALSE(test::anyNear(image, s.view.lineRowRect(10), kGlobalMemory, 4));
}

TEST(StallsView, TheOrderToggleListsEveryCompiledLineInFileOrder) {
    Shown s(test::profiledRun());
    QToolButton* fileOrder = nullptr;
    for (QToolButton* b : s.view.findChildren<QToolButton*>())
        if (b->text() == QStringLiteral("In file order")) fileOrder = b;
    ASSERT_TRUE(fileOrder);
    fileOrder->click();
    EXPECT_EQ(s.view.order(), StallsView::Order::File);
    EXPECT_EQ(linesOf(s.view), (std::vector<int>{4, 6, 7, 8, 9, 10, 11, kNoLine}));
    EXPECT_LT(s.view.lineRowRect(4).top(), s.view.lineRowRect(8).top());
    // Indented as in the file: the kernel's signature and its body.
    EXPECT_TRUE(drew(&s.view, QStringLiteral("__global__ void scaleRows")));
    s.view.setOrder(StallsView::Order::Hottest);
    EXPECT_EQ(linesOf(s.view).front(), 8);
}

TEST(StallsView, SelectingALineShowsItsInstructions) {
    Shown s(test::profiledRun());
    EXPECT_EQ(s.view.selectedLine(), 8);  // opens on the hottest
    ASSERT_FALSE(s.view.instructionsArea().isEmpty());
    EXPECT_TRUE(drew(&s.view, QStringLiteral("STS [R0.X4], R5")));
    EXPECT_FALSE(drew(&s.view, QStringLiteral("FFMA R9, R5, 2, R7")));
    // A click on line 11's row.
    const QPoint at = s.view.lineRowRect(11).center();
    QMouseEvent press(QEvent::MouseButtonPress, at, s.view.mapToGlobal(at), Qt::LeftButton,
                      Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&s.view, &press);
    EXPECT_EQ(s.view.selectedLine(), 11);
    ASSERT_EQ(s.view.selectedInstructions().size(), 2u);
    EXPECT_EQ(s.view.selectedInstructions()[0].sass, "FFMA R9, R5, 2, R7");
    EXPECT_TRUE(drew(&s.view, QStringLiteral("FFMA R9, R5, 2, R7")));
    EXPECT_TRUE(drew(&s.view, QStringLiteral("STG.E desc[UR4][R2.64], R9")));
    EXPECT_FALSE(drew(&s.view, QStringLiteral("STS [R0.X4], R5")));
    // The FFMA waited on the shared load: its bar wears that reason's colour.
    const QImage image = test::render(s.view);
    EXPECT_TRUE(
        test::anyNear(image, s.view.instructionsArea(),
                      stallReasonColour(std::string(kStallReasonPrefix) + "short_scoreboard"), 4));
}

TEST(StallsView, AHighlightedLineIsMarkedSelectedAndScrolledTo) {
    // Short enough that line 7 (sixth hottest) is scrolled out at first:
    // the rows above the hottest line's and four more, whatever the font
    // (a fixed 330 pixels held every line with some machines' fonts).
    Shown s(test::profiledRun(), {900, 330});
    const QRect hottest = s.view.lineRowRect(8);
    ASSERT_FALSE(hottest.isEmpty());
    s.view.resize(900, hottest.bottom() + 4 * hottest.height());
    QCoreApplication::processEvents();
    ASSERT_TRUE(s.view.lineRowRect(7).isEmpty()) << "the view is tall enough for every line";
    s.view.highlightLine(7);
    EXPECT_EQ(s.view.highlightedLine(), 7);
    EXPECT_EQ(s.view.selectedLine(), 7);
    const QRect seven = s.view.lineRowRect(7);
    ASSERT_FALSE(seven.isEmpty());
    const QImage image = test::render(s.view);
    EXPECT_TRUE(test::anyNear(image, seven, palette::markedRow(), 2));
    EXPECT_TRUE(drew(&s.view, QStringLiteral("LDG.E R5, desc[UR4][R2.64]")));
    s.view.highlightLine(StallsView::kNone);
    EXPECT_FALSE(
        test::anyNear(test::render(s.view), s.view.lineRowRect(7), palette::markedRow(), 2));
}

TEST(StallsView, AHighlightOutlastsANewRun) {
    Shown s(test::profiledRun());
    s.view.highlightLine(9);
    s.model.setRun(test::prepared(test::profiledRun()));
    EXPECT_EQ(s.view.selectedLine(), 9);
    EXPECT_EQ(s.view.highlightedLine(), 9);
}

TEST(StallsView, SeveralKernelsGetAChooser) {
    Shown s(test::profiledRun());
    auto* chooser = s.view.findChild<QComboBox*>();
    ASSERT_TRUE(chooser);
    EXPECT_FALSE(chooser->isHidden());
    EXPECT_EQ(chooser->count(), 2);
    EXPECT_EQ(s.view.function(), 0u);
    s.view.setFunction(1);
    EXPECT_EQ(linesOf(s.view).front(), 16);
    EXPECT_EQ(chooser->currentIndex(), 1);
    EXPECT_TRUE(drew(&s.view, QStringLiteral("if (i < n) data[i] += 1.0f;")));

    ws::Run one = test::profiledRun();
    for (auto& f : one.profile.stalls.function) f = 0;
    Shown single(one);
    EXPECT_TRUE(single.view.findChild<QComboBox*>()->isHidden());
}

TEST(StallsView, WithoutStallsTheViewSaysWhy) {
    ws::Run plain = test::smallRun();
    Shown none(plain);
    EXPECT_TRUE(none.view.unavailableText().contains(QStringLiteral("--why")));
    EXPECT_TRUE(drew(&none.view, QStringLiteral("recorded without its profile")));

    ws::Run refused = test::profiledRun();
    refused.profile.stalls = {};
    refused.profile.stallsUnavailable =
        "profiling is not permitted on this machine: ask an administrator to allow it";
    Shown why(refused);
    EXPECT_EQ(why.view.unavailableText().toStdString(), refused.profile.stallsUnavailable);
    EXPECT_TRUE(drew(&why.view, QStringLiteral("profiling is not permitted")));
    EXPECT_TRUE(why.view.shownLines().empty());
    EXPECT_TRUE(why.view.findChild<QComboBox*>()->isHidden());
    for (QToolButton* b : why.view.findChildren<QToolButton*>()) EXPECT_TRUE(b->isHidden());

    PlaybackModel empty;
    StallsView nothing(&empty);
    EXPECT_FALSE(nothing.unavailableText().isEmpty());
}

// cuBLAS's kernels come without line information: every sample is on
// "(no line)", and the view says why before its SASS.
TEST(StallsView, AKernelWithoutLinesSaysWhyItShowsOnlyItsInstructions) {
    ws::Run run = test::profiledRun();
    for (ProfiledFunction& f : run.profile.functions) {
        f.files.clear();
        f.file.clear();
        f.sourceFile.clear();
        std::fill(f.line.begin(), f.line.end(), 0u);
        f.callerLine.clear();
        f.callerFile.clear();
    }
    Shown s(run);
    EXPECT_TRUE(s.view.unavailableText().isEmpty());
    ASSERT_EQ(s.view.shownLines().size(), 1u);
    EXPECT_EQ(s.view.shownLines()[0].line, kNoLine);
    EXPECT_TRUE(drew(&s.view, QStringLiteral("carries no line information")));
    EXPECT_FALSE(s.view.selectedInstructions().empty());
}

// A hot line longer than its row: the pane beside shows it whole, wrapped,
// so that "the marked line" of a lesson can be read on a narrow slide.
TEST(StallsView, ALineCutInItsRowIsShownWholeBesideIt) {
    ws::Run run = test::profiledRun();
    const ProfiledFunction& f = run.profile.functions[sampledFunctions(run.profile).front()];
    std::string& source = run.profile.sources.at(f.sourceFile);
    QStringList lines = QString::fromStdString(source).split(QLatin1Char('\n'));
    ASSERT_GE(lines.size(), 8);
    lines[7] = QStringLiteral(
        "    out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x] * scaleOfTheRow;");
    source = lines.join(QLatin1Char('\n')).toStdString();
    Shown s(run, {800, 700});
    ASSERT_EQ(s.view.selectedLine(), 8);
    EXPECT_TRUE(drew(&s.view, QStringLiteral("scaleOfTheRow;")));
    // Wide enough for the row to hold it, the pane does not repeat it.
    Shown wide(run, {2400, 700});
    int drawn = 0;
    for (const auto& t : test::probeText(&wide.view))
        if (t.text.contains(QStringLiteral("scaleOfTheRow;"))) ++drawn;
    EXPECT_EQ(drawn, 1);
}

TEST(StallsView, EveryPartReadsOnAProjector) {
    // The projector's font (18 pt, 24 px): nothing smaller than the font's
    // three quarters, nothing past the edge.
    Shown s(test::profiledRun(), {1280, 720});
    QFont f = s.view.font();
    f.setPointSizeF(18);
    s.view.setFont(f);
    QCoreApplication::processEvents();
    const auto texts = test::probeText(&s.view);
    ASSERT_FALSE(texts.empty());
    for (const auto& t : texts) {
        if (t.widget.startsWith(QStringLiteral("QComboBox"))) continue;
        EXPECT_GE(t.fontPixels, 0.75 * 24) << t.text.toStdString();
        EXPECT_LE(t.box.right(), 1280 + 1) << "past the edge: " << t.text.toStdString();
    }
    EXPECT_FALSE(s.view.lineRowRect(8).isEmpty());
    for (const auto& [a, b] : test::overlappingTexts(texts, 0.05))
        ADD_FAILURE() << "overlapping: '" << a.text.toStdString() << "' and '"
                      << b.text.toStdString() << "'";
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

// A lesson's `highlight: {line: N}` reaches the view through the playback
// model, as the banks view's `access` does.
TEST(StallsView, TheModelsHighlightedLineIsMarked) {
    Shown s(test::profiledRun(), {900, 330});
    Highlight h;
    h.line = 7;
    s.model.setHighlight(h);
    QCoreApplication::processEvents();
    EXPECT_EQ(s.view.highlightedLine(), 7);
    EXPECT_EQ(s.view.selectedLine(), 7);
}

}  // namespace
}  // namespace ws
