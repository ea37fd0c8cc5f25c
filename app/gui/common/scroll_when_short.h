#pragma once
// A dock's content in a frameless area that scrolls up and down. The views
// keep their own minimum sizes, but their height no longer holds the window
// taller than the screen: on a 1366 x 768 laptop the memory lab's views held
// it 851 px tall and the concurrency lab's 909. The area asks for the
// content's whole minimum height up to `screenShare` of the screen's height
// (app/gui/common/screen_room.h);
// where the content wants more, it scrolls. On a 1080-line screen nothing
// changes. Widths stay the content's own: a parameter row or a bank diagram
// cut at the side would read worse than a window that keeps them whole
// (every lab's window fits 1366 px wide).
#include <QScrollArea>

namespace ws {

QScrollArea* scrollWhenShort(QWidget* content, double screenShare = 0.3);

}  // namespace ws
