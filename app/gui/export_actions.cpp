#include "app/gui/export_actions.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <memory>

#include "app/gui/main_window.h"
#include "app/gui/slide_stage.h"
#include "core/chrome_trace.h"
#include "core/trace_io.h"

namespace ws {

namespace {

void warnIfFailed(QWidget* parent, const Status& s) {
    if (!s) QMessageBox::warning(parent, QObject::tr("warpscope"), QString::fromStdString(s.error()));
}

}  // namespace

Status saveChromeTrace(const Run& run, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
    const std::string json = chromeTraceJson(run);
    if (file.write(json.data(), qint64(json.size())) != qint64(json.size()) || !file.commit())
        return makeError("cannot write " + path.toStdString() + ": " + file.errorString().toStdString());
    return {};
}

Status exportNamedView(MainWindow* window, const QString& name, const QString& path,
                       ExportFormat format, double scale, QSize size) {
    for (QWidget* v : window->stage()->views())
        if (window->stage()->isVisible() && v->property("ws-view-name").toString() == name && v->width() > 0)
            return exportView(v, path, format, scale);
    const ViewEntry* entry = window->views()->find(name);
    if (!entry)
        return makeError("unknown view '" + name.toStdString() + "' (the views are " +
                         window->views()->names().join(QStringLiteral(", ")).toStdString() + ")");
    std::unique_ptr<QWidget> view(entry->create(window->viewContext(), nullptr));
    // Laid out and polished as on screen, but never shown.
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(size);
    view->show();
    return exportView(view.get(), path, format, scale);
}

void addExportActions(MainWindow* window, QMenu* file) {
    file->addAction(QObject::tr("&Save trace as…"), QKeySequence::Save, window, [window] {
        const Run* run = window->model()->run();
        if (!run) return;
        const QString path = QFileDialog::getSaveFileName(
            window, QObject::tr("Save the run as a warpscope trace"),
            QString::fromStdString(run->experiment) + QStringLiteral(".wstrace"),
            QObject::tr("warpscope traces (*.wstrace)"));
        if (!path.isEmpty()) warnIfFailed(window, saveTrace(*run, path.toStdString()));
    });
    file->addAction(QObject::tr("Export as &Chrome trace (Perfetto)…"), window, [window] {
        const Run* run = window->model()->run();
        if (!run) return;
        const QString path = QFileDialog::getSaveFileName(
            window, QObject::tr("Export for Perfetto or chrome://tracing"),
            QString::fromStdString(run->experiment) + QStringLiteral(".json"), QObject::tr("JSON (*.json)"));
        if (!path.isEmpty()) warnIfFailed(window, saveChromeTrace(*run, path));
    });
    file->addAction(QObject::tr("Export a &view…"), window, [window] {
        bool ok = false;
        const QString name = QInputDialog::getItem(window, QObject::tr("Export a view"),
                                                   QObject::tr("View:"), window->views()->names(), 0,
                                                   false, &ok);
        if (!ok) return;
        const QString path = QFileDialog::getSaveFileName(
            window, QObject::tr("Export the view"), name + QStringLiteral(".svg"),
            QObject::tr("SVG (*.svg);;PNG (*.png)"));
        if (path.isEmpty()) return;
        const ExportFormat format = exportFormatOf(path);
        warnIfFailed(window, exportNamedView(window, name, path, format, format == ExportFormat::Png ? 2 : 1));
    });
}

}  // namespace ws
