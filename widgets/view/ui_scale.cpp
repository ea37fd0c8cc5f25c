#include "widgets/view/ui_scale.h"

#include <QApplication>
#include <QWidget>
#include <algorithm>

namespace ws {

UiScale* UiScale::instance() {
    static UiScale* scale = new UiScale;  // lives as long as the process
    return scale;
}

void UiScale::setUserScale(double scale) {
    const double clamped = std::clamp(scale, kMinUser, kMaxUser);
    if (clamped == m_user) return;
    m_user = clamped;
    apply();
}

void UiScale::setModeFactor(double factor) {
    if (factor <= 0 || factor == m_mode) return;
    m_mode = factor;
    apply();
}

void UiScale::setBasePointSize(double pt) {
    if (pt <= 0 || pt == m_basePt) return;
    m_basePt = pt;
    apply();
}

void UiScale::apply() {
    if (qApp) {
        QFont f = QApplication::font();
        f.setPointSizeF(m_basePt * scale());
        QApplication::setFont(f);
        // Pen widths and markers are not part of the font: repaint everything.
        for (QWidget* w : QApplication::allWidgets()) w->update();
    }
    emit changed(scale());
}

}  // namespace ws
