#include "app/gui/screenshot.h"

#include <QImageWriter>
#include <QPixmap>
#include <QWidget>

#include "app/gui/write_failure.h"

namespace ws {

Status saveScreenshot(QWidget* widget, const QString& path) {
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull()) return makeError("the window rendered to an empty image");
    QImageWriter writer(path, "png");
    if (!writer.write(pixmap.toImage())) return writeFailure(path, writer.errorString());
    return {};
}

}  // namespace ws
