#pragma once
// The GUI's side of the worker protocol: starts the worker process, says
// hello, sends run requests and reports answers, all through QProcess signals
// so the UI thread never waits. Newest request wins: while one runs, a newer
// one replaces the request queued behind it, and answers to anything but the
// newest are dropped. A crash, an exit, a protocol error or silence longer
// than the timeout is reported in plain words; the worker is then stopped and
// a fresh one starts for the next request.
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QTimer>
#include <optional>

#include "app/gui/worker/worker_protocol.h"
#include "core/run/run.h"

namespace ws {

class WorkerClient : public QObject {
    Q_OBJECT
public:
    // command: program and arguments. timeoutMs: longest silence while an
    // answer is due.
    WorkerClient(QStringList command, int timeoutMs, QObject* parent = nullptr);
    ~WorkerClient() override;

    static int defaultTimeoutMs();  // WARPSCOPE_WORKER_TIMEOUT_MS, else 60 s

    void start();  // starts the worker (if needed) and says hello
    // kernelFile: the file a "kernel-file" run compiles and launches.
    qint64 requestRun(const QString& experiment, const ParamValues& params,
                      std::optional<KernelFileRequest> kernelFile = std::nullopt);
    // Whether the runs asked from now on record why they are slow: never,
    // where it costs little, always (a worker older than protocol 3 is not
    // asked where it costs little: it knows no such run).
    void setWhy(WhyMode mode) { m_why = mode; }
    WhyMode why() const { return m_why; }
    // Cancels the newest request if it still waits for the GPU; true if asked.
    bool cancelWaiting();
    qint64 newestRequest() const { return m_newest; }
    bool busy() const { return m_inFlight != 0; }
    bool waitingForGpu() const { return m_inFlight != 0 && m_waitingForGpu; }
    int protocol() const { return m_protocol; }
    int startCount() const { return m_starts; }
    const QStringList& command() const { return m_command; }
    QString commandText() const { return m_command.join(' '); }

signals:
    void helloReceived(bool hasDevice, QJsonObject device, QString tool, QString reason);
    void progress(qint64 id, QString message);
    void queued(qint64 id, int runsAhead);  // the newest request waits for the GPU
    void runCancelled(qint64 id);
    void resultReceived(qint64 id, QByteArray trace);
    void runFailed(qint64 id, QString message);
    void workerProblem(QString message);  // what happened, in plain words
    // The program could not be started, or ended before it said hello.
    void workerUnavailable(QString message);
    void workerStarted(int count);

private:
    struct Request {
        qint64 id = 0;
        QString experiment;
        ParamValues params;
        std::optional<KernelFileRequest> kernelFile;
    };
    void send(const Request& r, bool supersede = false);
    void onStdout();
    void onFinished(int code, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void onTimeout();
    void handle(const WorkerMessage& m);
    void fail(const QString& problem);
    void stopProcess();
    void sendQueued();
    void armTimer();
    QString lastStderrLine() const;

    QStringList m_command;
    int m_timeoutMs;
    QProcess* m_process = nullptr;
    WorkerStreamParser m_parser;
    QTimer m_timer;
    QByteArray m_stderr;
    qint64 m_nextId = 0;
    qint64 m_newest = 0;
    qint64 m_inFlight = 0;
    qint64 m_helloId = 0;                // nonzero while the hello answer is due
    int m_protocol = 1;                  // what the worker's hello said
    WhyMode m_why = WhyMode::WhenCheap;  // runs record their stalls and counters too
    bool m_waitingForGpu = false;        // m_inFlight is queued behind other runs
    std::optional<Request> m_queued;
    int m_starts = 0;
};

}  // namespace ws
