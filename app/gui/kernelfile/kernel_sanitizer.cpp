#include "app/gui/kernelfile/kernel_sanitizer.h"

#include <signal.h>
#include <unistd.h>

#include <QProcess>

#include "app/gui/common/resource_paths.h"

namespace ws {

KernelSanitizer::KernelSanitizer(QObject* parent) : QObject(parent) {}

KernelSanitizer::~KernelSanitizer() {
    if (!m_process || m_process->state() == QProcess::NotRunning) return;
    // warpscope-record leads a process group of its own: compute-sanitizer
    // and the run under it go with it, and give the GPU back.
    const qint64 pid = m_process->processId();
    if (pid > 0) ::kill(-pid_t(pid), SIGTERM);
    m_process->waitForFinished(3000);
}

QString KernelSanitizer::recorder() const {
    if (!m_recorder.isEmpty()) return m_recorder;
    const QStringList worker = defaultWorkerCommand();
    return worker.isEmpty() ? QString() : worker.front();
}

bool KernelSanitizer::start(const QString& path, const ParamValues& values, QString* why) {
    if (m_process) {
        *why = tr("compute-sanitizer is still running the last check.");
        return false;
    }
    const QString program = recorder();
    if (program.isEmpty()) {
        *why =
            tr("warpscope-record is neither beside warpscope nor on PATH, so "
               "compute-sanitizer cannot be run from here.");
        return false;
    }
    QStringList args{QStringLiteral("run-kernel"), path};
    for (const auto& [name, value] : values) args << QString::fromStdString(name + "=" + value);
    args << QStringLiteral("--sanitize");
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    connect(m_process, &QProcess::finished, this, [this](int status, QProcess::ExitStatus how) {
        const QString report = QString::fromUtf8(m_process->readAll());
        m_process->deleteLater();
        m_process = nullptr;
        emit finished(report, how == QProcess::NormalExit ? status : -1);
    });
    connect(m_process, &QProcess::errorOccurred, this, [this, program](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart) return;
        m_process->deleteLater();
        m_process = nullptr;
        emit finished(tr("%1 could not be started.").arg(program), -1);
    });
    m_process->setChildProcessModifier([] { ::setpgid(0, 0); });
    m_process->start(program, args);
    return true;
}

}  // namespace ws
