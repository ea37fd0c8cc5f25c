#pragma once
// File menu exports: the run on show as a warpscope trace or as Chrome Trace
// Event JSON (Perfetto, chrome://tracing), and any view by name as PNG or
// SVG. Every file is written atomically.
#include <QSize>
#include <QString>

#include "app/gui/export/view_export.h"
#include "core/common/result.h"
#include "core/run/run.h"

class QMenu;

namespace ws {

class MainWindow;

void addExportActions(MainWindow* window, QMenu* file);

// The view called `name` as it is on the stage, or a fresh instance of
// `size` following the window's run: what --export-view renders.
Status exportNamedView(MainWindow* window, const QString& name, const QString& path,
                       ExportFormat format, double scale, QSize size = QSize(1600, 900));
Status saveChromeTrace(const Run& run, const QString& path);

}  // namespace ws
