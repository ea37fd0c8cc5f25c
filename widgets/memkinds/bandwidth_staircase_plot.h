#pragma once
// The bandwidth staircase of a memory-bandwidth run: GB/s of every SM
// reading a working set against its size (log 2 axis), so L1, L2 and HBM
// show as steps; the shared-memory point at its bytes per block with a
// labelled line across; the device's theoretical HBM bandwidth dashed; the
// L1 and L2 sizes as dashed lines. Built on QCustomPlot.
#include <QStringList>
#include <QWidget>

#include "widgets/memkinds/memkinds_plot_pieces.h"
#include "widgets/model/playback_model.h"

namespace ws {

class BandwidthStaircasePlot : public QWidget {
    Q_OBJECT
public:
    explicit BandwidthStaircasePlot(PlaybackModel* model, QWidget* parent = nullptr);

    QCustomPlot* plot() const { return m_plot; }
    QString message() const { return m_message; }  // shown instead of the staircase
    QStringList markerLabels() const { return m_markers.labels(); }
    QStringList lineLabels() const;  // the shared-memory and HBM peak lines' words
    QString titleText() const { return m_titleText; }
    QSize sizeHint() const override { return {760, 460}; }
    QSize minimumSizeHint() const override { return {240, 220}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void fit();

    PlaybackModel* m_model;
    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QString m_message, m_titleText;
    SizeMarkers m_markers;
    double m_firstBytes = 0, m_lastBytes = 0;  // the working sets the x axis spans
    std::vector<QCPItemText*> m_lineItems;
    double m_maxGBs = 0;
};

}  // namespace ws
