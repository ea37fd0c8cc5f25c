#include "app/gui/kernelfile/kernel_file_lab.h"

#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <tuple>

#include "app/gui/common/dock_sizes.h"
#include "app/gui/kernelfile/kernel_diagnostics.h"
#include "app/gui/kernelfile/kernel_editor.h"
#include "app/gui/kernelfile/kernel_file_watch.h"
#include "app/gui/kernelfile/kernel_sanitizer.h"
#include "app/gui/kernelfile/sanitizer_report.h"
#include "app/gui/workbench/experiment_browser.h"
#include "app/gui/workbench/parameter_panel.h"
#include "app/gui/workbench/workbench_host.h"
#include "app/gui/worker/run_source.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/program/launch_run.h"

namespace ws {

namespace {

// Whether two files' parameters make the same sliders: an edit elsewhere in
// the file leaves the panel, and the values set on it, as they are.
bool sameSliders(const std::vector<ParamSpec>& a, const std::vector<ParamSpec>& b) {
    const auto key = [](const ParamSpec& p) {
        return std::tie(p.name, p.type, p.min, p.max, p.defaultValue, p.choices, p.unit, p.help,
                        p.powerOfTwo, p.multipleOf, p.logScale, p.usedWith);
    };
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (key(a[i]) != key(b[i])) return false;
    return true;
}

// The file's name first: a narrow dock cuts the folder, not the name.
QString titleOf(const QString& path) {
    const QFileInfo info(path);
    return QStringLiteral("%1   %2").arg(info.fileName(),
                                         QDir::toNativeSeparators(info.absolutePath()));
}

QString verdict(const Verification& v) {
    if (!v.checked)
        return QObject::tr(
            "not checked (the file names no reference kernel and no expected output)");
    return v.passed
               ? QObject::tr("its output matches %1").arg(QString::fromStdString(v.expected))
               : QObject::tr("its output differs from %1").arg(QString::fromStdString(v.expected));
}

}  // namespace

LabModule kernelFileLabModule() {
    return {"kernelfile", {}, [](WorkbenchHost* host) -> Lab* { return new KernelFileLab(host); }};
}

KernelFileLab* kernelFileLabOf(QObject* host) {
    return host ? host->findChild<KernelFileLab*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

KernelFileLab::KernelFileLab(WorkbenchHost* host)
    : Lab(host),
      m_editor(new KernelEditor),
      m_watch(new KernelFileWatch(this)),
      m_sanitizer(new KernelSanitizer(this)),
      m_dock(host->addLabDock(tr("Your kernel"), QStringLiteral("kernelfile-lab"),
                              Qt::RightDockWidgetArea)) {
    // The editor scrolls its own text: no scroll area around it.
    m_dock->setWidget(m_editor);
    m_dock->hide();  // until a kernel file opens, or the lab's experiment is chosen
    // Eighty columns of code beside the views on a projector's width.
    host->dockSizes()->prefer(m_dock, 640, Qt::Horizontal);
    m_editor->setStatus(tr("Open a CUDA file of your own (docs/your-kernel.md), or choose a "
                           "bundled example in the parameters."),
                        false);

    QMenu* menu = host->menuBar()->addMenu(tr("&Your kernel"));
    menu->addAction(tr("&Open kernel file…"), QKeySequence(QStringLiteral("Ctrl+Shift+O")), this,
                    &KernelFileLab::chooseFile);
    menu->addAction(tr("&Run it"), this, &KernelFileLab::run);
    menu->addAction(tr("&Save it"), QKeySequence::SaveAs, this, &KernelFileLab::save);
    menu->addAction(tr("Check it with compute-&sanitizer"), this, &KernelFileLab::sanitize);
    connect(m_sanitizer, &KernelSanitizer::finished, this, &KernelFileLab::onSanitized);
    menu->addAction(m_dock->toggleViewAction());

    connect(m_editor, &KernelEditor::openRequested, this, &KernelFileLab::chooseFile);
    connect(m_editor, &KernelEditor::runRequested, this, &KernelFileLab::run);
    connect(m_editor, &KernelEditor::saveRequested, this, &KernelFileLab::save);
    connect(m_watch, &KernelFileWatch::read, this, &KernelFileLab::onRead);
    connect(m_watch, &KernelFileWatch::failed, this, [this](QString message) {
        m_editor->setStatus(message, true);
        if (m_runWhenRead) {
            m_runWhenRead = false;
            emit settled();
        }
    });
    connect(m_watch, &KernelFileWatch::saved, this, [this] {
        m_editor->setModified(false);
        run();
    });
    connect(host, &WorkbenchHost::loadFailed, this, &KernelFileLab::onRunFailed);
    // What the run is doing, where the student looks.
    connect(host->source(), &RunSource::loading, this, [this](QString what) {
        if (m_runPending) m_editor->setStatus(what + QStringLiteral("…"), false);
    });
    connect(host->source(), &RunSource::queued, this, [this](int ahead) {
        if (m_runPending)
            m_editor->setStatus(ahead == 1 ? tr("Waiting for the GPU: 1 run ahead…")
                                           : tr("Waiting for the GPU: %1 runs ahead…").arg(ahead),
                                false);
    });
    connect(host->browser(), &ExperimentBrowser::experimentChosen, this, [this](QString id) {
        if (id == QLatin1String(kernelfile::kKernelFileExperiment))
            this->host()->showLabDock(m_dock, true);
    });
}

// The parameters panel, which may hold the file's spec, is made before the
// labs and so destroyed before them.
KernelFileLab::~KernelFileLab() = default;

QString KernelFileLab::fileName() const {
    return m_path.isEmpty() ? m_buffer : QFileInfo(m_path).fileName();
}

void KernelFileLab::openFile(const QString& path, const QStringList& assignments) {
    m_path = QFileInfo(path).absoluteFilePath();
    m_buffer.clear();
    m_assignments = assignments;
    m_runWhenRead = true;
    m_editor->setSource({}, titleOf(m_path));
    m_editor->setSaveEnabled(true);
    m_editor->setStatus(tr("Reading %1…").arg(fileName()), false);
    host()->showLabDock(m_dock, true);
    m_dock->raise();
    m_watch->open(m_path);
}

void KernelFileLab::sanitize() {
    QString why;
    if (m_path.isEmpty() || m_editor->isModified())
        why = tr("Save the file first: compute-sanitizer checks the file as saved.");
    else if (m_sanitizer->start(m_path, m_lastValues, &why))
        m_editor->setStatus(tr("Running %1 under compute-sanitizer memcheck…").arg(fileName()),
                            false);
    if (why.isEmpty()) return;
    m_sanitizerReport = why;
    m_editor->setStatus(why, true);
    emit sanitized();
}

void KernelFileLab::onSanitized(const QString& report, int status) {
    m_sanitizerReport = report;
    const auto errors = sanitizerDiagnostics(report, fileName());
    m_editor->showDiagnostics(errors);
    const QString verdict = sanitizerVerdict(report);
    if (status == 0 && verdict == QLatin1String("no errors")) {
        m_editor->setStatus(tr("compute-sanitizer memcheck: no errors in %1.").arg(fileName()),
                            false);
    } else if (!verdict.isEmpty() && verdict != QLatin1String("no errors")) {
        const QString first = errors.empty() ? QString()
                                             : tr(" The first, on line %1: %2.")
                                                   .arg(errors.front().line)
                                                   .arg(errors.front().message);
        m_editor->setStatus(
            tr("compute-sanitizer memcheck %1 in %2.%3").arg(verdict, fileName(), first), true);
    } else {
        // It did not get as far as a summary: say its last words.
        const QStringList lines = report.trimmed().split(QLatin1Char('\n'));
        m_editor->setStatus(tr("compute-sanitizer could not check %1: %2")
                                .arg(fileName(), lines.isEmpty() ? QString() : lines.back()),
                            true);
    }
    emit sanitized();
}

void KernelFileLab::chooseFile() {
    if (m_editor->isModified() &&
        QMessageBox::question(host(), tr("warpscope"),
                              tr("The editor holds edits of %1 that are not saved. Open another "
                                 "file and drop them?")
                                  .arg(fileName())) != QMessageBox::Yes)
        return;
    const QString start = m_path.isEmpty() ? QDir::currentPath() : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(host(), tr("Open a kernel file"), start,
                                                      tr("CUDA files (*.cu *.cuh);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

void KernelFileLab::onRead(const QString& text, bool changed) {
    if (changed && m_editor->isModified()) {
        m_editor->setStatus(tr("%1 changed on disk, but the editor holds edits that are not "
                               "saved: it was not read again (Save writes the editor's text "
                               "over it).")
                                .arg(fileName()),
                            true);
        return;
    }
    m_editor->setSource(text, titleOf(m_path));
    emit fileShown();
    if (changed || m_runWhenRead) {
        m_runWhenRead = false;
        run();
    }
}

bool KernelFileLab::adoptDescription() {
    const QString name = fileName();
    auto parsed =
        kernelfile::parseKernelDescription(m_editor->source().toStdString(), name.toStdString());
    if (!parsed) {
        const QString message = QString::fromStdString(parsed.error());
        m_editor->showDiagnostics(parseKernelDiagnostics(message, name));
        refuse(tr("The launch description does not hold: %1").arg(message));
        return false;
    }
    m_description = *parsed;
    ExperimentSpec next = kernelfile::kernelFileSpec(*parsed);
    ParameterPanel* panel = host()->parameters();
    const auto runner = [this](const ParamValues& values) { runWith(values); };
    if (m_spec && m_spec->title == next.title && sameSliders(m_spec->params, next.params)) {
        // The user chose another experiment since: the file's sliders come back.
        if (panel->experiment() != m_spec.get())
            host()->showOwnParameters(m_spec.get(), m_lastValues, runner);
        return true;
    }
    ParamValues keep = m_lastValues;
    if (m_spec && panel->experiment() == m_spec.get()) keep = panel->values();
    auto owned = std::make_unique<ExperimentSpec>(std::move(next));
    // The panel lets go of the old spec before it goes.
    host()->showOwnParameters(owned.get(), keep, runner);
    m_spec = std::move(owned);
    return true;
}

void KernelFileLab::run() {
    if (m_path.isEmpty() && m_buffer.isEmpty()) {
        refuse(tr("Open a kernel file first (Your kernel > Open kernel file…)."));
        return;
    }
    if (!adoptDescription()) return;
    if (!m_assignments.isEmpty()) {
        std::vector<std::string> assignments;
        for (const QString& a : m_assignments) assignments.push_back(a.toStdString());
        m_assignments.clear();
        auto resolved = resolveParams(*m_spec, assignments);
        if (!resolved) {
            refuse(QString::fromStdString(resolved.error()));
            return;
        }
        m_lastValues = *resolved;
        host()->showOwnParameters(m_spec.get(), *resolved,
                                  [this](const ParamValues& values) { runWith(values); });
    }
    if (auto values = host()->parameters()->resolved(); !values) {
        refuse(QString::fromStdString(values.error()));
        return;
    }
    // As the panel's Run does: the window calls back send() with its values.
    host()->runParameters();
}

void KernelFileLab::runWith(const ParamValues& values) {
    // The text may have changed since the panel was built from it.
    const ExperimentSpec* before = m_spec.get();
    if (!adoptDescription()) return;
    if (m_spec.get() == before) {
        send(values);
        return;
    }
    // The edit changed the parameters: the panel's values for the new ones.
    auto now = host()->parameters()->resolved();
    if (!now) {
        refuse(QString::fromStdString(now.error()));
        return;
    }
    send(*now);
}

void KernelFileLab::send(const ParamValues& values) {
    m_sentName = fileName();
    m_lastValues = values;
    m_runPending = true;
    m_editor->clearDiagnostics();
    m_editor->setStatus(tr("Running %1…").arg(m_sentName), false);
    host()->showLabDock(m_dock, true);
    host()->source()->runExperiment(
        QString::fromLatin1(kernelfile::kKernelFileExperiment), values,
        KernelFileRequest{m_sentName, m_editor->source(), m_editor->timeLimitSeconds(),
                          m_path.isEmpty() ? QString() : QFileInfo(m_path).absolutePath()});
}

void KernelFileLab::save() {
    if (m_path.isEmpty()) {
        m_editor->setStatus(tr("No file to save to: this text came with the run on show."), true);
        return;
    }
    m_editor->setStatus(tr("Saving %1…").arg(fileName()), false);
    m_watch->save(m_editor->source());
}

void KernelFileLab::refuse(const QString& message) {
    m_runPending = false;
    m_editor->setStatus(message, true);
    host()->showLabDock(m_dock, true);
    emit settled();
}

void KernelFileLab::onRunFailed(const QString& message) {
    if (!m_runPending) return;
    m_runPending = false;
    const auto diagnostics = parseKernelDiagnostics(message, m_sentName);
    m_editor->showDiagnostics(diagnostics);
    QString status = message;
    if (hasErrors(diagnostics)) {
        int errors = 0;
        const KernelDiagnostic* first = nullptr;
        for (const KernelDiagnostic& d : diagnostics)
            if (d.severity != QLatin1String("warning")) {
                ++errors;
                if (!first) first = &d;
            }
        status =
            tr("%1 does not compile (%2). Line %3: %4")
                .arg(m_sentName, errors == 1 ? tr("1 error, marked on its line")
                                             : tr("%1 errors, marked on their lines").arg(errors))
                .arg(first->line)
                .arg(first->message);
    } else if (message.contains(QLatin1String("did not finish within"))) {
        status +=
            tr(" The worker ended with it, as only that frees the GPU; the next run "
               "starts a fresh one.");
    }
    m_editor->setStatus(status, true);
    host()->showLabDock(m_dock, true);
    emit settled();
}

void KernelFileLab::onRunShown(const LoadedRun& shown) {
    const Run& run = *shown.prepared->run;
    if (run.experiment != kernelfile::kKernelFileExperiment) {
        // Another run took the window: the answer to the lab's is dropped.
        m_runPending = false;
        return;
    }
    host()->showLabDock(m_dock, true);
    if (m_runPending) {
        m_runPending = false;
        m_editor->clearDiagnostics();
        m_editor->setStatus(tr("%1 ran on %2: %3 ms a launch; %4.")
                                .arg(m_sentName, QString::fromStdString(run.device.name))
                                .arg(run.timing.kernelMs, 0, 'g', 3)
                                .arg(verdict(run.verification)),
                            !run.verification.passed && run.verification.checked);
        emit settled();
        return;
    }
    // A kernel file's run from elsewhere (a trace, a bundled example): its
    // source in the editor, where no file of one's own is open, so that Run
    // runs it again and its lines can be read beside the views.
    if (!m_path.isEmpty() || m_editor->isModified()) return;
    const auto source = run.texts.find(kernelfile::kSourceText);
    const auto name = run.texts.find(kernelfile::kFileNameText);
    if (const auto command = run.texts.find(program::kProgramCommandText);
        command != run.texts.end() && source == run.texts.end()) {
        // A traced program's launch: its source stayed with the program.
        m_editor->setStatus(tr("A launch of %1 (warpscope-record trace); the program's source is "
                               "not in the trace: Open… its kernel's file to read it here.")
                                .arg(QString::fromStdString(command->second)),
                            false);
        return;
    }
    if (source == run.texts.end() || name == run.texts.end()) return;
    m_buffer = QString::fromStdString(name->second);
    m_editor->setSource(QString::fromStdString(source->second),
                        tr("%1 (as the run on show ran it)").arg(m_buffer));
    m_editor->setSaveEnabled(false);
    m_editor->setStatus(tr("The source of the run on show. Run runs it again; Open… opens a "
                           "file of your own."),
                        false);
    // Its own parameters as sliders, at the values it ran with, not the
    // catalog entry's choice of example.
    m_lastValues = run.params;
    (void)adoptDescription();
}

}  // namespace ws
