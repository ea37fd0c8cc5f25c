#pragma once
// Framing of docs/worker-protocol.md: JSON lines, and after a `result` line
// exactly `bytes` raw bytes of trace. The parser is fed whatever the pipe
// delivers (any split) and hands out whole messages.
#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <deque>
#include <optional>

#include "core/profile/why_cost.h"
#include "core/run/run.h"

namespace ws {

// 2 adds `queued`, `cancel`, `cancelled` and superseding run requests, 3 a
// run's `"why": "when-cheap"` (docs/worker-protocol.md); an older worker is
// spoken to as before.
inline constexpr int kWorkerProtocol = 3;

struct WorkerMessage {
    QString type;  // hello, progress, queued, result, error, cancelled
    qint64 id = 0;
    QJsonObject json;
    QByteArray payload;  // the trace of a result
};

// A CUDA file of one's own for a "kernel-file" run (docs/your-kernel.md):
// its name, which the worker's messages and the trace name it by, its source
// as the editor holds it, and how long one launch may take before the worker
// calls it hung (0: the worker's own limit). Its parameters are the file's.
struct KernelFileRequest {
    QString name;
    QString source;
    double timeLimitSeconds = 0;
    QString directory = {};  // where the .npy files it names are read
};

QByteArray helloRequest(qint64 id);
// supersede: the worker drops any earlier run of ours that has not started
// (answering it `cancelled`) and gives this one its place in the GPU queue.
// why: whether the worker records the run's stall samples and hardware
// counters too: never (no key), where it costs little ("when-cheap"), always.
// kernelFile: the file a "kernel-file" run compiles and launches.
QByteArray runRequest(qint64 id, const QString& experiment, const ParamValues& params,
                      bool supersede = false, WhyMode why = WhyMode::Never,
                      const std::optional<KernelFileRequest>& kernelFile = std::nullopt);
QByteArray cancelRequest(qint64 id);
QByteArray quitRequest();

class WorkerStreamParser {
public:
    void feed(const QByteArray& bytes);
    bool hasMessage() const { return !m_ready.empty(); }
    WorkerMessage take();
    // Set when the stream broke the protocol (not JSON, no type); the stream
    // cannot be trusted after that.
    const QString& error() const { return m_error; }
    // Bytes of a result payload still expected (to tell "busy" from "silent").
    qint64 pendingPayload() const {
        return m_pending ? m_current.json.value("bytes").toInteger() - m_current.payload.size() : 0;
    }

private:
    void parse();

    QByteArray m_buffer;
    std::deque<WorkerMessage> m_ready;
    WorkerMessage m_current;
    bool m_pending = false;  // reading the payload of m_current
    QString m_error;
};

}  // namespace ws
