// Writing an opaque image straight into a raster device gives exactly the
// pixels QPainter::drawImage gives, at scales 1, 2, 3 and 5, through a translation
// and a clip; anything it cannot match goes through drawImage.
#include "widgets/view/direct_blit.h"

#include <gtest/gtest.h>

#include <QPainter>

#include "tests/widgets/support/qt_test_support.h"

namespace ws {
namespace {

QImage pattern(QSize size) {
    QImage img(size, QImage::Format_RGB32);
    for (int y = 0; y < size.height(); ++y)
        for (int x = 0; x < size.width(); ++x)
            img.setPixel(x, y, qRgb((x * 37) & 255, (y * 91) & 255, (x * y) & 255));
    return img;
}

// The same drawing both ways: through drawImage (an opacity of 0.999 makes
// the painter unable to write directly, and rounds to the same pixels for
// opaque sources) and directly.
std::pair<QImage, QImage> both(QImage::Format format, int scale, QPoint at, QRect clip,
                               QPoint translate, bool* wroteDirectly) {
    const QImage source = pattern({37, 23});
    QImage expected(120, 90, format), actual(120, 90, format);
    expected.fill(Qt::white);
    actual.fill(Qt::white);
    {
        QPainter p(&expected);
        p.translate(translate);
        p.setClipRect(clip);
        p.drawImage(QRect(at, source.size() * scale), source);
    }
    {
        QPainter p(&actual);
        p.translate(translate);
        *wroteDirectly = blitOpaque(p, source, at, scale, clip);
    }
    return {expected, actual};
}

TEST(DirectBlit, TheSamePixelsAsDrawImageAtWholeScales) {
    test::app();
    for (QImage::Format format : {QImage::Format_RGB32, QImage::Format_ARGB32_Premultiplied})
        for (int scale : {1, 2, 3, 5})
            for (QPoint at : {QPoint(0, 0), QPoint(5, 7), QPoint(-3, 11)}) {
                bool direct = false;
                // A clip with an odd edge: the scale-2 picture ends mid-pair.
                const auto [expected, actual] =
                    both(format, scale, at, QRect(2, 3, 61, 40), QPoint(9, 4), &direct);
                EXPECT_TRUE(direct);
                EXPECT_EQ(expected, actual) << "format " << int(format) << " scale " << scale
                                            << " at " << at.x() << "," << at.y();
            }
}

TEST(DirectBlit, AnythingElseGoesThroughDrawImage) {
    test::app();
    const QImage source = pattern({10, 10});
    QImage target(40, 40, QImage::Format_ARGB32_Premultiplied);
    target.fill(Qt::white);
    QPainter p(&target);
    p.setOpacity(0.5);
    EXPECT_FALSE(blitOpaque(p, source, {0, 0}, 1, target.rect()));
    p.setOpacity(1);
    p.scale(1.5, 1.5);
    EXPECT_FALSE(blitOpaque(p, source, {0, 0}, 1, target.rect()));
    p.resetTransform();
    EXPECT_FALSE(blitOpaque(p, source, {0, 0}, 9, target.rect()));
    EXPECT_TRUE(blitOpaque(p, source, {0, 0}, 1, target.rect()));
    p.end();
    QImage hidpi(40, 40, QImage::Format_ARGB32_Premultiplied);
    hidpi.setDevicePixelRatio(2);
    QPainter q(&hidpi);
    EXPECT_FALSE(blitOpaque(q, source, {0, 0}, 1, QRect(0, 0, 20, 20)));
}

}  // namespace
}  // namespace ws
