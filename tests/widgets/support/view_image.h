#pragma once
// A view painted into a PNG for the labs' image tools (ws_*_lab_images):
// rendered on the palette's background at the view's size, the path
// printed on success, the failure said on stderr.
#include <QString>

class QWidget;

namespace ws::test {

bool saveViewImage(QWidget& view, const QString& path);

}  // namespace ws::test
