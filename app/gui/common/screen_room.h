#pragma once
// The room a top-level window has on its screen: the screen's available
// geometry (less its panels), or, for a window rendered offscreen, the size
// chosen for it (`--window-size`, else the 1920 x 1080 the docs are drawn at),
// which MainWindow keeps in kScreenRoomProperty. The docks that scroll when
// short and the window's return within its screen both measure by it.
#include <QSize>

class QWidget;

namespace ws {

inline constexpr char kScreenRoomProperty[] = "wsScreenRoom";  // a QSize

QSize screenRoom(const QWidget* widget);

}  // namespace ws
