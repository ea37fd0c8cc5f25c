#include "app/gui/window/export_actions.h"

#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>
#include <QSaveFile>
#include <QStatusBar>
#include <memory>

#include "app/gui/common/background_job.h"
#include "app/gui/common/write_failure.h"
#include "app/gui/lessons/slide_stage.h"
#include "app/gui/window/main_window.h"
#include "core/trace/chrome_trace.h"
#include "core/trace/trace_io.h"

namespace ws {

namespace {

void warnIfFailed(QWidget* parent, const Status& s) {
    if (!s)
        QMessageBox::warning(parent, QObject::tr("warpscope"), QString::fromStdString(s.error()));
}

}  // namespace

Status saveChromeTrace(const Run& run, const QString& path) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return writeFailure(path, file.errorString());
    const std::string json = chromeTraceJson(run);
    if (file.write(json.data(), qint64(json.size())) != qint64(json.size()) || !file.commit())
        return writeFailure(path, file.errorString());
    return {};
}

namespace {

// The view called `name` as it is on the stage, or a fresh instance of `size`
// following the window's run, laid out and polished as on screen but never shown.
struct ViewToExport {
    QWidget* view = nullptr;
    std::unique_ptr<QWidget> owned;
};

Result<ViewToExport> findViewToExport(MainWindow* window, const QString& name, QSize size) {
    for (QWidget* v : window->stage()->views())
        if (window->stage()->isVisible() && v->property("ws-view-name").toString() == name &&
            v->width() > 0)
            return ViewToExport{v, nullptr};
    const ViewEntry* entry = window->views()->find(name);
    if (!entry)
        return makeError("unknown view '" + name.toStdString() + "' (the views are " +
                         window->views()->names().join(QStringLiteral(", ")).toStdString() + ")");
    ViewToExport out;
    out.owned.reset(entry->create(window->viewContext(), nullptr));
    out.owned->setAttribute(Qt::WA_DontShowOnScreen);
    out.owned->resize(size);
    out.owned->show();
    out.view = out.owned.get();
    return out;
}

}  // namespace

Status exportNamedView(MainWindow* window, const QString& name, const QString& path,
                       ExportFormat format, double scale, QSize size) {
    auto found = findViewToExport(window, name, size);
    if (!found) return makeError(found.error());
    return exportView(found->view, path, format, scale);
}

namespace {

// Writes on a worker with the run held by a shared pointer, so a run that
// another one replaces meanwhile is still saved whole; says so in the status
// bar, or why not in a message box.
void saveInBackground(MainWindow* window, const QString& path,
                      std::function<Status(const Run&)> write) {
    const std::shared_ptr<const PreparedRun> prepared = window->model()->preparedShared();
    if (!prepared || !prepared->run) return;
    window->statusBar()->showMessage(QObject::tr("Saving %1…").arg(path));
    QPointer<MainWindow> guard(window);
    runInBackground<Status>(
        window, [prepared, write = std::move(write)] { return write(*prepared->run); },
        [guard, path](Status s) {
            if (!guard) return;
            guard->statusBar()->showMessage(
                s ? QObject::tr("Saved %1").arg(path) : QObject::tr("Not saved: %1").arg(path),
                8000);
            warnIfFailed(guard, s);
        });
}

void exportNamedViewInBackground(MainWindow* window, const QString& name, const QString& path,
                                 ExportFormat format, double scale) {
    QPointer<MainWindow> guard(window);
    auto done = [guard, path](Status s) {
        if (!guard) return;
        guard->statusBar()->showMessage(
            s ? QObject::tr("Exported %1").arg(path) : QObject::tr("Not exported: %1").arg(path),
            8000);
        warnIfFailed(guard, s);
    };
    auto found = findViewToExport(window, name, QSize(1600, 900));
    if (!found) {
        done(makeError(found.error()));
        return;
    }
    // Painted now, while the view exists; encoded and written on a worker.
    exportViewInBackground(window, found->view, path, format, scale, std::move(done));
}

}  // namespace

void addExportActions(MainWindow* window, QMenu* file) {
    file->addAction(QObject::tr("&Save trace as…"), QKeySequence::Save, window, [window] {
        const Run* run = window->model()->run();
        if (!run) return;
        const QString path = QFileDialog::getSaveFileName(
            window, QObject::tr("Save the run as a warpscope trace"),
            QString::fromStdString(run->experiment) + QStringLiteral(".wstrace"),
            QObject::tr("warpscope traces (*.wstrace)"));
        if (!path.isEmpty())
            saveInBackground(window, path,
                             [path](const Run& r) { return saveTrace(r, path.toStdString()); });
    });
    file->addAction(QObject::tr("Export as &Chrome trace (Perfetto)…"), window, [window] {
        const Run* run = window->model()->run();
        if (!run) return;
        const QString path = QFileDialog::getSaveFileName(
            window, QObject::tr("Export for Perfetto or chrome://tracing"),
            QString::fromStdString(run->experiment) + QStringLiteral(".json"),
            QObject::tr("JSON (*.json)"));
        if (!path.isEmpty())
            saveInBackground(window, path,
                             [path](const Run& r) { return saveChromeTrace(r, path); });
    });
    file->addAction(QObject::tr("Export a &view…"), window, [window] {
        bool ok = false;
        const QString name =
            QInputDialog::getItem(window, QObject::tr("Export a view"), QObject::tr("View:"),
                                  window->views()->names(), 0, false, &ok);
        if (!ok) return;
        const QString path = QFileDialog::getSaveFileName(window, QObject::tr("Export the view"),
                                                          name + QStringLiteral(".svg"),
                                                          QObject::tr("SVG (*.svg);;PNG (*.png)"));
        if (path.isEmpty()) return;
        const ExportFormat format = exportFormatOf(path);
        exportNamedViewInBackground(window, name, path, format,
                                    format == ExportFormat::Png ? 2 : 1);
    });
}

}  // namespace ws
