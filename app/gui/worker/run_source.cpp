#include "app/gui/worker/run_source.h"

#include <QFileInfo>

#include "app/gui/common/app_log.h"
#include "app/gui/common/background_job.h"
#include "core/trace/trace_io.h"

namespace ws {

namespace {
struct Outcome {
    std::shared_ptr<const PreparedRun> prepared;
    QString error;
};

Outcome prepare(Result<Run> run) {
    if (!run) return {nullptr, QString::fromStdString(run.error())};
    return {prepareRun(std::make_shared<const Run>(std::move(run).value())), {}};
}

QString describe(const ParamValues& p) {
    QStringList parts;
    for (const auto& [k, v] : p) parts << QString::fromStdString(k + "=" + v);
    return parts.join(' ');
}
}  // namespace

RunSource::RunSource(QStringList workerCommand, int timeoutMs, QObject* parent)
    : QObject(parent), m_worker(new WorkerClient(std::move(workerCommand), timeoutMs, this)) {
    connect(m_worker, &WorkerClient::helloReceived, this,
            [this](bool hasDevice, QJsonObject device, QString, QString reason) {
                if (hasDevice)
                    setMode(Mode::Live, device.value("name").toString(), {});
                else
                    setMode(Mode::Recorded, {}, reason.isEmpty() ? tr("no CUDA device") : reason);
            });
    connect(m_worker, &WorkerClient::workerUnavailable, this, [this](QString message) {
        // A live request lost with the worker goes to the recorded traces too.
        std::optional<Pending> lost;
        if (m_mode == Mode::Live && m_lastLive && m_liveGeneration == m_generation)
            lost = m_lastLive;
        setMode(Mode::Recorded, {}, message);
        if (lost) dispatch(*lost);
    });
    connect(m_worker, &WorkerClient::progress, this,
            [this](qint64, QString m) { emit loading(m); });
    connect(m_worker, &WorkerClient::queued, this, [this](qint64 id, int ahead) {
        if (id == m_worker->newestRequest() && m_liveGeneration == m_generation) emit queued(ahead);
    });
    connect(m_worker, &WorkerClient::runCancelled, this, [this](qint64 id) {
        if (id == m_worker->newestRequest()) emit cancelled();
    });
    connect(m_worker, &WorkerClient::workerProblem, this, &RunSource::problem);
    connect(m_worker, &WorkerClient::runFailed, this, [this](qint64 id, QString message) {
        // In recorded mode the request already went to the bundled traces.
        if (m_mode == Mode::Recorded) return;
        if (id == m_worker->newestRequest() && m_liveGeneration == m_generation)
            emit failed(tr("The run failed: %1").arg(message));
    });
    connect(m_worker, &WorkerClient::resultReceived, this, [this](qint64 id, QByteArray bytes) {
        if (id != m_worker->newestRequest() || m_liveGeneration != m_generation) return;
        const quint64 gen = m_generation;
        emit loading(tr("decoding the trace (%1 bytes)").arg(bytes.size()));
        runInBackground<Outcome>(
            this,
            [bytes] {
                return prepare(
                    decodeTrace(std::span(reinterpret_cast<const std::uint8_t*>(bytes.constData()),
                                          std::size_t(bytes.size()))));
            },
            [this, gen](Outcome o) {
                if (gen != m_generation) return;
                if (!o.prepared)
                    emit failed(tr("The worker's trace is corrupt: %1").arg(o.error));
                else
                    emit loaded({o.prepared, RunOrigin::Live, {}, {}});
            });
    });
}

void RunSource::probe() {
    if (m_mode == Mode::Unknown) m_worker->start();
}

void RunSource::setMode(Mode mode, const QString& deviceName, const QString& reason) {
    const bool changed = mode != m_mode;
    m_mode = mode;
    m_deviceName = deviceName;
    m_reason = reason;
    if (mode == Mode::Recorded)
        appLog(
            QStringLiteral("no GPU through the worker (%1): showing recorded traces").arg(reason));
    if (changed) emit modeChanged(mode);
    if (m_waiting) {
        const Pending p = *m_waiting;
        m_waiting.reset();
        dispatch(p);
    }
}

bool RunSource::cancelWaiting() { return m_worker->cancelWaiting(); }

void RunSource::openTrace(const QString& path) {
    ++m_generation;
    m_waiting.reset();
    m_worker->cancelWaiting();  // a file replaces it: keep no place in the GPU queue
    loadFile(path, RunOrigin::File, {}, m_generation);
}

void RunSource::runExperiment(const QString& id, const ParamValues& params,
                              std::optional<KernelFileRequest> kernelFile) {
    const Pending p{id, params, ++m_generation, std::move(kernelFile)};
    if (m_mode == Mode::Unknown) {
        m_waiting = p;  // newest wins while we wait for hello too
        emit loading(tr("starting the worker"));
        m_worker->start();
        return;
    }
    dispatch(p);
}

void RunSource::dispatch(const Pending& p) {
    if (p.generation != m_generation) return;
    if (m_mode == Mode::Live) {
        m_liveGeneration = p.generation;
        m_lastLive = p;
        emit loading(tr("running %1 on %2").arg(p.id, m_deviceName));
        m_worker->requestRun(p.id, p.params, p.kernelFile);
        return;
    }
    if (p.kernelFile) {
        emit failed(tr("No GPU is available (%1): %2 runs only live, on a GPU.")
                        .arg(m_reason, p.kernelFile->name));
        return;
    }
    const BundledTrace* t = m_bundled.bestMatch(p.id.toStdString(), p.params);
    if (!t) {
        emit failed(tr("No GPU is available (%1), and no recorded trace of %2 is bundled.")
                        .arg(m_reason, p.id));
        return;
    }
    QString note;
    ParamValues differing;
    for (const auto& [k, v] : t->params) {
        const auto it = p.params.find(k);
        if (it != p.params.end() && it->second != v) differing[k] = v;
    }
    if (!differing.empty())
        note = tr("Showing the recorded run nearest to the requested parameters: %1.")
                   .arg(describe(differing));
    loadFile(t->file, RunOrigin::Recorded, note, p.generation);
}

void RunSource::loadFile(const QString& path, RunOrigin origin, QString note, quint64 gen) {
    emit loading(tr("opening %1").arg(QFileInfo(path).fileName()));
    runInBackground<Outcome>(
        this, [path] { return prepare(loadTrace(path.toStdString())); },
        [this, path, origin, note, gen](Outcome o) {
            if (gen != m_generation) return;
            // The reader's errors name the file already ("cannot open
            // '/x.wstrace': …", "'/x.wstrace': not a warpscope trace …").
            if (!o.prepared)
                emit failed(o.error);
            else
                emit loaded({o.prepared, origin, path, note});
        });
}

}  // namespace ws
