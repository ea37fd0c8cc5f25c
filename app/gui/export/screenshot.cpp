#include "app/gui/export/screenshot.h"

#include <QCoreApplication>
#include <QImageWriter>
#include <QPixmap>
#include <QWidget>

#include "app/gui/common/write_failure.h"

namespace ws {

Status saveScreenshot(QWidget* widget, const QString& path) {
    // A window never shown gets its widgets' sizes in the first grab; plots
    // then fit their ticks to those sizes in a replot of their own, after
    // it ("16 MiB256 MiB" in the first picture). Grab, let them, grab again.
    widget->grab();
    for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull()) return makeError("the window rendered to an empty image");
    QImageWriter writer(path, "png");
    if (!writer.write(pixmap.toImage())) return writeFailure(path, writer.errorString());
    return {};
}

}  // namespace ws
