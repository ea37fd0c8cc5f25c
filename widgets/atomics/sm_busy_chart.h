#pragma once
// How long each SM had work in a work-queue run: per SM a bar of the time at
// least one item ran there, a darker bar for the part up to the playback
// time (it grows while playing), and lines at the mean and the longest: their
// ratio is the run's load imbalance. Hover gives an SM's numbers, a click
// selects the first block that ran on it. Built on QCustomPlot.
#include <QWidget>
#include <vector>

#include "widgets/atomics/queue_bars.h"
#include "widgets/model/playback_model.h"

class QCustomPlot;
class QCPBars;
class QCPItemText;
class QCPTextElement;

namespace ws {

class SmBusyChart : public QWidget {
    Q_OBJECT
public:
    explicit SmBusyChart(PlaybackModel* model, QWidget* parent = nullptr);

    QCustomPlot* plot() const { return m_plot; }
    const QueueAnalysis& analysis() const { return m_bars.analysis; }
    std::size_t smCount() const { return m_spans.size(); }
    // Busy time of the i-th SM (in SM id order) up to `t` ns after the origin.
    double busyUntil(std::size_t i, double t) const;
    QString titleText() const;
    // What hovering the i-th SM's bar shows; times are ns after the run's origin.
    QString toolTipOf(std::size_t i) const;
    QSize sizeHint() const override { return {520, 320}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void updateTicks();
    void updateTitle();  // titleText() broken into lines as wide as the plot
    void fitLegend();    // entries side by side, or stacked where the width is short
    void fitHeadroom();  // room above the longest bar for its label, in pixels
    void updateTime();
    int smAt(const QPointF& pos) const;

    PlaybackModel* m_model;
    QCustomPlot* m_plot;
    QCPBars* m_total = nullptr;
    QCPItemText* m_longestLabel = nullptr;  // "longest", over or under its line
    QCPItemText* m_meanLabel = nullptr;     // "mean", over or under its line
    QCPBars* m_sofar = nullptr;
    QCPTextElement* m_title = nullptr;
    QueueBars m_bars;
    // Per SM (analysis order): merged busy intervals, sorted.
    std::vector<std::vector<std::pair<double, double>>> m_spans;
    std::vector<BlockRef> m_firstBlock;
};

}  // namespace ws
