#pragma once
// Bundled traces loaded for the lab's view tests and screenshots.
#include <QString>
#include <memory>

#include "widgets/model/prepared_run.h"

namespace ws::test {

QString bundledTracePath(const QString& file);
std::shared_ptr<const PreparedRun> loadBundled(const QString& file);
// A bundled affine trace recorded modulo 2^32, as the GPU records it with the
// readable inputs: the run names affine-mod-97, its step values and its
// verification are the CPU model's modulo 97 (until the bundled traces are
// re-recorded, this is how the views see such a run).
std::shared_ptr<const PreparedRun> readableAffine(const QString& file);
// Waits (processing events) until `done` holds or `ms` pass.
template <typename F>
bool waitFor(F done, int ms = 20000);

}  // namespace ws::test

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>

template <typename F>
bool ws::test::waitFor(F done, int ms) {
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > ms) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(5);
    }
    return true;
}
