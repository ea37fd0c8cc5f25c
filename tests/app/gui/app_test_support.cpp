#include "tests/app/gui/app_test_support.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QThread>

#include "core/trace/trace_io.h"
#include "tests/widgets/support/qt_test_support.h"

namespace ws::test {

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

AppFixtureFiles::AppFixtureFiles() {
    const Run run = smallRun();
    if (!saveTrace(run, trace().toStdString())) qFatal("cannot write the test trace");
    QDir().mkpath(resources() + "/traces");
    // Two recorded runs, n = 2048 and n = 65536, as the bundled manifest lists them.
    Run bigger = run;
    bigger.params["n"] = "65536";
    bigger.timing.bytesMoved = 65536 * 4;
    if (!saveTrace(run, (resources() + "/traces/a.wstrace").toStdString()) ||
        !saveTrace(bigger, (resources() + "/traces/b.wstrace").toStdString()))
        qFatal("cannot write the bundled test traces");
    QFile m(resources() + "/traces/manifest.json");
    m.open(QIODevice::WriteOnly);
    m.write(R"({"format":"warpscope-manifest","version":1,"traces":[
 {"file":"a.wstrace","experiment":"reduce-single-block","params":{"n":"2048","block":"128","type":"int32","traced_blocks":"1"},
  "device":"NVIDIA H100 80GB HBM3","recordedAt":"2026-11-21T10:00:00Z","verified":true,"kernelMs":0.002,"gbPerS":4.1},
 {"file":"b.wstrace","experiment":"reduce-single-block","params":{"n":"65536","block":"128","type":"int32","traced_blocks":"1"},
  "device":"NVIDIA H100 80GB HBM3","recordedAt":"2026-11-21T10:00:00Z","verified":true,"kernelMs":0.004,"gbPerS":65.5}
]})");
}

QStringList AppFixtureFiles::worker(const QString& mode) const {
    return {"/bin/sh", QStringLiteral(WS_TEST_DIR "/fake_worker.sh"), mode, trace(), state()};
}

QString AppFixtureFiles::workerLine(const QString& mode) const { return worker(mode).join(' '); }

QStringList AppFixtureFiles::runsSeen() const {
    QFile f(state() + "/runs");
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
}

bool waitFor(const std::function<bool()>& done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    return done();
}

}  // namespace ws::test
