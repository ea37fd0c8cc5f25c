// The bank view draws lanes into the banks the analysis says, tells
// conflicts from broadcasts by colour, and prints the predicted passes.
#include "widgets/memory/bank_view.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <tuple>

#include "tests/widgets/memory/memory_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/memory/memory_colours.h"
#include "widgets/view/colour_scheme.h"
#include "widgets/view/palette.h"

namespace ws {
namespace {

ParamValues probe(const std::string& stride, const std::string& width = "4",
                  const std::string& tile = "none", const std::string& padding = "0",
                  const std::string& pattern = "stride") {
    return {{"stride", stride},
            {"width", width},
            {"tile", tile},
            {"padding", padding},
            {"pattern", pattern}};
}

struct Shown {
    PlaybackModel model;
    BankView view{&model};
    explicit Shown(const ParamValues& p, const std::string& experiment = "bank-probe") {
        model.setRun(test::preparedMemoryRun(experiment, p));
        view.resize(900, 560);
    }
    QColor cellColour(std::uint32_t bank, std::uint32_t row) {
        const QImage img = test::render(view);
        // A corner of the cell: away from the ring and the lane numbers.
        const QRectF r = view.wordRect(bank, row);
        return img.pixelColor(QPointF(r.left() + 3, r.bottom() - 3).toPoint());
    }
};

TEST(BankView, StrideOneAndThirtyThreeUseEveryBankOnce) {
    test::app();
    for (const char* stride : {"1", "33"}) {
        Shown s(probe(stride));
        EXPECT_EQ(s.view.instructionCount(), 2);
        EXPECT_EQ(s.view.diagram().rows, 1u) << stride;
        EXPECT_EQ(s.view.passesText(), "predicted: 1 pass (ideal 1)");
        EXPECT_TRUE(test::near(s.cellColour(5, 0), memory_colours::clean(), 12)) << stride;
    }
}

// Lanes 0-9 labelled and 10-31 bare read as lanes missing: the words' lane
// numbers are all drawn or none.
TEST(BankView, EveryWordsLanesAreLabelledOrNone) {
    test::app();
    for (int width : {1600, 420}) {
        Shown s(probe("1", "8"));
        s.view.resize(width, 560);
        s.view.setAttribute(Qt::WA_DontShowOnScreen);
        s.view.show();
        std::set<int> labelled;
        for (const auto& t : test::probeText(&s.view)) {
            bool number = false;
            const int lane = t.text.toInt(&number);
            // Word labels sit in the grid, below the bank numbers.
            if (number && t.box.top() > s.view.wordRect(0, 0).top() - 1) labelled.insert(lane);
        }
        EXPECT_TRUE(labelled.empty() || labelled.size() == 32) << width << ": " << labelled.size();
        if (width == 1600) EXPECT_EQ(labelled.size(), 32u);
    }
}

TEST(BankView, StrideTwoAndThirtyTwoConflict) {
    test::app();
    Shown two(probe("2"));
    EXPECT_EQ(two.view.passesText(), "predicted: 2 passes (ideal 1)");
    EXPECT_EQ(two.view.diagram().laneBank[16], 0);
    EXPECT_TRUE(test::near(two.cellColour(0, 1), memory_colours::conflict(), 40));
    Shown s32(probe("32"));
    EXPECT_EQ(s32.view.passesText(), "predicted: 32 passes (ideal 1)");
    const QImage img = test::render(s32.view);
    // Every lane's link ends at bank 0: the row under the lanes is vermillion at lane 31.
    EXPECT_TRUE(
        test::anyNear(img, s32.view.wordRect(0, 31).toRect(), memory_colours::conflict(), 40));
    EXPECT_FALSE(test::anyNear(img, s32.view.wordRect(1, 0).toRect().adjusted(3, 3, -3, -3),
                               memory_colours::conflict(), 20));
}

TEST(BankView, BroadcastIsSkyBlueNotVermillion) {
    test::app();
    Shown s(probe("0"));
    EXPECT_EQ(s.view.passesText(), "predicted: 1 pass (ideal 1)");
    EXPECT_TRUE(test::near(s.cellColour(0, 0), memory_colours::broadcast(), 12));
}

TEST(BankView, ALessonsHighlightChoosesTheInstruction) {
    // highlight: {access: 1} on a slide opens the view on the tile's column read.
    test::app();
    Shown plain({{"width", "64"}, {"height", "64"}, {"variant", "shared"}}, "transpose-u8");
    ASSERT_GE(plain.view.instructionCount(), 2);
    EXPECT_EQ(plain.view.instruction(), 0);
    Highlight h;
    h.access = 1;
    plain.model.setHighlight(h);
    EXPECT_EQ(plain.view.instruction(), 1);
    EXPECT_EQ(plain.view.passesText(), "predicted: 2 passes (ideal 1)");
    // A run shown afterwards opens on the same instruction; beyond the last, on the last.
    plain.model.setRun(test::preparedMemoryRun(
        "transpose-u8", {{"width", "64"}, {"height", "64"}, {"variant", "padded"}}));
    EXPECT_EQ(plain.view.instruction(), 1);
    h.access = 99;
    plain.model.setHighlight(h);
    EXPECT_EQ(plain.view.instruction(), plain.view.instructionCount() - 1);
}

TEST(BankView, SeedTilesShowTwoPassesThenOne) {
    test::app();
    Shown plain({{"width", "64"}, {"height", "64"}, {"variant", "shared"}}, "transpose-u8");
    ASSERT_GE(plain.view.instructionCount(), 2);
    plain.view.setInstruction(1);  // v = sbuf[tx][ty]
    EXPECT_TRUE(plain.view.instructionLabel(1).contains("sbuf[tx][ty]"));
    EXPECT_EQ(plain.view.passesText(), "predicted: 2 passes (ideal 1)");
    Shown padded({{"width", "64"}, {"height", "64"}, {"variant", "padded"}}, "transpose-u8");
    padded.view.setInstruction(1);
    EXPECT_EQ(padded.view.passesText(), "predicted: 1 pass (ideal 1)");
    // Lane 8 (tx 8, ty 0) reads byte 8 * 20 = 160: bank 8 (word 40).
    EXPECT_EQ(padded.view.diagram().laneBank[8], 8);
}

TEST(BankView, PredictionFromTheControlsReplacesTheRecordAndKeepsTheMeasurement) {
    test::app();
    Shown s(probe("32"));
    const QString measured = s.view.measuredText();
    EXPECT_TRUE(measured.startsWith("measured: ")) << measured.toStdString();
    s.view.setPrediction(stridedAccess(33, 4), "stride 33");
    EXPECT_EQ(s.view.passesText(), "predicted: 1 pass (ideal 1)");
    EXPECT_TRUE(s.view.measuredText().contains("stride=32")) << s.view.measuredText().toStdString();
    s.view.setPrediction(std::nullopt, {});
    EXPECT_EQ(s.view.diagram().rows, 32u);
}

TEST(BankView, WideAccessesShowTheirPhases) {
    test::app();
    Shown s(probe("1", "16"));
    EXPECT_EQ(s.view.diagram().phaseFirstRow.size(), 4u);
    EXPECT_EQ(s.view.passesText(), "predicted: 4 passes (ideal 4), 4 phases of 8 lanes");
    test::render(s.view);
}

// In a short dock (a laptop's) the four phases' rows are thinner than a line
// of text: their "lanes 0–7" labels ran into each other. They shrink to fit,
// and where even that is too tall, every other one is left out.
TEST(BankView, PhaseLabelsNeverRunTogether) {
    test::app();
    for (const int height : {560, 300, 240, 200}) {
        Shown s(probe("1", "16"));
        s.view.resize(900, height);
        s.view.setAttribute(Qt::WA_DontShowOnScreen);
        s.view.show();
        std::vector<test::DrawnText> phases;
        for (const auto& t : test::probeText(&s.view))
            if (t.text.startsWith(QStringLiteral("lanes "))) phases.push_back(t);
        EXPECT_FALSE(phases.empty()) << height;
        for (std::size_t i = 0; i < phases.size(); ++i)
            for (std::size_t j = i + 1; j < phases.size(); ++j) {
                // The text's own height, not the box it was given.
                const double h = std::min(phases[i].pixelHeight, phases[j].pixelHeight);
                EXPECT_GE(std::abs(phases[i].box.top() - phases[j].box.top()), h - 1)
                    << height << ": '" << phases[i].text.toStdString() << "' and '"
                    << phases[j].text.toStdString() << "'";
            }
        if (height == 560) EXPECT_EQ(phases.size(), 4u);
    }
}

// In a projector's short view the legend's last entry was cut at the bottom:
// the links from lanes to banks give up their room first.
TEST(BankView, TheLegendStaysWholeInAShortView) {
    test::app();
    Shown s(probe("32"));
    QFont f = s.view.font();
    f.setPointSizeF(18);
    s.view.setFont(f);
    s.view.resize(500, 320);
    s.view.setAttribute(Qt::WA_DontShowOnScreen);
    s.view.show();
    bool conflict = false;
    for (const auto& t : test::probeText(&s.view)) {
        EXPECT_LE(t.box.bottom(), s.view.height()) << t.text.toStdString();
        conflict = conflict || t.text.startsWith(QStringLiteral("conflict"));  // whole or brief
    }
    EXPECT_TRUE(conflict);
}

// On a 1024 x 768 projector's comparison, eight passes got 20 px under a
// three-line key: where the whole key would leave the passes less than
// about half a line each (up to eight), the key takes its short form.
TEST(BankView, ThePassesKeepReadableRowsBeforeTheKeyKeepsItsWords) {
    test::app();
    Shown eight(probe("8"));
    QFont f = eight.view.font();
    f.setPointSizeF(15);  // a projector's
    eight.view.setFont(f);
    eight.view.resize(500, 420);
    const QRectF first = eight.view.wordRect(0, 0);
    const int line = QFontMetrics(f).height();
    EXPECT_TRUE(eight.view.briefLegend());
    EXPECT_GE(first.height(), line * 3 / 5 - 1) << "a pass row " << first.height() << " px";
    // One pass needs little: the same view keeps its whole key.
    Shown one(probe("1"));
    one.view.setFont(f);
    one.view.resize(500, 420);
    EXPECT_FALSE(one.view.briefLegend());
}

// In a short view eight passes are thinner than a line of text: they were
// labelled "pass 1" alone, as if the access took one. The labels say which
// passes they stand for, and together name every pass once.
TEST(BankView, ThinPassRowsShareALabelThatNamesThemAll) {
    test::app();
    for (const auto& [stride, passes, height] : std::vector<std::tuple<const char*, int, int>>{
             {"8", 8, 560}, {"8", 8, 200}, {"32", 32, 220}, {"32", 32, 560}}) {
        SCOPED_TRACE(std::string(stride) + " at " + std::to_string(height));
        Shown s(probe(stride));
        ASSERT_EQ(s.view.passesText(),
                  QStringLiteral("predicted: %1 passes (ideal 1)").arg(passes));
        s.view.resize(900, height);
        s.view.setAttribute(Qt::WA_DontShowOnScreen);
        s.view.show();
        std::set<int> named;
        for (const auto& t : test::probeText(&s.view)) {
            const QString& x = t.text;
            // "passes 3–4", "pass 5", or in a narrow margin "3–4".
            const QString numbers = x.startsWith(QStringLiteral("passes ")) ? x.mid(7)
                                    : x.startsWith(QStringLiteral("pass ")) ? x.mid(5)
                                                                            : x;
            const QStringList ends = numbers.split(QChar(0x2013));
            bool first = false, second = ends.size() < 2;
            const int a = ends[0].toInt(&first);
            const int b = ends.size() == 2 ? ends[1].toInt(&second) : a;
            // Only the margin left of the grid: lane and bank numbers are numbers too.
            if (!first || !second || ends.size() > 2 ||
                t.box.right() > s.view.wordRect(0, 0).left())
                continue;
            for (int k = a; k <= b; ++k) EXPECT_TRUE(named.insert(k).second) << k;
        }
        std::set<int> all;
        for (int k = 1; k <= passes; ++k) all.insert(k);
        EXPECT_EQ(named, all);
    }
}

// The words that flag a conflict or wasted sectors read in every theme: a
// darkened vermillion on white, a lightened one on the dark background.
TEST(MemoryColours, WasteTextStandsOutFromTheBackgroundInEveryScheme) {
    for (const Scheme scheme : {Scheme::Light, Scheme::Dark}) {
        ColourScheme::instance()->setScheme(scheme);
        const int text = memory_colours::wasteText().lightness();
        const int background = palette::background().lightness();
        EXPECT_GE(std::abs(text - background), 90) << schemeName(scheme).toStdString();
    }
    ColourScheme::instance()->setScheme(Scheme::Light);
}

}  // namespace
}  // namespace ws
