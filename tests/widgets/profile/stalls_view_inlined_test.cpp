// The stalls view on a kernel whose accesses are inlined from a helper in
// another file (core/profile/synthetic_inlined_profile.h): its rows are the
// kernel's own lines, the selected line's pane names the helpers' lines
// inlined into it, and the kernel is named as it was written. A trace
// without the calls shows the helpers' lines as rows, as before.
#include <gtest/gtest.h>

#include <QComboBox>
#include <algorithm>

#include "core/profile/stall_reasons.h"
#include "tests/widgets/profile/profile_test_runs.h"
#include "tests/widgets/profile/shown_stalls_view.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/profile/stall_colours.h"
#include "widgets/profile/stalls_view.h"

namespace ws {
namespace {

constexpr std::uint32_t kKernel = 0, kHelper = 1;
const QColor kGlobalMemory = stallReasonColour(std::string(kStallReasonPrefix) + "long_scoreboard");

std::vector<LinePlace> placesOf(const std::vector<StallLine>& lines) {
    std::vector<LinePlace> out;
    for (const StallLine& l : lines) out.push_back(l.place());
    return out;
}

const test::DrawnText* drawn(QWidget* view, const QString& text) {
    static std::vector<test::DrawnText> texts;
    texts = test::probeText(view);
    for (const auto& t : texts)
        if (t.text.contains(text)) return &t;
    return nullptr;
}

using Shown = test::ShownStallsView;

TEST(StallsViewInlined, RowsAreTheKernelsLinesAndTheStoreIsHottest) {
    Shown s(test::inlinedProfileRun());
    EXPECT_EQ(placesOf(s.view.shownLines()), (std::vector<LinePlace>{{kKernel, 12},
                                                                     {kKernel, 8},
                                                                     {kKernel, 11},
                                                                     {kKernel, 9},
                                                                     {kKernel, 7},
                                                                     {kKernel, 10}}));
    // The view opens on the kernel's line that called the store.
    EXPECT_EQ(s.view.selectedPlace(), (LinePlace{kKernel, 12}));
    EXPECT_TRUE(drawn(&s.view, QStringLiteral("t.storeGlobal(&out[x")));
    const QRect store = s.view.lineRowRect(12);
    ASSERT_FALSE(store.isEmpty());
    EXPECT_TRUE(test::anyNear(test::render(s.view), store, kGlobalMemory, 4));
    // No row of the list is a helper's line.
    for (const StallLine& l : s.view.shownLines()) EXPECT_EQ(l.file, kKernel) << l.line;
}

TEST(StallsViewInlined, TheSelectedLinesPaneNamesTheHelpersLinesInIt) {
    Shown s(test::inlinedProfileRun());
    ASSERT_EQ(placesOf(s.view.selectedInlinedLines()),
              (std::vector<LinePlace>{{kHelper, 11}, {kHelper, 13}}));
    EXPECT_EQ(s.view.selectedInlinedLines()[0].counts.samples, 640u);
    EXPECT_TRUE(drawn(&s.view, QStringLiteral("Inlined here from helpers:")));
    // The helper's place, then its source on the same row.
    const auto* helperText = drawn(&s.view, QStringLiteral("memory_trace.h line 11: "));
    ASSERT_TRUE(helperText);
    const test::DrawnText helper = *helperText;  // drawn() reuses its list
    const QRect pane = s.view.instructionsArea();
    EXPECT_TRUE(pane.contains(helper.box.center().toPoint()));
    const auto* source = drawn(&s.view, QStringLiteral("if (active)"));
    ASSERT_TRUE(source);
    EXPECT_NEAR(source->box.center().y(), helper.box.center().y(), 1.0);
    EXPECT_GE(source->box.left(), helper.box.left());
    // Its bar, on the row below its text, is mostly global memory; its share
    // is of the line's samples (640 of 660).
    const QImage image = test::render(s.view);
    const QRect bar(pane.left(), int(helper.box.bottom()), pane.width(), int(helper.box.height()));
    EXPECT_TRUE(test::anyNear(image, bar, kGlobalMemory, 4));
    // The line of note(), inlined two calls deep, holds no global memory.
    const auto* note = drawn(&s.view, QStringLiteral("memory_trace.h line 13:"));
    ASSERT_TRUE(note);
    EXPECT_FALSE(test::anyNear(
        image, QRect(pane.left(), int(note->box.bottom()), pane.width(), int(note->box.height())),
        kGlobalMemory, 4));
    EXPECT_TRUE(drawn(&s.view, QStringLiteral("97 %")));
    // The instructions follow, the store with its helper's line kept.
    ASSERT_EQ(s.view.selectedInstructions().size(), 2u);
    EXPECT_EQ(s.view.selectedInstructions()[1].helper, (LinePlace{kHelper, 11}));
    EXPECT_TRUE(drawn(&s.view, QStringLiteral("STG.E desc[UR4][R6.64], R5")));
    // A line of the kernel's own code has no helpers' lines.
    s.view.selectLine(8);
    EXPECT_TRUE(s.view.selectedInlinedLines().empty());
    EXPECT_FALSE(drawn(&s.view, QStringLiteral("Inlined here from helpers:")));
}

TEST(StallsViewInlined, TheKernelIsNamedAsItWasWritten) {
    Shown s(test::inlinedProfileRun());
    EXPECT_EQ(s.view.kernelName(0), QStringLiteral("transposeNaive"));
    EXPECT_TRUE(drawn(&s.view, QStringLiteral("Where the warps of transposeNaive waited")));
    EXPECT_FALSE(drawn(&s.view, QStringLiteral("anonymous namespace")));
    // The chooser (hidden for one kernel) names it so too; its tooltip has it whole.
    const auto* chooser = s.view.findChild<QComboBox*>();
    ASSERT_TRUE(chooser);
    ASSERT_EQ(chooser->count(), 1);
    EXPECT_EQ(chooser->itemText(0), QStringLiteral("transposeNaive: 1,000 samples"));
    EXPECT_TRUE(
        chooser->itemData(0, Qt::ToolTipRole)
            .toString()
            .startsWith(QStringLiteral("void ws::memory::(anonymous namespace)::transposeNaive<")));
}

// On a short view (a side-by-side slide) the helpers' lines give way to the
// pane's bottom: nothing of the pane is drawn over the footnote below it.
TEST(StallsViewInlined, AShortPaneKeepsWhatItDrawsInsideIt) {
    for (const int height : {260, 300, 340, 400}) {
        Shown s(test::inlinedProfileRun(), QSize(520, height));
        const QRect pane = s.view.instructionsArea();
        if (pane.isEmpty()) continue;
        for (const auto& t : test::probeText(&s.view)) {
            const QPointF c = t.box.center();
            if (c.x() < pane.left() || c.x() > pane.right() || c.y() < pane.top()) continue;
            EXPECT_LE(t.box.bottom(), pane.bottom() + 2)
                << height << " px: '" << t.text.toStdString() << "' below the pane";
        }
    }
}

// A trace recorded before the calls were kept: the helper's line is a row
// of its own, named by its file, as before.
TEST(StallsViewInlined, WithoutCallsTheHelpersLinesAreRows) {
    Shown s(test::inlinedProfileRun(false));
    ASSERT_FALSE(s.view.shownLines().empty());
    EXPECT_EQ(s.view.shownLines().front().place(), (LinePlace{kHelper, 11}));
    EXPECT_EQ(s.view.selectedPlace(), (LinePlace{kHelper, 11}));
    EXPECT_TRUE(s.view.selectedInlinedLines().empty());
    EXPECT_TRUE(drawn(&s.view, QStringLiteral("memory_trace.h line 11: if (active)")));
    EXPECT_FALSE(drawn(&s.view, QStringLiteral("Inlined here from helpers:")));
}

}  // namespace
}  // namespace ws

