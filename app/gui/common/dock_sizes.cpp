#include "app/gui/common/dock_sizes.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QTimer>

namespace ws {

DockSizes::DockSizes(QMainWindow* window) : QObject(window), m_window(window) {
    window->installEventFilter(this);
}

void DockSizes::prefer(QDockWidget* dock, int size, Qt::Orientation orientation) {
    m_wishes.push_back({dock, size, orientation, false});
    connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) applyLater();
    });
    applyLater();
}

bool DockSizes::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window && event->type() == QEvent::Show) applyLater();
    return QObject::eventFilter(watched, event);
}

void DockSizes::applyLater() {
    // After the layout that showing starts has run: sizes given before it
    // are scaled by it.
    QTimer::singleShot(0, this, &DockSizes::applyPending);
}

void DockSizes::applyPending() {
    if (!m_window->isVisible()) return;
    for (Wish& w : m_wishes) {
        if (w.applied || !w.dock || !w.dock->isVisible() || w.dock->isFloating()) continue;
        m_window->resizeDocks({w.dock}, {w.size}, w.orientation);
        w.applied = true;
    }
}

}  // namespace ws
