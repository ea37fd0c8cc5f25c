#pragma once
// Any two runs side by side: two recorded traces, or the run on show and a
// trace, of one experiment with different parameters or of two experiments.
// The same view is drawn for each side; one playback bar drives the left run
// and the right follows in lockstep (by GPU time, or by reduction step where
// both runs have steps); the table below gives their figures and the ratio.
// Traces load off the UI thread.
#include <QWidget>

#include "app/gui/compare/run_pair.h"

class QComboBox;
class QLabel;
class QSplitter;
class QVBoxLayout;

namespace ws {

class CompareTable;
class MainWindow;

class RunCompareWindow : public QWidget {
    Q_OBJECT
public:
    explicit RunCompareWindow(MainWindow* window, QWidget* parent = nullptr);

    // The left side takes the run on show in the main window (a copy of it:
    // the main window may go on to another run).
    void takeRunOnShow();
    // Loads trace files; an empty name keeps that side as it is.
    void compareFiles(const QString& left, const QString& right);
    // One of the view catalog's names ("timeline", "tree", ...).
    bool setView(const QString& name);
    void setLockstep(RunPair::Lockstep lockstep);

    QString viewName() const { return m_viewName; }
    RunPair* pair() const { return m_pair; }
    CompareTable* table() const { return m_table; }
    QWidget* view(int side) const { return m_views[side]; }
    QString problem() const;
    bool loading() const { return m_loadingLeft > 0 || m_pair->loading(); }

signals:
    void loaded();

protected:
    void showEvent(QShowEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    // Gives the table the height of all its rows, up to 45 % of the window's
    // splitter.
    void fitTable();
    void fillPickers();
    void loadLeft(const QString& file);
    void pick(int side, int index);
    void showChoice(int side, const QString& file);
    void rebuildViews();
    void refresh();

    MainWindow* m_window;
    PlaybackModel* m_left;
    RunPair* m_pair;
    QComboBox* m_pickers[2];
    QComboBox* m_viewPicker;
    QComboBox* m_lockstepPicker;
    QLabel* m_titles[2];
    QLabel* m_problem;
    QWidget* m_views[2] = {nullptr, nullptr};
    QVBoxLayout* m_columns[2];
    CompareTable* m_table;
    QSplitter* m_split;
    QString m_viewName = QStringLiteral("timeline");
    QString m_errors[2];
    int m_loadingLeft = 0;
    int m_leftGeneration = 0;
};

}  // namespace ws
