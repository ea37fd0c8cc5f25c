#pragma once
// What a view with a time axis does with the wheel, a drag and the keys, the
// same in the SM timeline and the operations timeline: the wheel zooms about
// the pointer (1.25 a notch), + and - about the middle (1.5), a drag of more
// than 4 px pans, the arrows pan an eighth of the width, 0 shows all. Each
// view says how it zooms and pans (the SM timeline draws coarse frames while
// it moves) and what a click or a hover means.
#include <QPointF>
#include <functional>

#include "widgets/model/timeline_data.h"

class QKeyEvent;
class QMouseEvent;
class QWheelEvent;

namespace ws {

class TimeAxisInput {
public:
    struct Actions {
        std::function<void()> sync;  // the view's width into the axis, before reading it
        std::function<void(double factor, double x)> zoomAt;
        std::function<void(double pixels)> panBy;
        std::function<void()> changed;  // redraw after showing all
    };
    TimeAxisInput(TimelineData& axis, Actions actions);

    void wheel(QWheelEvent* e);
    void press(QMouseEvent* e);
    // True where the move dragged the axis; false: a hover, the view's own.
    bool move(QMouseEvent* e);
    // True where the release was a click (no drag since the press).
    bool release(QMouseEvent* e);
    // False for a key it leaves to the view.
    bool key(QKeyEvent* e);

private:
    TimelineData& m_axis;
    Actions m_actions;
    bool m_dragging = false;
    QPointF m_pressPos, m_lastPos;
};

}  // namespace ws
