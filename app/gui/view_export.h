#pragma once
// Any view as a PNG at a chosen scale (twice the pixels at 2) or as an SVG
// that keeps its text as text: what the views' context menu, File > Export
// and `warpscope --export-view` write. Files are written atomically.
#include <QString>

#include "core/result.h"

class QWidget;

namespace ws {

enum class ExportFormat { Png, Svg };

Result<ExportFormat> exportFormatFromName(const QString& name);  // "png" or "svg"
// The format a file name asks for by its suffix.
ExportFormat exportFormatOf(const QString& path);
Status exportView(QWidget* view, const QString& path, ExportFormat format, double scale = 1);

// Right-clicking a view anywhere (workbench, docks, slides) offers to export
// it. A view is a widget of warpscope's own whose class name ends in View,
// Plot or Chart, or a QCustomPlot.
void installViewContextMenus();
bool isExportableView(const QWidget* widget);

}  // namespace ws
