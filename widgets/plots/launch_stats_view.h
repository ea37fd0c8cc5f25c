#pragma once
// One launch's statistics (core/figures/launch_statistics.h) drawn with QCustomPlot:
// a histogram of block durations and, per SM, its blocks and busy time, with
// the tail and the achieved against the theoretical occupancy in a line of
// text. Clicking a bar marks its blocks on the timeline and selects the first.
#include <QWidget>

#include "core/figures/launch_statistics.h"
#include "widgets/model/playback_model.h"

class QCustomPlot;
class QLabel;
class QMouseEvent;
class QCPAbstractPlottable;

namespace ws {

class LaunchStatsView : public QWidget {
    Q_OBJECT
public:
    explicit LaunchStatsView(PlaybackModel* model, QWidget* parent = nullptr);
    const LaunchStatistics& statistics() const { return m_stats; }
    int launchShown() const { return m_launch; }
    QString summaryText() const;
    QCustomPlot* durationPlot() const { return m_durations; }
    QCustomPlot* smPlot() const { return m_sms; }
    // What a click on a histogram bar or an SM bar does.
    void markDurationBin(int bin);
    void markSm(std::size_t index);

private:
    void rebuild();
    void restyle();
    // The selected block's launch, else the one at the playhead.
    int launchToShow() const;
    void onPlotClick(QCPAbstractPlottable* plottable, int index, QMouseEvent* event);

    PlaybackModel* m_model;
    QLabel* m_summary;
    QCustomPlot* m_durations;
    QCustomPlot* m_sms;
    LaunchStatistics m_stats;
    int m_launch = -1;
};

}  // namespace ws
