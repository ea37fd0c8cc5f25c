#pragma once
// Any view as a PNG at a chosen scale (twice the pixels at 2) or as an SVG
// that keeps its text as text: what the views' context menu, File > Export
// and `warpscope --export-view` write. Files are written atomically. Views
// paint on the UI thread (widgets live there); encoding and writing the file
// can go to a worker, so the window never waits for the disk.
#include <QByteArray>
#include <QImage>
#include <QString>
#include <functional>

#include "core/common/result.h"

class QObject;
class QWidget;

namespace ws {

enum class ExportFormat { Png, Svg };

Result<ExportFormat> exportFormatFromName(const QString& name);  // "png" or "svg"
// The format a file name asks for by its suffix.
ExportFormat exportFormatOf(const QString& path);
Status exportView(QWidget* view, const QString& path, ExportFormat format, double scale = 1);

// A view painted and not yet written: a picture for PNG, the document for SVG.
struct PaintedView {
    QImage image;
    QByteArray svg;
};
Result<PaintedView> paintViewForExport(QWidget* view, ExportFormat format, double scale);
// Encodes (PNG) and writes atomically; safe on any thread.
Status writePaintedView(const PaintedView& painted, const QString& path);
// Paints now, writes on a worker, then calls `done` on `owner`'s thread.
void exportViewInBackground(QObject* owner, QWidget* view, const QString& path, ExportFormat format,
                            double scale, std::function<void(Status)> done);

// Right-clicking a view anywhere (workbench, docks, slides) offers to export
// it. A view is a widget of warpscope's own whose class name ends in View,
// Plot or Chart, or a QCustomPlot.
void installViewContextMenus();
bool isExportableView(const QWidget* widget);

}  // namespace ws
