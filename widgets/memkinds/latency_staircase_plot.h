#pragma once
// The latency staircase of a memory-latency run: cycles per dependent load
// against the working set (log 2 axis, KiB to GiB), ns per load on the right
// axis at the run's own ratio of the two; the device's L1, shared memory and
// L2 sizes as dashed lines, and each plateau labelled where it was measured
// ("L2 262 cycles, 140 ns"). Other memory-latency runs (another path or
// stride) can be laid over it, one curve each. Built on QCustomPlot.
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/memkinds/latency_plateaus.h"
#include "widgets/memkinds/memkinds_plot_pieces.h"
#include "widgets/model/playback_model.h"
#include "widgets/plots/plot_style.h"

namespace ws {

class LatencyStaircasePlot : public QWidget {
    Q_OBJECT
public:
    explicit LatencyStaircasePlot(PlaybackModel* model, QWidget* parent = nullptr);

    // Runs drawn beside the one on show (those of other experiments, and the
    // run on show itself, are left out).
    void setOtherRuns(std::vector<std::shared_ptr<const Run>> runs);

    QCustomPlot* plot() const { return m_plot; }
    // The sentence shown instead of the staircase; empty when it is drawn.
    QString message() const { return m_message; }
    const std::vector<memkinds::Plateau>& plateaus() const { return m_plateaus; }
    QStringList plateauLabels() const;
    QStringList markerLabels() const { return m_markers.labels(); }
    int curveCount() const { return m_curves; }
    QString titleText() const { return m_titleText; }
    QSize sizeHint() const override { return {760, 460}; }
    QSize minimumSizeHint() const override { return {kNarrowestPlot, 220}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void fit();  // title, legend, marker rows, headroom and plateau labels at this size

    PlaybackModel* m_model;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    std::vector<std::shared_ptr<const Run>> m_others;
    QString m_message, m_titleText;
    std::vector<memkinds::Plateau> m_plateaus;
    std::vector<QCPItemText*> m_plateauItems;
    std::vector<double> m_plateauTops;  // each plateau's highest point, which its label clears
    SizeMarkers m_markers;
    double m_firstBytes = 0, m_lastBytes = 0;  // the working sets the x axis spans
    double m_maxCycles = 0;
    double m_nsPerCycle = 0;
    int m_curves = 0;
};

}  // namespace ws
