// The figures view on a run whose figures span nine orders of magnitude (a
// basics run's bytes, bandwidths and milliseconds): tick labels in
// engineering notation that never run together, and value texts inside the
// plot, as a projector shows them.
#include "widgets/figures_view.h"

#include <gtest/gtest.h>
#include <qcustomplot.h>

#include "tests/widgets/qt_test_support.h"
#include "tests/widgets/text_probe.h"

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
    for (const int width : {1900, 960, 600}) {
        SCOPED_TRACE(width);
        FiguresView view(&model);
        QFont f = view.font();
        f.setPointSizeF(18);  // a projector's text (24 px)
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

}  // namespace
}  // namespace ws
