#pragma once
// The roofline of the matrix multiply lab (QCustomPlot, log-log): FLOP per
// byte loaded against GFLOP/s. The compute roof is the FP32 peak (SMs x FP32
// lanes x 2 x clock), with the dense BF16 tensor-core peak dashed above it
// where tensor-core runs are shown, the memory roof the copy bandwidth measured on the
// device; each variant is a point per size, its sizes joined by a line, and
// the run on show is ringed. Intensities come from the load model (what the
// kernel's threads load) unless Nsight Compute measured the DRAM bytes;
// points above the memory roof are served by the caches. Hovering a point
// gives its numbers. A run recorded with why it is slow stands at its DRAM
// bytes, with a point for its L2 and its L1 bytes joined to it; a point
// placed by the load model alone is ringed with a dashed line and named so
// in the legend.
#include <QWidget>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPItemText;

namespace ws {

struct RooflinePoint {
    QString variant;
    double n = 0;
    double intensity = 0;  // FLOP per byte
    double gflops = 0;
    bool measuredIntensity = false;  // from DRAM counters rather than the model
    QString level;                   // "DRAM", "L2", "L1" for a point of measured bytes
};

struct RooflineData {
    QString deviceName;
    double peakGflops = 0;
    QString peakText;  // how the peak was computed
    // The dense BF16 tensor-core peak, a second compute roof above the FP32
    // one for the tensor-core product's points (0: not drawn).
    double tensorPeakGflops = 0;
    QString tensorPeakText;
    double memoryGBs = 0;
    QString memorySource;               // "measured copy" or "theoretical"
    QStringList variants;               // legend order
    std::vector<RooflinePoint> points;  // every measured (variant, n)
    // The L2 and L1 points of every run in `points` that has counters.
    std::vector<RooflinePoint> levelPoints;
    std::optional<RooflinePoint> current;
    // The run on show placed by the bytes its counters measured at each
    // level of the memory (--why): the same GFLOP/s over the DRAM, L2 and L1
    // bytes. Empty where the run recorded no counters: then the current
    // point is the load model's, and is labelled so.
    std::vector<RooflinePoint> measuredLevels;
    // Said in the plot's corner where the run on show is not on it (another
    // lab's run, or cuBLAS at a size without counters).
    QString note;
};

class RooflineView : public QWidget {
    Q_OBJECT
public:
    explicit RooflineView(QWidget* parent = nullptr);
    void setData(const RooflineData& data);
    const RooflineData& data() const { return m_data; }
    QCustomPlot* plot() const { return m_plot; }
    int variantCurves() const { return m_variantCurves; }
    // The roof at an intensity: min(peak, bandwidth x intensity).
    double roofAt(double intensity) const;
    QSize sizeHint() const override { return {760, 520}; }
    // The labels of the two roofs, for tests (null where there is no such roof).
    QCPItemText* peakLabel() const { return m_peak.first; }
    QCPItemText* memoryLabel() const { return m_memory.first; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void rebuild();
    void fitLabels();      // raises the value axis's top until the roof labels fit under it
    void fitRoofLabels();  // the roofs' labels to the plot's size
    // The kernels' markers that the memory roof's label, laid along the roof
    // from `start`, would cover on one side of the line.
    int markersBesideRoofLabel(QPointF start, double angle, bool above) const;

    QCustomPlot* m_plot;
    std::vector<QCPItemText*> m_roofLabels;
    // The roofs' own labels and their whole text: the peak's wrapped to the
    // plot, the memory's laid along its sloping roof and elided to it.
    std::pair<QCPItemText*, QString> m_peak{}, m_memory{};
    // Notes in the plot's corners and their text unwrapped: wrapped to the
    // plot's width once it is laid out.
    std::vector<std::pair<QCPItemText*, QString>> m_notes;
    RooflineData m_data;
    int m_variantCurves = 0;
};

}  // namespace ws
