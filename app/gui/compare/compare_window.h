#pragma once
// Two reduction variants side by side, stepped in lockstep: the same tree
// level and the same step row on both sides, so "interleaved-divergent vs
// sequential" or "first-add vs complete-unroll" is one slider. Each side
// holds its own playback model; the traces load off the UI thread.
#include <QWidget>

#include "app/gui/common/bundled_traces.h"
#include "widgets/model/playback_model.h"

class QComboBox;
class QSlider;
class QLabel;
class QTimer;

namespace ws {

class DivergenceView;
class ReductionTreeView;

class CompareWindow : public QWidget {
    Q_OBJECT
public:
    CompareWindow(const BundledTraces& bundled, QWidget* parent = nullptr);

    // Loads the bundled traces of `experiment` with these parameters but
    // different variants into the sides (left: `leftVariant`).
    void compare(const std::string& experiment, const ParamValues& params,
                 const QString& leftVariant, const QString& rightVariant);
    void setLevel(int level);
    int level() const { return m_level; }
    bool loading() const { return m_pending > 0; }
    ReductionTreeView* tree(int side) const { return m_trees[side]; }
    DivergenceView* divergence(int side) const { return m_div[side]; }

signals:
    void loaded();

private:
    void load(int side, const QString& file);
    void refreshRange();

    const BundledTraces& m_bundled;
    PlaybackModel* m_models[2];
    ReductionTreeView* m_trees[2];
    DivergenceView* m_div[2];
    QComboBox* m_pick[2];
    QSlider* m_slider;
    QLabel* m_stepLabel;
    QTimer* m_play;
    std::string m_experiment;
    ParamValues m_params;
    int m_level = 0;
    int m_pending = 0;
    int m_generation[2] = {0, 0};
};

}  // namespace ws
