// The coalescing view counts the sectors of each traced request and compares
// the variants: the naive transpose's writes and ReduceWKernelSimple's reads.
#include "widgets/memory/coalescing_view.h"

#include <gtest/gtest.h>

#include <QFontMetrics>
#include <algorithm>

#include "tests/widgets/memory/memory_test_runs.h"
#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"
#include "widgets/memory/memory_colours.h"
#include "widgets/view/view_painting.h"

namespace ws {
namespace {

const ParamValues kSize{{"width", "1920"}, {"height", "1080"}};

ParamValues variant(const char* v) {
    ParamValues p = kSize;
    p["variant"] = v;
    return p;
}

// A view of a modelled run, shown offscreen: the text probe reads what
// visible widgets paint.
struct Shown {
    QApplication& app = test::app();  // before any widget
    PlaybackModel model;
    CoalescingView view{&model};
    Shown(const std::string& experiment, const ParamValues& params) {
        model.setRun(test::preparedMemoryRun(experiment, params));
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
    }
};

TEST(CoalescingView, NaiveTransposeWritesTouchOneSectorPerColumn) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMemoryRun("transpose-u8", variant("naive")));
    CoalescingView view(&model);
    view.resize(900, 560);
    ASSERT_GE(view.requestCount(), 2);
    view.setRequest(0);
    EXPECT_EQ(view.strip().count.sectors, 2u);  // the read: two 16-byte rows of the tile
    view.setRequest(1);
    EXPECT_EQ(view.strip().count.sectors, 16u);
    EXPECT_EQ(view.strip().count.idealSectors, 1u);
    EXPECT_TRUE(view.countText().contains("16 × 32-byte sectors (ideal 1)"))
        << view.countText().toStdString();
    const QImage img = test::render(view);
    // The sector lane 6 writes into is drawn in the "moved" colour with its byte in blue.
    const LaneSpot spot = view.strip().lanes[6];
    const QRect sector = view.sectorRect(spot.lineIndex, int(spot.offset / 32)).toRect();
    EXPECT_TRUE(test::anyNear(img, sector, memory_colours::sectorWasted(), 20));
    EXPECT_TRUE(test::anyNear(img, sector, memory_colours::sectorUsed(), 20));
}

// In a narrow view (a projector's half slide, a laptop's dock) the count
// needs three lines of the view's font; kept to two, its third ("… of the
// bytes moved are used") lay under the lanes.
TEST(CoalescingView, TheCountKeepsEveryLineAboveTheLanes) {
    Shown s("transpose-u8", variant("naive"));
    CoalescingView& view = s.view;
    for (const int width : {300, 380, 900}) {
        SCOPED_TRACE(width);
        view.resize(width, 560);
        view.setRequest(1);
        // Drawn wrapped, line by line: each a piece of the count, each above the lanes.
        bool seen = false;
        const QString count = view.countText();
        for (const auto& t : test::probeText(&view))
            if (const QString x = t.text.trimmed();
                !x.isEmpty() && count.contains(x) && !x.front().isDigit() &&
                x != QStringLiteral("read") && x != QStringLiteral("write") &&
                !x.startsWith(QStringLiteral("first "))) {
                seen = seen || t.text.contains(QStringLiteral("used"));
                EXPECT_LE(t.box.bottom(), view.laneRect(0).top() + 1) << t.text.toStdString();
            }
        EXPECT_TRUE(seen);
    }
}

// In the memory lab's dock on a 1080-line screen the legend's last row was
// cut at the bottom: the links give up their room first.
TEST(CoalescingView, TheLegendStaysInsideAShortView) {
    Shown s("transpose-u8", variant("shared"));
    CoalescingView& view = s.view;
    view.resize(620, 400);
    bool legend = false;
    for (const auto& t : test::probeText(&view)) {
        EXPECT_LE(t.box.bottom(), view.height()) << t.text.toStdString();
        legend = legend || t.text.startsWith(QStringLiteral("sector not touched"));
    }
    EXPECT_TRUE(legend);
}

TEST(CoalescingView, ComparesTheVariantsAtThisSize) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMemoryRun("transpose-u8", variant("padded")));
    CoalescingView view(&model);
    const auto& v = view.variants();
    ASSERT_EQ(v.size(), 6u);
    EXPECT_EQ(v[0].name, "transpose naive");
    EXPECT_EQ(v[0].writes.sectors, 16u);
    EXPECT_EQ(v[2].writes.sectors, 3u);  // padded tile: two 16-byte runs, one straddling
    EXPECT_TRUE(v[2].current);
    EXPECT_EQ(v[3].reads.sectors, 1u);   // ReduceHKernelSimple
    EXPECT_EQ(v[4].reads.sectors, 32u);  // ReduceWKernelSimple
    EXPECT_EQ(v[5].reads.sectors, 1u);   // a block per row
}

// The current variant is drawn bold behind a marker: its name must end
// before the counts begin (ReduceHKernelSimple ran into "1 sector").
TEST(CoalescingView, TheCurrentVariantsNameEndsBeforeItsCounts) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMemoryRun("reduce-columns", kSize));
    CoalescingView view(&model);
    const auto& v = view.variants();
    const auto current = std::find_if(v.begin(), v.end(), [](const auto& x) { return x.current; });
    ASSERT_NE(current, v.end());
    EXPECT_EQ(current->name, "ReduceHKernelSimple");
    EXPECT_GT(view.nameColumnWidth(),
              QFontMetrics(titleFont(view.font()))
                  .horizontalAdvance(QStringLiteral("▶ ReduceHKernelSimple")));
}

// In a laptop's dock the table's headers ran together ("first readfirst
// writ"): they are elided to their columns, as the cells are.
TEST(CoalescingView, TableHeadersKeepToTheirColumns) {
    Shown s("transpose-u8", variant("shared"));
    CoalescingView& view = s.view;
    for (const int width : {300, 360, 900}) {
        view.resize(width, 600);
        const auto texts = test::probeText(&view);
        for (const auto& [a, b] : test::overlappingTexts(texts, 0.0))
            ADD_FAILURE() << width << ": '" << a.text.toStdString() << "' and '"
                          << b.text.toStdString() << "'";
        // The counts keep their numbers in a shorter form rather than "2 s…".
        for (const auto& t : texts)
            EXPECT_FALSE(t.text.contains(QChar(0x2026)) && t.text.front().isDigit())
                << width << ": " << t.text.toStdString();
    }
}

TEST(CoalescingView, RowReductionReadsAreScattered) {
    test::app();
    PlaybackModel model;
    model.setRun(test::preparedMemoryRun("reduce-rows-atomic", kSize));
    CoalescingView view(&model);
    view.resize(900, 560);
    view.setRequest(0);
    EXPECT_EQ(view.strip().count.sectors, 32u);
    EXPECT_EQ(view.strip().lines.size(), 32u);
    test::render(view);
}

}  // namespace
}  // namespace ws
