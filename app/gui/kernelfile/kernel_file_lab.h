#pragma once
// The kernel-file lab: a CUDA file of the student's own in an editor dock
// (kernel_editor.h), its launch description's parameters as the panel's
// sliders (kernelFileSpec, the panel's Run running the file), and each run
// sent to the worker with the file's text, shown in the general views (grid,
// SM timeline, run facts) like any run. A saved edit of the file, in this
// editor or any other, runs it again. What goes wrong (a description that
// does not parse, a compile error, a launch that never ends, a worker that
// had to restart) is said in the editor, compile errors on their lines; the
// window carries on.
#include <QStringList>
#include <memory>
#include <optional>

#include "app/gui/workbench/lab.h"
#include "core/catalog/catalog.h"
#include "core/kernelfile/kernel_description.h"

class QDockWidget;

namespace ws {

class KernelEditor;
class KernelFileWatch;
class KernelSanitizer;

class KernelFileLab : public Lab {
    Q_OBJECT
public:
    explicit KernelFileLab(WorkbenchHost* host);
    ~KernelFileLab() override;

    // Opens `path` in the editor and runs it once read, with `assignments`
    // ("n=4096") over its description's defaults. Answered by `settled`.
    void openFile(const QString& path, const QStringList& assignments = {});
    // Runs the editor's text with the panel's values (the editor's Run).
    void run();
    // Writes the editor's text to the file; the saved file runs.
    void save();
    // Runs the saved file under compute-sanitizer (memcheck) with the
    // newest run's values; its errors are marked on their lines, and its
    // report is `sanitizerReport()`. Answered by `sanitized`.
    void sanitize();
    QString sanitizerReport() const { return m_sanitizerReport; }
    KernelSanitizer* sanitizer() const { return m_sanitizer; }

    QString path() const { return m_path; }
    KernelEditor* editor() const { return m_editor; }
    KernelFileWatch* watch() const { return m_watch; }
    QDockWidget* dock() const { return m_dock; }
    // The file's spec, once its description parsed: its parameters are the panel's.
    const ExperimentSpec* spec() const { return m_spec.get(); }
    // The text last sent to the worker, and whether its answer is still due.
    bool runPending() const { return m_runPending; }

signals:
    // The file's text is in the editor (read, or read again after an edit).
    void fileShown();
    // A run the lab asked for ended (shown or failed), or the lab could not
    // ask for one (the file unreadable, its description or values wrong).
    void settled();
    // A compute-sanitizer check ended (or could not start).
    void sanitized();

private:
    void onRunShown(const LoadedRun& shown) override;
    void onRead(const QString& text, bool changed);
    void onRunFailed(const QString& message);
    void onSanitized(const QString& report, int status);
    void chooseFile();
    // Parses the editor's text; on success the file's spec is the panel's
    // (rebuilt where its parameters changed, the values kept by name).
    bool adoptDescription();
    // The panel's run: the editor's text parsed again, then sent.
    void runWith(const ParamValues& values);
    void send(const ParamValues& values);
    void refuse(const QString& message);
    QString fileName() const;

    KernelEditor* m_editor;
    KernelFileWatch* m_watch;
    KernelSanitizer* m_sanitizer;
    QString m_sanitizerReport;
    QDockWidget* m_dock;
    QString m_path;             // empty: the text came with a run, from no file here
    QString m_buffer;           // the name of that text's file, when there is no path
    QStringList m_assignments;  // the command line's, for the first run of a file
    std::optional<kernelfile::KernelDescription> m_description;
    std::unique_ptr<ExperimentSpec> m_spec;
    ParamValues m_lastValues;  // those of the newest run, for the sliders' return
    QString m_sentName;        // the file name of the newest run asked for
    bool m_runPending = false;
    bool m_runWhenRead = false;
};

LabModule kernelFileLabModule();

// The lab of `host`'s window, for the command line's --kernel.
KernelFileLab* kernelFileLabOf(QObject* host);

}  // namespace ws
