// A dock's scrolling area: the content fills the room it is given and
// scrolls only below its minimum height, wrapped text included.
#include "app/gui/common/scroll_when_short.h"

#include <gtest/gtest.h>

#include <QLabel>
#include <QScrollBar>
#include <QVBoxLayout>

#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

// A view that would like 500 px and can live in 150, as the operations view.
class ShrinkableView : public QWidget {
public:
    QSize sizeHint() const override { return {800, 500}; }
    QSize minimumSizeHint() const override { return {200, 150}; }
};

struct Content {
    QWidget* widget = new QWidget;
    QLabel* label =
        new QLabel(QString("Operations from CUPTI and blocks from %globaltimer, ").repeated(4));
    ShrinkableView* view = new ShrinkableView;
    Content() {
        label->setWordWrap(true);  // the layout now has a height for each width
        auto* layout = new QVBoxLayout(widget);
        layout->addWidget(label);
        layout->addWidget(view, 1);
    }
};

TEST(ScrollWhenShort, ContentFillsTheRoomBetweenItsMinimumAndItsPreferredHeight) {
    test::app();
    Content c;
    QScrollArea* area = scrollWhenShort(c.widget);
    area->resize(900, 360);
    area->show();
    QCoreApplication::processEvents();
    // 360 px holds the label and the view's 150: no scrolling, the view gets
    // the rest. (Before, the content took its preferred height, 500 and the
    // label, and the bottom of the view scrolled out of a dock that had room.)
    EXPECT_EQ(c.widget->height(), area->viewport()->height());
    EXPECT_EQ(area->verticalScrollBar()->maximum(), 0);
    EXPECT_GE(c.view->height(), 150);
    EXPECT_LE(c.view->geometry().bottom(), area->viewport()->height());
    delete area;
}

TEST(ScrollWhenShort, BelowItsMinimumTheContentScrollsAndKeepsItsWrappedText) {
    test::app();
    Content c;
    QScrollArea* area = scrollWhenShort(c.widget);
    area->resize(260, 120);  // narrow: the label wraps to several lines
    area->show();
    QCoreApplication::processEvents();
    EXPECT_GT(area->verticalScrollBar()->maximum(), 0);
    EXPECT_GE(c.view->height(), 150);
    // The label has the lines its width needs.
    EXPECT_GE(c.label->height(), c.label->heightForWidth(c.label->width()));
    // Growing the room again lets the content follow it.
    area->resize(900, 700);
    QCoreApplication::processEvents();
    EXPECT_EQ(c.widget->height(), area->viewport()->height());
    delete area;
}

}  // namespace
}  // namespace ws
