#include "widgets/timeline/time_axis_input.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QWheelEvent>
#include <cmath>

namespace ws {

namespace {

constexpr double kWheelZoom = 1.25;  // per wheel notch
constexpr double kKeyZoom = 1.5;
constexpr int kDragPixels = 4;  // a press that moves less is a click

}  // namespace

TimeAxisInput::TimeAxisInput(TimelineData& axis, Actions actions)
    : m_axis(axis), m_actions(std::move(actions)) {}

void TimeAxisInput::wheel(QWheelEvent* e) {
    const double notches = e->angleDelta().y() / 120.0;
    if (notches == 0) return;
    m_actions.zoomAt(std::pow(kWheelZoom, notches), e->position().x());
    e->accept();
}

void TimeAxisInput::press(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return;
    m_pressPos = m_lastPos = e->position();
    m_dragging = false;
}

bool TimeAxisInput::move(QMouseEvent* e) {
    if (!(e->buttons() & Qt::LeftButton)) return false;
    if ((e->position() - m_pressPos).manhattanLength() > kDragPixels) m_dragging = true;
    if (!m_dragging) return false;
    m_actions.panBy(-(e->position().x() - m_lastPos.x()));
    m_lastPos = e->position();
    return true;
}

bool TimeAxisInput::release(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton) return false;
    const bool click = !m_dragging;
    m_dragging = false;
    return click;
}

bool TimeAxisInput::key(QKeyEvent* e) {
    m_actions.sync();
    const double centre = m_axis.x0 + m_axis.width / 2;
    switch (e->key()) {
        case Qt::Key_Plus:
        case Qt::Key_Equal:
            m_actions.zoomAt(kKeyZoom, centre);
            break;
        case Qt::Key_Minus:
            m_actions.zoomAt(1 / kKeyZoom, centre);
            break;
        case Qt::Key_Left:
            m_actions.panBy(-m_axis.width / 8);
            break;
        case Qt::Key_Right:
            m_actions.panBy(m_axis.width / 8);
            break;
        case Qt::Key_0:
            m_axis.showAll();
            m_actions.changed();
            break;
        default:
            return false;
    }
    e->accept();
    return true;
}

}  // namespace ws
