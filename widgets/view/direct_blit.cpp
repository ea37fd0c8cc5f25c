#include "widgets/view/direct_blit.h"

#include <QPaintEngine>
#include <algorithm>
#include <cmath>
#include <cstring>

#include "widgets/view/parallel_rows.h"

namespace ws {

namespace {

bool opaque32(QImage::Format f) {
    return f == QImage::Format_RGB32 || f == QImage::Format_ARGB32_Premultiplied;
}

void fallback(QPainter& painter, const QImage& source, QPoint at, int scale, const QRect& clip) {
    painter.save();
    painter.setClipRect(clip, Qt::IntersectClip);
    painter.drawImage(QRect(at, source.size() * scale), source);
    painter.restore();
}

}  // namespace

bool blitOpaque(QPainter& painter, const QImage& source, QPoint at, int scale, const QRect& clip) {
    QPaintEngine* engine = painter.paintEngine();
    const QTransform t = painter.deviceTransform();
    QImage* device = nullptr;
    if (engine && engine->type() == QPaintEngine::Raster &&
        engine->paintDevice()->devType() == QInternal::Image)
        device = static_cast<QImage*>(engine->paintDevice());
    const bool plain = device && opaque32(device->format()) && opaque32(source.format()) &&
                       scale >= 1 && scale <= 8 && t.type() <= QTransform::TxTranslate &&
                       t.dx() == std::floor(t.dx()) && t.dy() == std::floor(t.dy()) &&
                       device->devicePixelRatio() == 1 && source.devicePixelRatio() == 1 &&
                       painter.opacity() == 1.0 &&
                       painter.compositionMode() == QPainter::CompositionMode_SourceOver;
    if (!plain) {
        fallback(painter, source, at, scale, clip);
        return false;
    }
    // Everything in device pixels: the destination, the clip the caller
    // gives, the painter's clip (the widget's update region, which keeps
    // the pixels of anything drawn over the widget) and the device's bounds.
    const QPoint offset(int(t.dx()), int(t.dy()));
    QRegion allowed(QRect(at, source.size() * scale).intersected(clip).translated(offset));
    allowed &= QRegion(device->rect());
    if (painter.hasClipping()) allowed &= painter.clipRegion().translated(offset);
    if (!engine->systemClip().isEmpty()) allowed &= engine->systemClip();
    const QPoint origin = at + offset;  // the source's top left on the device
    const int sourceStride = int(source.bytesPerLine() / 4);
    const quint32* sourceBits = reinterpret_cast<const quint32*>(source.constBits());
    // Once, here: bits() may detach, which the row threads must not race on.
    uchar* deviceBits = device->bits();
    const qsizetype deviceStride = device->bytesPerLine();
    for (const QRect& r : allowed) {
        parallelRows(r.height(), [&](int begin, int end) {
            for (int row = begin; row < end; ++row) {
                const int y = r.top() + row;
                const int sourceRow = (y - origin.y()) / scale;
                quint32* to = reinterpret_cast<quint32*>(deviceBits + y * deviceStride);
                // A row below one from the same source row is a copy of it.
                if (row > begin && (y - 1 - origin.y()) / scale == sourceRow) {
                    std::memcpy(to + r.left(), reinterpret_cast<const quint32*>(
                                                   deviceBits + (y - 1) * deviceStride) +
                                                   r.left(),
                                std::size_t(r.width()) * 4);
                    continue;
                }
                const quint32* from =
                    sourceBits + std::size_t(sourceRow) * std::size_t(sourceStride);
                if (scale == 1) {
                    std::memcpy(to + r.left(), from + (r.left() - origin.x()),
                                std::size_t(r.width()) * 4);
                    continue;
                }
                // Each source pixel `scale` times; the first and last run cut
                // by the clip.
                int x = r.left();
                const int last = r.right();
                int sx = (x - origin.x()) / scale;
                const int firstEnd = std::min(last, origin.x() + (sx + 1) * scale - 1);
                for (; x <= firstEnd; ++x) to[x] = from[sx];
                ++sx;
                const int whole = (last - x + 1) / scale;
                quint32* out = to + x;
                for (int i = 0; i < whole; ++i, ++sx, out += scale) {
                    const quint32 v = from[sx];
                    for (int k = 0; k < scale; ++k) out[k] = v;
                }
                for (x += whole * scale; x <= last; ++x) to[x] = from[sx];
            }
        });
    }
    return true;
}

}  // namespace ws
