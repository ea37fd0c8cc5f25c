#include "app/gui/kernelfile/kernel_file_watch.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include "app/gui/common/background_job.h"
#include "core/kernelfile/kernel_file_text.h"

namespace ws {

namespace {

struct ReadOutcome {
    QString text;
    QString error;
};

ReadOutcome readText(const QString& path) {
    auto text = kernelfile::readKernelFileText(path.toStdString());
    if (!text) return {{}, QString::fromStdString(text.error())};
    return {QString::fromStdString(*text), {}};
}

QString writeText(const QString& path, const QString& text) {
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return QObject::tr("cannot write %1: %2").arg(path, f.errorString());
    const QByteArray bytes = text.toUtf8();
    if (f.write(bytes) != bytes.size() || !f.commit())
        return QObject::tr("cannot write %1: %2").arg(path, f.errorString());
    return {};
}

}  // namespace

KernelFileWatch::KernelFileWatch(QObject* parent) : QObject(parent) {
    m_settle.setSingleShot(true);
    // Long enough for an editor's write-then-rename, short enough to feel
    // like the save started the run.
    m_settle.setInterval(150);
    connect(&m_settle, &QTimer::timeout, this, [this] { readNow(false); });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this] { m_settle.start(); });
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        // Something in the folder changed: the file may have been replaced
        // (renamed over) or made again after a removal.
        const QFileInfo info(m_path);
        if (info.exists() && !m_watcher.files().contains(m_path)) m_settle.start();
    });
}

void KernelFileWatch::open(const QString& path) {
    close();
    m_path = QFileInfo(path).absoluteFilePath();
    watchAgain();
    readNow(true);
}

void KernelFileWatch::close() {
    ++m_generation;
    m_settle.stop();
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    if (!m_watcher.directories().isEmpty()) m_watcher.removePaths(m_watcher.directories());
    m_path.clear();
    m_diskText.clear();
    m_haveText = false;
}

void KernelFileWatch::watchAgain() {
    if (m_path.isEmpty()) return;
    const QFileInfo info(m_path);
    if (info.exists() && !m_watcher.files().contains(m_path)) m_watcher.addPath(m_path);
    const QString folder = info.absolutePath();
    if (QFileInfo(folder).isDir() && !m_watcher.directories().contains(folder))
        m_watcher.addPath(folder);
}

void KernelFileWatch::readNow(bool first) {
    if (m_path.isEmpty()) return;
    const quint64 generation = m_generation;
    const QString path = m_path;
    runInBackground<ReadOutcome>(
        this, [path] { return readText(path); },
        [this, generation, first](ReadOutcome o) {
            if (generation != m_generation) return;
            // A file renamed over the old one is a new file to watch.
            watchAgain();
            if (!o.error.isEmpty()) {
                emit failed(o.error);
                return;
            }
            if (!first && m_haveText && o.text == m_diskText) return;
            m_diskText = o.text;
            m_haveText = true;
            emit read(o.text, !first);
        });
}

void KernelFileWatch::save(const QString& text) {
    if (m_path.isEmpty()) return;
    const quint64 generation = m_generation;
    const QString path = m_path;
    // The change the save itself makes on disk is no edit to report.
    const QString before = m_diskText;
    m_diskText = text;
    m_haveText = true;
    runInBackground<QString>(
        this, [path, text] { return writeText(path, text); },
        [this, generation, before](QString error) {
            if (generation != m_generation) return;
            watchAgain();
            if (!error.isEmpty()) {
                m_diskText = before;
                emit failed(error);
                return;
            }
            emit saved();
        });
}

}  // namespace ws
