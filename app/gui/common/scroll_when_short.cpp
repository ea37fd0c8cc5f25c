#include "app/gui/common/scroll_when_short.h"

#include <QChildEvent>
#include <QEvent>
#include <QLayout>
#include <QScrollBar>
#include <algorithm>

#include "app/gui/common/screen_room.h"

namespace ws {

namespace {

class VerticalScrollArea : public QScrollArea {
public:
    VerticalScrollArea(QWidget* content, double screenShare) : m_share(screenShare) {
        setWidget(content);
        content->installEventFilter(this);
        for (QWidget* child : content->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            child->installEventFilter(this);
    }

    // (The size hint stays QScrollArea's, bounded to 36 x 24 lines: a dock
    // shown after the window's first layout takes its hint, and a table's
    // whole width, 920 px, squeezed the middle column and the left docks.)
    QSize minimumSizeHint() const override {
        const QSize content = widget()->minimumSizeHint();
        const int most = int(m_share * screenRoom(this).height());
        return {content.width() + reserve(),
                std::max(QScrollArea::minimumSizeHint().height(),
                         std::min(neededHeight(viewport()->width()) + 2 * frameWidth(), most))};
    }

protected:
    // The content's minimum changes with what it shows (a lab's parameters,
    // the views a run has), and the screen's height with --window-size: the
    // dock must hear of both, or it keeps the first sizes.
    bool eventFilter(QObject* watched, QEvent* e) override {
        if ((watched == widget() && e->type() == QEvent::LayoutRequest) ||
            (watched == m_window && e->type() == QEvent::DynamicPropertyChange)) {
            updateGeometry();
            fitContent();
        } else if (watched == widget() && e->type() == QEvent::ChildAdded) {
            if (auto* child = qobject_cast<QWidget*>(static_cast<QChildEvent*>(e)->child()))
                child->installEventFilter(this);
        } else if (watched != widget() && watched != m_window &&
                   (e->type() == QEvent::ShowToParent || e->type() == QEvent::HideToParent)) {
            // A row shown or hidden changes the content's minimum, and
            // nothing else may say so in time: the parameter rows of a
            // slide, shown with their dock, were laid out 68 px tall, one
            // over the other, in a content whose minimum had become 208.
            updateGeometry();
            fitContent();
        }
        return QScrollArea::eventFilter(watched, e);
    }
    void showEvent(QShowEvent* e) override {
        if (window() != this && window() != m_window) {
            m_window = window();
            m_window->installEventFilter(this);
        }
        QScrollArea::showEvent(e);
        fitContent();
    }
    void resizeEvent(QResizeEvent* e) override {
        QScrollArea::resizeEvent(e);
        fitContent();
    }

private:
    // The content fills the viewport and is taller only where its minimum
    // is. (Qt's own resizing gives content whose layout wraps text its
    // preferred height: the concurrency lab, 588 px preferred, scrolled in a
    // 432-px dock on a 1080-line screen and hid its last SM rows and legend.)
    void fitContent() {
        QWidget* content = widget();
        if (!content) return;
        const int w = std::max(viewport()->width(), content->minimumSizeHint().width());
        content->resize(w, std::max(neededHeight(w), viewport()->height()));
    }
    // The content's least height at width w, wrapped text included (a unit
    // that wraps under its slider makes a row two lines tall): the dock asks
    // for it, or the rows scroll on a screen that has room for them.
    int neededHeight(int w) const {
        const QWidget* content = widget();
        w = std::max(w, content->minimumSizeHint().width());
        int h = content->minimumSizeHint().height();
        if (const QLayout* l = content->layout(); l && l->hasHeightForWidth())
            h = std::max(h, l->minimumHeightForWidth(w));
        else if (!l && content->hasHeightForWidth())
            h = std::max(h, content->heightForWidth(w));
        return h;
    }

    // Room for the scroll bar, so that its coming does not cut the content.
    int reserve() const { return verticalScrollBar()->sizeHint().width() + 2 * frameWidth(); }

    double m_share;
    QWidget* m_window = nullptr;
};

}  // namespace

QScrollArea* scrollWhenShort(QWidget* content, double screenShare) {
    auto* area = new VerticalScrollArea(content, screenShare);
    area->setWidgetResizable(false);  // fitContent fills the dock wherever it is larger
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return area;
}

}  // namespace ws
