#include "tests/widgets/support/text_probe.h"

#include <qcustomplot.h>

#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QTextItem>
#include <QWidget>
#include <cmath>

namespace ws::test {

namespace {

class RecordingEngine : public QPaintEngine {
public:
    RecordingEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState& s) override {
        if (s.state() & QPaintEngine::DirtyTransform) m_transform = s.transform();
        if (s.state() & QPaintEngine::DirtyClipRegion || s.state() & QPaintEngine::DirtyClipPath) {
        }
    }
    void drawPixmap(const QRectF&, const QPixmap&, const QRectF&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawPath(const QPainterPath&) override {}
    void drawRects(const QRectF*, int) override {}
    void drawLines(const QLineF*, int) override {}
    void drawEllipse(const QRectF&) override {}
    void drawImage(const QRectF&, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {
    }
    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        const QString text = item.text();
        if (text.trimmed().isEmpty()) return;
        const QRectF local(p.x(), p.y() - item.ascent(), item.width(),
                           item.ascent() + item.descent());
        const QTransform t = m_transform * m_offset;
        const QRectF mapped = t.mapRect(local);
        const QFont f = item.font();
        const double scale = std::sqrt(std::abs(t.determinant()));
        const double em = f.pixelSize() > 0 ? f.pixelSize() : f.pointSizeF() * 96.0 / 72.0;
        const bool turned = std::abs(t.m12()) > 1e-6 || std::abs(t.m21()) > 1e-6;
        // A turned text's box is not its height: its line height is.
        const double height = turned ? local.height() * scale : mapped.height();
        m_texts->push_back({text, height, em * scale, mapped, m_widget, t.map(QPolygonF(local)),
                            turned, elided(text) || clipped(local)});
    }
    Type type() const override { return QPaintEngine::User; }

    // Qt's elision ends a text in "…"; a text that starts with one is a
    // view's own "… 3 more", and a lone one a gap in a row of cells.
    static bool elided(const QString& text) {
        const QString t = text.trimmed();
        const QChar dots(0x2026);
        return t.size() > 1 && t.endsWith(dots) && !t.startsWith(dots);
    }
    // drawText clips a text wider than its box to the box, and a widget
    // clips what it paints to itself; both are in the painter's logical
    // coordinates, as the text is. A pixel of slack across, a quarter of the
    // line's height up and down (a line's leading may overhang its box).
    bool clipped(const QRectF& text) const {
        const QPainter* p = painter();
        if (!p || !p->hasClipping()) return false;
        const QRectF clip = p->clipBoundingRect();
        if (clip.isEmpty()) return false;
        const double dy = 0.25 * text.height();
        return text.left() < clip.left() - 1.5 || text.right() > clip.right() + 1.5 ||
               text.top() < clip.top() - dy || text.bottom() > clip.bottom() + dy;
    }

    std::vector<DrawnText>* m_texts = nullptr;
    QTransform m_transform;
    QTransform m_offset;  // where the widget being painted sits in the root
    QString m_widget;
};

class RecordingDevice : public QPaintDevice {
public:
    explicit RecordingDevice(QSize size) : m_size(size) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    RecordingEngine& engine() { return m_engine; }

protected:
    int metric(PaintDeviceMetric m) const override {
        switch (m) {
            case PdmWidth:
                return m_size.width();
            case PdmHeight:
                return m_size.height();
            case PdmWidthMM:
                return m_size.width() * 254 / 960;
            case PdmHeightMM:
                return m_size.height() * 254 / 960;
            case PdmNumColors:
                return 1 << 24;
            case PdmDepth:
                return 32;
            case PdmDpiX:
            case PdmDpiY:
            case PdmPhysicalDpiX:
            case PdmPhysicalDpiY:
                return 96;
            case PdmDevicePixelRatio:
                return 1;
            case PdmDevicePixelRatioScaled:
                return 1 * int(QPaintDevice::devicePixelRatioFScale());
        }
        return 0;
    }

private:
    QSize m_size;
    mutable RecordingEngine m_engine;
};

QString nameOf(const QWidget* w) {
    QString n = QString::fromLatin1(w->metaObject()->className());
    if (!w->objectName().isEmpty()) n += QLatin1Char('#') + w->objectName();
    return n;
}

// Each visible widget paints itself (without its children) at its place in the root.
void paintTree(QWidget* root, QWidget* w, RecordingDevice& device, std::vector<DrawnText>& out) {
    if (!w->isVisible() || w->width() <= 0 || w->height() <= 0) return;
    const QPoint at = w->mapTo(root, QPoint(0, 0));
    RecordingEngine& e = device.engine();
    e.m_texts = &out;
    e.m_offset = QTransform::fromTranslate(at.x(), at.y());
    e.m_widget = nameOf(w);
    if (auto* plot = qobject_cast<QCustomPlot*>(w)) {
        QCPPainter painter(&device);
        plot->toPainter(&painter, plot->width(), plot->height());
        return;  // a plot has no widget children worth probing
    }
    {
        QPainter painter(&device);
        w->render(&painter, QPoint(), QRegion(), QWidget::RenderFlags());
    }
    for (QObject* child : w->children())
        if (auto* cw = qobject_cast<QWidget*>(child); cw && !cw->isWindow())
            paintTree(root, cw, device, out);
}

}  // namespace

std::vector<DrawnText> probeText(QWidget* root) {
    std::vector<DrawnText> out;
    RecordingDevice device(root->size());
    paintTree(root, root, device, out);
    // Text drawn wholly outside the root is clipped away on screen.
    const QRectF visible(QPointF(0, 0), root->size());
    std::erase_if(out, [&](const DrawnText& t) { return !visible.intersects(t.box); });
    return out;
}

std::vector<std::pair<DrawnText, DrawnText>> overlappingTexts(const std::vector<DrawnText>& texts,
                                                              double fraction) {
    std::vector<std::pair<DrawnText, DrawnText>> out;
    for (std::size_t i = 0; i < texts.size(); ++i)
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
            if (texts[i].turned || texts[j].turned) {
                // Turned labels sit side by side with overlapping boxes:
                // only their own rectangles may not meet.
                if (texts[i].shape.intersects(texts[j].shape) &&
                    !texts[i].shape.intersected(texts[j].shape).boundingRect().isEmpty())
                    out.push_back({texts[i], texts[j]});
                continue;
            }
            const QRectF a = texts[i].box, b = texts[j].box;
            const QRectF both = a.intersected(b);
            if (both.isEmpty()) continue;
            const double smaller = std::min(a.width() * a.height(), b.width() * b.height());
            if (smaller > 0 && both.width() * both.height() > fraction * smaller)
                out.push_back({texts[i], texts[j]});
        }
    return out;
}

}  // namespace ws::test
