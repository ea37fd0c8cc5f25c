#pragma once
// Two runs' figures side by side with their ratio (core/run_comparison.h).
#include <QTableWidget>

#include "core/run.h"

namespace ws {

class CompareTable : public QTableWidget {
    Q_OBJECT
public:
    explicit CompareTable(QWidget* parent = nullptr);
    void setRuns(const Run* left, const Run* right);
    // The table as text (one line per figure), for tests and exports.
    QString text() const;

protected:
    void changeEvent(QEvent* e) override;

private:
    void fitRowHeight();
};

}  // namespace ws