namespace ws {
namespace {

QString withoutSpaces(QString text) {
    text.remove(QLatin1Char(' '));
    return text;
}

// On a projected slide's half (the projector's 18 pt font) the pane's title,
// the selected line's source and the helpers' lines wrap whole; what may be
// cut is a row's start of its line (whole in the pane once selected) and an
// instruction's SASS, whole in its tooltip.
TEST(StallsViewInlined, OnASlidesHalfOnlyRowsAndSassAreCut) {
    bool sassCut = false;
    for (const QSize size : {QSize(640, 720), QSize(900, 900)}) {
        SCOPED_TRACE(size.width());
        Shown s(test::inlinedProfileRun(), size);
        QFont f = s.view.font();
        f.setPointSizeF(18);
        s.view.setFont(f);
        QCoreApplication::processEvents();
        const QRect pane = s.view.instructionsArea();
        ASSERT_FALSE(pane.isEmpty());
        QString inPane;
        for (const auto& t : test::probeText(&s.view)) {
            const QPoint at = t.box.center().toPoint();
            if (pane.contains(at)) inPane += t.text;
            if (!t.cut) continue;
            if (std::any_of(
                    s.view.shownLines().begin(), s.view.shownLines().end(),
                    [&](const StallLine& l) { return s.view.lineRowRect(l.place()).contains(at); }))
                continue;
            const QString tip = s.view.toolTipAt(at);
            bool whole = false;
            for (const StallInstruction& in : s.view.selectedInstructions())
                whole = whole || (t.text.startsWith(QStringLiteral("%1  ").arg(in.pcOffset, 4, 16,
                                                                               QLatin1Char('0'))) &&
                                  tip.contains(QString::fromStdString(in.sass).toHtmlEscaped()));
            EXPECT_TRUE(whole) << "cut: '" << t.text.toStdString() << "', its tooltip '"
                               << tip.toStdString() << "'";
            sassCut = true;
        }
        EXPECT_TRUE(
            withoutSpaces(inPane).contains(QStringLiteral("line12:2instructions,660samples")))
            << inPane.toStdString();
        EXPECT_TRUE(withoutSpaces(inPane).contains(
            withoutSpaces(s.view.sourceText(s.view.selectedPlace()).trimmed())))
            << inPane.toStdString();
        EXPECT_TRUE(
            withoutSpaces(inPane).contains(QStringLiteral("memory_trace.hline11:if(active)*p=v;")))
            << inPane.toStdString();
    }
    EXPECT_TRUE(sassCut);
}

}  // namespace
}  // namespace ws
