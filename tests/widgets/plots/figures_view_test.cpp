// The figures view on a run whose figures span nine orders of magnitude (a
// basics run's bytes, bandwidths and milliseconds): tick labels in
// engineering notation that never run together, and value texts inside the
// plot, as a projector shows them.
#include "widgets/plots/figures_view.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "tests/widgets/support/qt_test_support.h"
#include "tests/widgets/support/text_probe.h"

namespace ws {
namespace {

TEST(FiguresView, LargeValuesKeepTickLabelsApartAndTextsUncut) {
    test::app();
    ws::Run run = test::smallRun();
    run.experiment = "host-device-bandwidth";
    run.figures = {{"pinnedBytesPerS", 2.61e10},
                   {"pageableBytesPerS", 9.87e9},
                   {"largestBytes", 1073741824.0},
                   {"transferMs", 41.2},
                   {"latencyUs", 0.75}};
    PlaybackModel model;
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    // A projector's text (24 px) at three widths, and a laptop's dock (the
    // concurrency lab's beside its operations, 320 px) at the desktop's.
    for (const auto& [width, points] :
         std::vector<std::pair<int, double>>{{1900, 18}, {960, 18}, {600, 18}, {320, 0}}) {
        SCOPED_TRACE(width);
        FiguresView view(&model);
        QFont f = view.font();
        if (points > 0) f.setPointSizeF(points);
        view.setFont(f);
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.show();
        view.resize(width, 800);
        QCoreApplication::processEvents();
        // Engineering notation, not 1.07374e+09.
        for (const QString& l : view.valueLabels())
            EXPECT_FALSE(l.contains('e')) << l.toStdString();
        const auto texts = test::probeText(&view);
        EXPECT_FALSE(texts.empty());
        // Titles and captions wrap: a long one was cut at both sides.
        for (const auto& t : texts)
            EXPECT_TRUE(t.box.left() >= -1 && t.box.right() <= width + 1)
                << "past the edge: '" << t.text.toStdString() << "'";
        for (const auto& [a, b] : test::overlappingTexts(texts, 0.05))
            ADD_FAILURE() << "overlapping: '" << a.text.toStdString() << "' and '"
                          << b.text.toStdString() << "'";
        QCustomPlot* p = view.plot();
        for (int i = 0; i < p->itemCount(); ++i) {
            auto* t = qobject_cast<QCPItemText*>(p->item(i));
            if (!t || !t->clipAxisRect()) continue;
            EXPECT_LE(t->bottomRight->pixelPosition().x(), t->clipAxisRect()->right() + 1)
                << "cut: " << t->text().toStdString();
        }
    }
}

// The streams lab's first title is longer than a laptop's dock is wide: it
// wraps instead of being cut at both sides.
TEST(FiguresView, LongTitlesWrapInANarrowDock) {
    test::app();
    ws::Run run = test::smallRun();
    run.experiment = "streams";
    run.params["streams"] = "4";
    run.figures = {{"oneStreamMs", 0.24},
                   {"endToEndMs", 0.27},
                   {"serialSumMs", 0.2},
                   {"operationsSpanMs", 0.32},
                   {"ratioToOneStream", 1.13}};
    PlaybackModel model;
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    FiguresView view(&model);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    view.resize(300, 500);
    QCoreApplication::processEvents();
    // Unwrapped, the title held the view (and its dock) 493 px wide.
    EXPECT_LE(view.minimumSizeHint().width(), 300);
    EXPECT_EQ(view.width(), 300);
    bool title = false;
    for (const auto& t : test::probeText(&view)) {
        title |= t.text.startsWith(QStringLiteral("End to end"));
        EXPECT_TRUE(t.box.left() >= -1 && t.box.right() <= view.width() + 1)
            << "past the edge: '" << t.text.toStdString() << "'";
    }
    EXPECT_TRUE(title);
}

// Shares are labelled "33 %" beside their bars: their axis speaks in per
// cent too, not 0 to 0.45.
TEST(FiguresView, AnAxisOfSharesIsInPerCent) {
    test::app();
    ws::Run run = test::smallRun();
    run.experiment = "streams";
    run.params["streams"] = "4";
    run.figures = {{"oneStreamMs", 0.24},
                   {"endToEndMs", 0.15},
                   {"overlapFraction", 0.33},
                   {"copyBehindKernelFraction", 0.41}};
    PlaybackModel model;
    model.setRun(prepareRun(std::make_shared<const ws::Run>(run)));
    FiguresView view(&model);
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.show();
    view.resize(700, 700);
    QCoreApplication::processEvents();
    view.plot()->replot();
    int shareAxes = 0;
    for (QCPAxisRect* rect : view.plot()->axisRects()) {
        QCPAxis* value = rect->axis(QCPAxis::atBottom);
        if (!value || !value->label().startsWith(QStringLiteral("share"))) continue;
        ++shareAxes;
        const QVector<QString> labels = value->tickVectorLabels();
        ASSERT_FALSE(labels.isEmpty());
        for (const QString& l : labels)
            EXPECT_TRUE(l.endsWith(QStringLiteral(" %"))) << l.toStdString();
    }
    EXPECT_EQ(shareAxes, 1);
    EXPECT_TRUE(view.valueLabels().contains(QStringLiteral("33 %")));
}

}  // namespace
}  // namespace ws
