#include "app/gui/worker/worker_client.h"

#include "app/gui/common/app_log.h"

namespace ws {

namespace {
constexpr int kStderrKeep = 4096;
}

WorkerClient::WorkerClient(QStringList command, int timeoutMs, QObject* parent)
    : QObject(parent), m_command(std::move(command)), m_timeoutMs(timeoutMs) {
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &WorkerClient::onTimeout);
}

WorkerClient::~WorkerClient() { stopProcess(); }

int WorkerClient::defaultTimeoutMs() {
    bool ok = false;
    const int env = qEnvironmentVariableIntValue("WARPSCOPE_WORKER_TIMEOUT_MS", &ok);
    return ok && env > 0 ? env : 60000;
}

void WorkerClient::start() {
    if (m_process) return;
    if (m_command.isEmpty()) {
        emit workerUnavailable(
            tr("no worker program: warpscope-record was not found beside "
               "warpscope or on PATH"));
        return;
    }
    m_parser = {};
    m_stderr.clear();
    m_protocol = 1;
    m_waitingForGpu = false;
    m_process = new QProcess(this);
    m_process->setProgram(m_command.first());
    m_process->setArguments(m_command.mid(1));
    connect(m_process, &QProcess::readyReadStandardOutput, this, &WorkerClient::onStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        m_stderr.append(m_process->readAllStandardError());
        if (m_stderr.size() > kStderrKeep) m_stderr.remove(0, m_stderr.size() - kStderrKeep);
        armTimer();  // progress on stderr still proves the worker is alive
    });
    connect(m_process, &QProcess::finished, this, &WorkerClient::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &WorkerClient::onError);
    ++m_starts;
    appLog(QStringLiteral("starting worker #%1: %2").arg(m_starts).arg(commandText()));
    m_process->start();
    m_helloId = ++m_nextId;
    m_process->write(helloRequest(m_helloId));
    armTimer();
    emit workerStarted(m_starts);
}

qint64 WorkerClient::requestRun(const QString& experiment, const ParamValues& params,
                                std::optional<KernelFileRequest> kernelFile) {
    Request r{++m_nextId, experiment, params, std::move(kernelFile)};
    m_newest = r.id;
    if (waitingForGpu() && m_protocol >= 2) {
        // Still queued behind others: the newer request takes its place.
        send(r, true);
        return r.id;
    }
    if (m_inFlight) {
        m_queued = r;  // replaces whatever waited before: only the newest matters
        return r.id;
    }
    send(r);
    return r.id;
}

bool WorkerClient::cancelWaiting() {
    m_queued.reset();
    if (!waitingForGpu() || m_protocol < 2 || !m_process) return false;
    m_process->write(cancelRequest(m_inFlight));
    return true;
}

void WorkerClient::send(const Request& r, bool supersede) {
    start();
    if (!m_process) {  // could not start
        emit runFailed(r.id, tr("the worker could not be started"));
        return;
    }
    m_inFlight = r.id;
    const WhyMode why = m_why == WhyMode::WhenCheap && m_protocol < 3 ? WhyMode::Never : m_why;
    m_process->write(runRequest(r.id, r.experiment, r.params, supersede, why, r.kernelFile));
    armTimer();
}

void WorkerClient::sendQueued() {
    if (m_inFlight || !m_queued) return;
    const Request r = *m_queued;
    m_queued.reset();
    send(r);
}

void WorkerClient::armTimer() {
    if (m_inFlight || m_helloId)
        m_timer.start(m_timeoutMs);
    else
        m_timer.stop();
}

void WorkerClient::onStdout() {
    if (!m_process) return;
    m_parser.feed(m_process->readAllStandardOutput());
    while (m_parser.hasMessage()) handle(m_parser.take());
    if (!m_parser.error().isEmpty()) {
        fail(tr("The worker broke the protocol (%1).").arg(m_parser.error()));
        return;
    }
    armTimer();
}

