#include "app/gui/lessons/slide_progress.h"

#include <QPainter>
#include <algorithm>

#include "widgets/view/ui_scale.h"

namespace ws {

SlideProgress::SlideProgress(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(UiScale::instance(), &UiScale::changed, this, [this] { updateGeometry(); });
}

void SlideProgress::setFraction(double fraction) {
    m_fraction = std::clamp(fraction, 0.0, 1.0);
    update();
}

QSize SlideProgress::sizeHint() const { return {100, int(ui::px(5))}; }

void SlideProgress::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Mid));
    p.fillRect(QRectF(0, 0, width() * m_fraction, height()), palette().color(QPalette::Highlight));
}

}  // namespace ws
