#pragma once
// The host-device-bandwidth run plotted: GB/s against the copy size (log
// axes), one curve per direction and host memory kind with the spread of the
// repeated copies as error bars, the fitted latency + bandwidth model dashed
// (the flat start of each curve is its latency floor), the PCIe link's
// theoretical rate when NVML reported the link, and the device memory's peak.
#include <QWidget>

#include "core/basics/transfer_points.h"
#include "widgets/model/playback_model.h"

class QCustomPlot;
class QCPItemText;

namespace ws {

class BandwidthPlot : public QWidget {
    Q_OBJECT
public:
    explicit BandwidthPlot(PlaybackModel* model, QWidget* parent = nullptr);
    QCustomPlot* plot() const { return m_plot; }
    int curveCount() const { return m_curves; }
    QString linkText() const { return m_link; }
    QString floorText() const { return m_floor; }
    QSize sizeHint() const override { return {720, 420}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void fitLegend();

    PlaybackModel* m_model;
    QCustomPlot* m_plot;
    int m_curves = 0;
    QString m_link, m_floor;
    QCPItemText* m_floorNote = nullptr;
};

}  // namespace ws