void WorkerClient::handle(const WorkerMessage& m) {
    if (m.type == "hello") {
        m_helloId = 0;
        m_protocol = m.json.value("protocol").toInt(1);
        const QJsonValue dev = m.json.value("device");
        emit helloReceived(dev.isObject(), dev.toObject(), m.json.value("tool").toString(),
                           m.json.value("reason").toString());
    } else if (m.type == "queued") {
        if (m.id == m_inFlight) m_waitingForGpu = true;
        if (m.id == m_newest) emit queued(m.id, m.json.value("ahead").toInt());
    } else if (m.type == "progress") {
        if (m.id == m_inFlight) m_waitingForGpu = false;
        if (m.id == m_newest) emit progress(m.id, m.json.value("message").toString());
    } else if (m.type == "cancelled") {
        // Superseded requests are answered so too; only the one in flight matters.
        if (m.id == m_inFlight) {
            m_inFlight = 0;
            m_waitingForGpu = false;
            emit runCancelled(m.id);
            sendQueued();
        }
    } else if (m.type == "result" || m.type == "error") {
        if (m.id == m_inFlight) {
            m_inFlight = 0;
            m_waitingForGpu = false;
        }
        if (m.id != m_newest) {
            appLog(
                QStringLiteral("dropped the answer to request %1: a newer one exists").arg(m.id));
        } else if (m.type == "result") {
            emit resultReceived(m.id, m.payload);
        } else {
            emit runFailed(m.id, m.json.value("message").toString());
        }
        sendQueued();
    }
    armTimer();
}

QString WorkerClient::lastStderrLine() const {
    const QList<QByteArray> lines = m_stderr.trimmed().split('\n');
    return lines.isEmpty() ? QString() : QString::fromUtf8(lines.last().trimmed());
}

void WorkerClient::fail(const QString& problem) {
    QString text = problem;
    const QString last = lastStderrLine();
    if (!last.isEmpty()) text += tr(" Its last message: \"%1\".").arg(last);
    // A worker that ends before its hello will not do better next time (a
    // wrong path, /bin/false, an ssh that cannot reach its host): it is
    // unavailable, and the caller falls back to recorded traces at once.
    const bool neverStarted = m_helloId != 0;
    if (!neverStarted) text += tr(" A fresh worker will start for the next request.");
    appLog(text);
    const qint64 lost = m_inFlight;
    m_inFlight = 0;
    m_helloId = 0;
    m_waitingForGpu = false;
    stopProcess();
    if (neverStarted) {
        m_queued.reset();
        emit workerUnavailable(text);
        if (lost && lost == m_newest) emit runFailed(lost, text);
        return;
    }
    emit workerProblem(text);
    if (lost && lost == m_newest) emit runFailed(lost, text);
    sendQueued();  // the next request gets a fresh worker
}

void WorkerClient::onTimeout() {
    const double s = m_timeoutMs / 1000.0;
    fail(m_inFlight
             ? tr("The worker gave no answer for %1 s while running request %2; it was stopped.")
                   .arg(s)
                   .arg(m_inFlight)
             : tr("The worker did not answer hello within %1 s; it was stopped.").arg(s));
}

void WorkerClient::onFinished(int code, QProcess::ExitStatus status) {
    if (!m_process || sender() != m_process) return;
    // Read what it said before it went.
    onStdout();
    if (!m_process) return;
    QString what = status == QProcess::CrashExit
                       ? tr("The worker crashed.")
                       : tr("The worker exited with status %1.").arg(code);
    if (m_helloId)
        what = status == QProcess::CrashExit
                   ? tr("The worker '%1' crashed before it said hello.").arg(commandText())
                   : tr("The worker '%1' exited with status %2 before it said hello.")
                         .arg(commandText())
                         .arg(code);
    if (code == 3 && status == QProcess::NormalExit)
        what = tr("The worker stopped after a GPU fault (status 3).");
    if (!m_inFlight && !m_helloId) {
        // Idle exits (after quit, or a worker without a device) are not failures.
        appLog(QStringLiteral("worker exited while idle (status %1)").arg(code));
        stopProcess();
        return;
    }
    fail(what);
}

void WorkerClient::onError(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart || !m_process) return;
    const QString text = tr("The worker '%1' could not be started: %2.")
                             .arg(commandText(), m_process->errorString());
    appLog(text);
    m_inFlight = 0;
    m_helloId = 0;
    m_waitingForGpu = false;
    stopProcess();
    m_queued.reset();
    emit workerUnavailable(text);
}

void WorkerClient::stopProcess() {
    m_timer.stop();
    if (!m_process) return;
    QProcess* p = m_process;
    m_process = nullptr;
    p->disconnect(this);
    if (p->state() != QProcess::NotRunning) {
        p->closeWriteChannel();
        // SIGKILL is reaped within milliseconds; waiting for that (never for
        // the worker's own work) keeps Qt from destroying a running process.
        p->kill();
        p->waitForFinished(1000);
    }
    p->deleteLater();
}

}  // namespace ws
