#include "app/gui/scroll_when_short.h"

#include <QEvent>
#include <QScrollBar>
#include <algorithm>

#include "app/gui/screen_room.h"

namespace ws {

namespace {

class VerticalScrollArea : public QScrollArea {
public:
    VerticalScrollArea(QWidget* content, double screenShare) : m_share(screenShare) {
        setWidget(content);
        content->installEventFilter(this);
    }

    // (The size hint stays QScrollArea's, bounded to 36 x 24 lines: a dock
    // shown after the window's first layout takes its hint, and a table's
    // whole width, 920 px, squeezed the middle column and the left docks.)
    QSize minimumSizeHint() const override {
        const QSize content = widget()->minimumSizeHint();
        const int most = int(m_share * screenRoom(this).height());
        return {content.width() + reserve(),
                std::max(QScrollArea::minimumSizeHint().height(),
                         std::min(content.height() + 2 * frameWidth(), most))};
    }

protected:
    // The content's minimum changes with what it shows (a lab's parameters,
    // the views a run has), and the screen's height with --window-size: the
    // dock must hear of both, or it keeps the first sizes.
    bool eventFilter(QObject* watched, QEvent* e) override {
        if ((watched == widget() && e->type() == QEvent::LayoutRequest) ||
            (watched == m_window && e->type() == QEvent::DynamicPropertyChange))
            updateGeometry();
        return QScrollArea::eventFilter(watched, e);
    }
    void showEvent(QShowEvent* e) override {
        if (window() != this && window() != m_window) {
            m_window = window();
            m_window->installEventFilter(this);
        }
        QScrollArea::showEvent(e);
    }

private:
    // Room for the scroll bar, so that its coming does not cut the content.
    int reserve() const { return verticalScrollBar()->sizeHint().width() + 2 * frameWidth(); }

    double m_share;
    QWidget* m_window = nullptr;
};

}  // namespace

QScrollArea* scrollWhenShort(QWidget* content, double screenShare) {
    auto* area = new VerticalScrollArea(content, screenShare);
    area->setWidgetResizable(true);  // the views fill the dock wherever it is larger
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return area;
}

}  // namespace ws
