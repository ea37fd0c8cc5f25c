#pragma once
// A saved kernel file run under compute-sanitizer in the background, through
// `warpscope-record run-kernel FILE name=value ... --sanitize` on this
// machine (the window never waits for it): its report comes back whole.
#include <QObject>
#include <QString>

#include "core/run/run.h"

class QProcess;

namespace ws {

class KernelSanitizer : public QObject {
    Q_OBJECT
public:
    explicit KernelSanitizer(QObject* parent = nullptr);
    // A check still running is ended with everything it started.
    ~KernelSanitizer() override;

    // warpscope-record, beside warpscope or on PATH unless set.
    void setRecorder(const QString& program) { m_recorder = program; }
    QString recorder() const;

    bool running() const { return m_process != nullptr; }
    // Starts it; false (with `why`) where it cannot: one is running, or no
    // warpscope-record was found.
    bool start(const QString& path, const ParamValues& values, QString* why);

signals:
    // The report as printed (the sanitizer's lines and the run's), and
    // warpscope-record's exit status (0 no errors, 1 errors or a failed run).
    void finished(QString report, int status);

private:
    QString m_recorder;
    QProcess* m_process = nullptr;
};

}  // namespace ws
