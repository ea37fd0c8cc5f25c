#pragma once
// The launches of a traced program (warpscope-record trace -o DIR): the
// folder's log read in the background and listed, one row a launch (its
// kernel, grid and block, its time, whether it was recorded and, where not,
// why), and first, where CUPTI recorded it, the whole program's timeline.
// Opening a recorded launch shows its trace in every view; two selected are
// compared side by side.
#include <QDialog>
#include <QString>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace ws {

class ProgramLaunches : public QDialog {
    Q_OBJECT
public:
    explicit ProgramLaunches(QWidget* parent = nullptr);
    // Reads DIR/launches.jsonl in the background; `loaded` when listed.
    void setFolder(const QString& folder);
    QString folder() const { return m_folder; }
    int rowCount() const;

signals:
    // The whole program's timeline, else the first recorded launch; "" where
    // there is neither.
    void loaded(const QString& firstTrace);
    void failed(const QString& message);
    void openLaunch(const QString& tracePath);
    void compareLaunches(const QString& left, const QString& right);

private:
    void updateButtons();
    QString selectedTrace(int which) const;

    QString m_folder;
    QLabel* m_summary = nullptr;
    QTreeWidget* m_list = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_compare = nullptr;
};

}  // namespace ws
