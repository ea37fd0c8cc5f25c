#pragma once
// Where runs come from: live through the worker when it has a GPU, else the
// bundled traces recorded on one, or a trace file. Loading and indexing
// happen off the UI thread; every request carries a generation and only the
// newest one's answer is shown, whichever path it took. A worker that cannot
// start, or ends before its hello, sends the requests to the bundled traces
// at once, with the reason.
#include <QObject>
#include <memory>
#include <optional>

#include "app/gui/common/bundled_traces.h"
#include "app/gui/worker/worker_client.h"
#include "widgets/model/prepared_run.h"

namespace ws {

enum class RunOrigin { Live, Recorded, File };

struct LoadedRun {
    std::shared_ptr<const PreparedRun> prepared;
    RunOrigin origin = RunOrigin::File;
    QString file;  // the trace file, for Recorded and File
    QString note;  // e.g. which recorded parameters stand in for the requested ones
};

class RunSource : public QObject {
    Q_OBJECT
public:
    enum class Mode { Unknown, Live, Recorded };

    RunSource(QStringList workerCommand, int timeoutMs, QObject* parent = nullptr);
    void setBundled(BundledTraces bundled) { m_bundled = std::move(bundled); }
    const BundledTraces& bundled() const { return m_bundled; }
    WorkerClient* worker() const { return m_worker; }
    Mode mode() const { return m_mode; }
    QString noDeviceReason() const { return m_reason; }
    QString deviceName() const { return m_deviceName; }

    void probe();  // start the worker and learn whether there is a GPU
    void openTrace(const QString& path);
    // kernelFile: a file of one's own for a "kernel-file" run, compiled and
    // launched by the worker; without a GPU there is no recorded stand-in
    // for it, and the run fails with the reason.
    void runExperiment(const QString& id, const ParamValues& params,
                       std::optional<KernelFileRequest> kernelFile = std::nullopt);
    // Gives up the newest live run's place in the GPU queue; true if it waited.
    bool cancelWaiting();

signals:
    void modeChanged(ws::RunSource::Mode mode);
    void loading(QString what);
    void queued(int runsAhead);  // the newest live run waits for the GPU
    void cancelled();            // ... and was cancelled before it ran
    void loaded(ws::LoadedRun run);
    void failed(QString message);
    void problem(QString message);  // the worker failed; the GUI carries on

private:
    struct Pending {
        QString id;
        ParamValues params;
        quint64 generation;
        std::optional<KernelFileRequest> kernelFile;
    };
    void dispatch(const Pending& p);
    void loadFile(const QString& path, RunOrigin origin, QString note, quint64 generation);
    void setMode(Mode mode, const QString& deviceName, const QString& reason);

    WorkerClient* m_worker;
    BundledTraces m_bundled;
    Mode m_mode = Mode::Unknown;
    QString m_reason, m_deviceName;
    quint64 m_generation = 0;
    quint64 m_liveGeneration = 0;
    std::optional<Pending> m_waiting;   // until the worker's hello says where to run
    std::optional<Pending> m_lastLive;  // sent to the worker, for a fallback if it dies unborn
};

}  // namespace ws
