#pragma once
// Fixtures of the app tests: a temporary folder holding a trace and a
// manifest as the bundled ones look, the fake worker, and waiting on the
// event loop without blocking it.
#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <functional>

namespace ws::test {

class AppFixtureFiles {
public:
    AppFixtureFiles();  // writes small.wstrace, resources/traces/{manifest.json,...}
    QString dir() const { return m_dir.path(); }
    QString trace() const { return m_dir.path() + "/small.wstrace"; }
    QString resources() const { return m_dir.path() + "/resources"; }
    QString state() const { return m_dir.path(); }
    QStringList worker(const QString& mode) const;  // command line of the fake worker
    QString workerLine(const QString& mode) const;  // the same, as one shell line
    QStringList runsSeen() const;                   // ids of the run requests the worker got

private:
    QTemporaryDir m_dir;
};

// Writes `bytes` to `path` (replacing it); false if it could not.
bool writeFile(const QString& path, const QByteArray& bytes);

// Runs the event loop until `done` holds or `ms` pass; returns done().
bool waitFor(const std::function<bool()>& done, int ms = 10000);

}  // namespace ws::test
