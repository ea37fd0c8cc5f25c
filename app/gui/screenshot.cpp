#include "app/gui/screenshot.h"

#include <QImageWriter>
#include <QPixmap>
#include <QWidget>

namespace ws {

Status saveScreenshot(QWidget* widget, const QString& path) {
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull()) return makeError("the window rendered to an empty image");
    QImageWriter writer(path, "png");
    if (!writer.write(pixmap.toImage()))
        return makeError("cannot write " + path.toStdString() + ": " +
                         writer.errorString().toStdString());
    return {};
}

}  // namespace ws
