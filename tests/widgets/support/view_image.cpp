#include "tests/widgets/support/view_image.h"

#include <QImage>
#include <QPainter>
#include <QWidget>
#include <cstdio>

#include "widgets/view/palette.h"

namespace ws::test {

bool saveViewImage(QWidget& view, const QString& path) {
    QImage image(view.size(), QImage::Format_RGB32);
    image.fill(palette::background());
    QPainter p(&image);
    view.render(&p);
    p.end();
    if (!image.save(path)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return false;
    }
    std::printf("%s\n", qPrintable(path));
    return true;
}

}  // namespace ws::test
