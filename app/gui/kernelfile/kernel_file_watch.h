#pragma once
// A kernel file on disk, read and written off the UI thread and watched for
// edits saved by any editor. Editors save in several ways (writing in place,
// or writing a new file and renaming it over the old one, which ends a
// watch on the old file): the file and its folder are both watched, bursts
// of changes are read once after they settle, and a change that leaves the
// text as it was (a save without edits, this watch's own save) is not
// reported.
#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

namespace ws {

class KernelFileWatch : public QObject {
    Q_OBJECT
public:
    explicit KernelFileWatch(QObject* parent = nullptr);

    // Reads `path` (answered by `read` or `failed`) and watches it from now on.
    void open(const QString& path);
    // Stops watching; answers still on their way are dropped.
    void close();
    // Writes `text` to the file (through a temporary file renamed over it);
    // answered by `saved` or `failed`.
    void save(const QString& text);
    QString path() const { return m_path; }
    // The text last read or saved: what the file holds, as far as is known.
    QString diskText() const { return m_diskText; }
    // How long changes must settle before the file is read again.
    void setSettleMs(int ms) { m_settle.setInterval(ms); }

signals:
    // `changed`: an edit on disk after the first read (false for that read).
    void read(QString text, bool changed);
    void saved();
    void failed(QString message);

private:
    void readNow(bool first);
    void watchAgain();

    QFileSystemWatcher m_watcher;
    QTimer m_settle;
    QString m_path;
    QString m_diskText;
    bool m_haveText = false;
    quint64 m_generation = 0;  // reads and writes of an older open are dropped
};

}  // namespace ws
