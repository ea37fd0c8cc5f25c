#pragma once
// What the run on show is and how much to trust it: device, timer tick,
// kernel time (median and spread), throughput, recording overhead, a
// verified/failed badge, the GPU's state badges (shared, MIG, throttled), and
// where it came from (live, or recorded on which GPU and when). Problems with
// the worker are written here in plain words too, and a run waiting for the
// GPU says its place in the queue with a button to stop waiting.
#include <QWidget>

#include "app/gui/worker/run_source.h"

class QLabel;
class QPushButton;

namespace ws {

class RunInfoPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunInfoPanel(QWidget* parent = nullptr);
    void setRun(const LoadedRun& run, const QString& noDeviceReason);
    void setStatus(const QString& text, bool isError);
    void setWaiting(int runsAhead);  // the newest live run waits for the GPU
    void clearWaiting();
    bool isWaiting() const;
    QString text() const;  // everything shown, as plain text (tests)
    QString badgeText() const;
    QString environmentText() const;  // the environment's badges, as plain text

signals:
    void cancelWaitingRequested();

private:
    QLabel* m_origin;
    QLabel* m_badge;
    QLabel* m_environment;
    QLabel* m_facts;
    QLabel* m_gpu;
    QLabel* m_status;
    QWidget* m_waiting;
    QLabel* m_waitingText;
    QPushButton* m_stopWaiting;
};

}  // namespace ws
