#include "app/gui/export/view_export.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QBuffer>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPointer>
#include <QSaveFile>
#include <QSvgGenerator>

#include "app/gui/common/background_job.h"
#include "app/gui/common/write_failure.h"
#include "core/common/output_path.h"
#include "widgets/view/palette.h"

namespace ws {

namespace {

// Paints the view into any paint device at `scale`: QCustomPlot through its
// own vector path (its screen buffer is a bitmap), other views by render().
// Each widget paints itself, then its children; QCustomPlot plots paint
// through their own vector path instead of their bitmap buffer, so a plot
// inside a view (a legend beside it, a title above) stays text in an SVG.
void paintTree(QWidget* widget, QCPPainter& painter, QPoint offset) {
    if (auto* plot = qobject_cast<QCustomPlot*>(widget)) {
        painter.save();
        painter.translate(offset);
        plot->toPainter(&painter, plot->width(), plot->height());
        painter.restore();
        return;
    }
    widget->render(&painter, offset, QRegion(), QWidget::DrawWindowBackground);
    for (QObject* o : widget->children()) {
        auto* child = qobject_cast<QWidget*>(o);
        if (child && !child->isWindow() && child->isVisibleTo(widget))
            paintTree(child, painter, offset + child->pos());
    }
}

void paintView(QWidget* view, QPaintDevice* device, double scale) {
    QCPPainter painter(device);
    painter.scale(scale, scale);
    painter.fillRect(QRect(QPoint(0, 0), view->size()), palette::background());
    paintTree(view, painter, QPoint());
}

class ViewMenus : public QObject {
protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::ContextMenu || !watched->isWidgetType())
            return QObject::eventFilter(watched, event);
        QWidget* view = static_cast<QWidget*>(watched);
        while (view && !isExportableView(view)) view = view->parentWidget();
        if (!view) return QObject::eventFilter(watched, event);
        auto* e = static_cast<QContextMenuEvent*>(event);
        QMenu menu;
        menu.addAction(QObject::tr("Export this view as PNG…"));
        QAction* svg = menu.addAction(QObject::tr("Export this view as SVG…"));
        QAction* chosen = menu.exec(e->globalPos());
        if (!chosen) return true;
        const bool asSvg = chosen == svg;
        double scale = 1;
        if (!asSvg) {
            bool ok = false;
            scale = QInputDialog::getDouble(view, QObject::tr("Export as PNG"),
                                            QObject::tr("Scale (2 gives twice the pixels):"), 2,
                                            0.5, 8, 1, &ok);
            if (!ok) return true;
        }
        const QString name = view->property("ws-view-name").toString();
        const QString path = QFileDialog::getSaveFileName(
            view, QObject::tr("Export view"),
            (name.isEmpty() ? QStringLiteral("view") : name) + (asSvg ? ".svg" : ".png"),
            asSvg ? QObject::tr("SVG (*.svg)") : QObject::tr("PNG (*.png)"));
        if (path.isEmpty()) return true;
        QPointer<QWidget> parent(view);
        exportViewInBackground(qApp, view, path, asSvg ? ExportFormat::Svg : ExportFormat::Png,
                               scale, [parent](Status s) {
                                   if (!s)
                                       QMessageBox::warning(parent, QObject::tr("warpscope"),
                                                            QString::fromStdString(s.error()));
                               });
        return true;
    }
};

}  // namespace

Result<ExportFormat> exportFormatFromName(const QString& name) {
    if (name.compare(QLatin1String("png"), Qt::CaseInsensitive) == 0) return ExportFormat::Png;
    if (name.compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0) return ExportFormat::Svg;
    return makeError("--format must be svg or png, got '" + name.toStdString() + "'");
}

ExportFormat exportFormatOf(const QString& path) {
    return path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) ? ExportFormat::Svg
                                                                     : ExportFormat::Png;
}

bool isExportableView(const QWidget* widget) {
    if (qobject_cast<const QCustomPlot*>(widget)) return true;
    if (!widget->property("ws-view-name").toString().isEmpty()) return true;
    const QString cls = QString::fromLatin1(widget->metaObject()->className());
    return cls.startsWith(QLatin1String("ws::")) &&
           (cls.endsWith(QLatin1String("View")) || cls.endsWith(QLatin1String("Plot")) ||
            cls.endsWith(QLatin1String("Chart")));
}

Result<PaintedView> paintViewForExport(QWidget* view, ExportFormat format, double scale) {
    if (!view) return makeError("no view to export");
    if (view->width() <= 0 || view->height() <= 0)
        return makeError("the view has no size yet; show it before exporting");
    if (scale <= 0 || scale > 16) return makeError("--scale must be above 0 and at most 16");
    PaintedView out;
    if (format == ExportFormat::Svg) {
        QBuffer buffer(&out.svg);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(view->size());
        svg.setViewBox(QRect(QPoint(0, 0), view->size()));
        svg.setTitle(QStringLiteral("warpscope: ") + view->property("ws-view-name").toString());
        paintView(view, &svg, 1);
    } else {
        out.image = QImage(view->size() * scale, QImage::Format_ARGB32_Premultiplied);
        out.image.fill(palette::background());
        paintView(view, &out.image, scale);
    }
    return out;
}

Status writePaintedView(const PaintedView& painted, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return writeFailure(path, file.errorString());
    if (!painted.image.isNull()) {
        if (!painted.image.save(&file, "PNG")) {
            file.cancelWriting();
            return makeError("cannot encode " + quotedPath(path.toStdString()) + " as PNG");
        }
    } else if (file.write(painted.svg) != painted.svg.size()) {
        file.cancelWriting();
        return writeFailure(path, file.errorString());
    }
    if (!file.commit()) return writeFailure(path, file.errorString());
    return {};
}

Status exportView(QWidget* view, const QString& path, ExportFormat format, double scale) {
    auto painted = paintViewForExport(view, format, scale);
    if (!painted) return makeError(painted.error());
    return writePaintedView(*painted, path);
}

void exportViewInBackground(QObject* owner, QWidget* view, const QString& path, ExportFormat format,
                            double scale, std::function<void(Status)> done) {
    auto painted = paintViewForExport(view, format, scale);
    if (!painted) {
        done(makeError(painted.error()));
        return;
    }
    runInBackground<Status>(
        owner,
        [painted = std::move(painted).value(), path] { return writePaintedView(painted, path); },
        std::move(done));
}

void installViewContextMenus() {
    static ViewMenus* menus = [] {
        auto* m = new ViewMenus;
        qApp->installEventFilter(m);
        return m;
    }();
    (void)menus;
}

}  // namespace ws
