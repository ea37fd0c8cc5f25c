#include "app/gui/common/screen_room.h"

#include <QScreen>
#include <QVariant>
#include <QWidget>

namespace ws {

QSize screenRoom(const QWidget* widget) {
    const QVariant chosen = widget->window()->property(kScreenRoomProperty);
    if (chosen.isValid()) return chosen.toSize();
    return widget->screen() ? widget->screen()->availableGeometry().size() : QSize(1920, 1080);
}

}  // namespace ws
