#pragma once
// What the run on show is and how much to trust it: device, timer tick,
// kernel time, throughput, recording overhead, a verified/failed badge, and
// where it came from (live, or recorded on which GPU and when). Problems with
// the worker are written here in plain words too.
#include <QWidget>

#include "app/gui/run_source.h"

class QLabel;

namespace ws {

class RunInfoPanel : public QWidget {
    Q_OBJECT
public:
    explicit RunInfoPanel(QWidget* parent = nullptr);
    void setRun(const LoadedRun& run, const QString& noDeviceReason);
    void setStatus(const QString& text, bool isError);
    QString text() const;  // everything shown, as plain text (tests)
    QString badgeText() const;

private:
    QLabel* m_origin;
    QLabel* m_badge;
    QLabel* m_facts;
    QLabel* m_status;
};

}  // namespace ws
