#include "app/gui/worker/worker_protocol.h"

#include <QJsonDocument>

namespace ws {

namespace {
constexpr qint64 kMaxTraceBytes = qint64(4) << 30;  // refuse absurd sizes up front
QByteArray line(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}
}  // namespace

QByteArray helloRequest(qint64 id) { return line({{"type", "hello"}, {"id", id}}); }

QByteArray runRequest(qint64 id, const QString& experiment, const ParamValues& params,
                      bool supersede, WhyMode why,
                      const std::optional<KernelFileRequest>& kernelFile) {
    QJsonObject p;
    for (const auto& [k, v] : params)
        p.insert(QString::fromStdString(k), QString::fromStdString(v));
    QJsonObject r{{"type", "run"}, {"id", id}, {"experiment", experiment}, {"params", p}};
    if (supersede) r.insert("supersede", true);
    if (why == WhyMode::Always) r.insert("why", true);
    if (why == WhyMode::WhenCheap) r.insert("why", QStringLiteral("when-cheap"));
    if (kernelFile) {
        QJsonObject file{{"name", kernelFile->name}, {"source", kernelFile->source}};
        if (!kernelFile->directory.isEmpty()) file.insert("directory", kernelFile->directory);
        r.insert("kernelFile", file);
        if (kernelFile->timeLimitSeconds > 0) r.insert("timeLimit", kernelFile->timeLimitSeconds);
    }
    return line(r);
}

QByteArray cancelRequest(qint64 id) { return line({{"type", "cancel"}, {"id", id}}); }

QByteArray quitRequest() { return line({{"type", "quit"}}); }

void WorkerStreamParser::feed(const QByteArray& bytes) {
    m_buffer.append(bytes);
    parse();
}

WorkerMessage WorkerStreamParser::take() {
    WorkerMessage m = std::move(m_ready.front());
    m_ready.pop_front();
    return m;
}

void WorkerStreamParser::parse() {
    while (m_error.isEmpty()) {
        if (m_pending) {
            const qint64 want =
                m_current.json.value("bytes").toInteger() - m_current.payload.size();
            const qint64 n = std::min<qint64>(want, m_buffer.size());
            m_current.payload.append(m_buffer.constData(), n);
            m_buffer.remove(0, n);
            if (n < want) return;
            m_pending = false;
            m_ready.push_back(std::move(m_current));
            m_current = {};
            continue;
        }
        const qsizetype nl = m_buffer.indexOf('\n');
        if (nl < 0) return;
        const QByteArray text = m_buffer.left(nl).trimmed();
        m_buffer.remove(0, nl + 1);
        if (text.isEmpty()) continue;
        QJsonParseError err;
        const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
        if (err.error != QJsonParseError::NoError || !doc.isObject() ||
            !doc.object().value("type").isString()) {
            m_error =
                QStringLiteral("the worker wrote something that is not a protocol message: %1")
                    .arg(QString::fromUtf8(text.left(120)));
            return;
        }
        WorkerMessage m;
        m.json = doc.object();
        m.type = m.json.value("type").toString();
        m.id = m.json.value("id").toInteger();
        if (m.type == "result") {
            const qint64 bytes = m.json.value("bytes").toInteger(-1);
            if (bytes < 0 || bytes > kMaxTraceBytes) {
                m_error = QStringLiteral("the worker announced a trace of %1 bytes").arg(bytes);
                return;
            }
            m_current = std::move(m);
            m_current.payload.reserve(bytes);
            m_pending = true;
            continue;
        }
        m_ready.push_back(std::move(m));
    }
}

}  // namespace ws
