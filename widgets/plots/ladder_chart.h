#pragma once
// The reduction ladder as bars: the measured throughput of every variant on
// one device for one n and block size, each bar labelled with its GB/s and the
// fraction of the device's memory bandwidth it reached. QCustomPlot bars.
#include <QRectF>
#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPItemText;

namespace ws {

struct LadderBar {
    QString label;         // variant
    double gbps = 0;       // the bar's value, in the data's unit
    bool current = false;  // the run on show
    QString note;          // an extra line under the value (a published figure)
    // The run's result failed verification: its time is not that of the
    // computation the ladder compares, so the bar is hatched grey and says so.
    bool failed = false;
};

// GB/s against the device's peak by default; a lab charting another unit
// (the matrix multiply lab's GFLOP/s against cuBLAS) names it and its
// reference line.
struct LadderData {
    QString title;  // "reduce-ladder, n = 2^20, block 256, float"
    QString deviceName;
    double peakGBs = 0;  // the reference value; 0 if unknown: no fractions then
    std::vector<LadderBar> bars;
    QString unit = QStringLiteral("GB/s");
    QString axisLabel = QStringLiteral("GB/s (bytes read / kernel time)");
    QString referenceName = QStringLiteral("device peak");  // label of the reference line
    QString fractionName = QStringLiteral("of peak");       // "% of peak", "% of cuBLAS"
};

class LadderChart : public QWidget {
    Q_OBJECT
public:
    explicit LadderChart(QWidget* parent = nullptr);
    void setData(const LadderData& data);
    const LadderData& data() const { return m_data; }
    QCustomPlot* plot() const { return m_plot; }
    QCPBars* bars() const { return m_bars; }
    QStringList valueLabels() const;  // the text over each bar, in order
    // Where each value label was drawn, in the plot's pixels (after a replot).
    std::vector<QRectF> valueLabelRects() const;
    QSize sizeHint() const override { return {900, 520}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    // How much a label says, from most to least: 0 "% of peak", 1 "%",
    // 2 the number without its unit (the axis names it), 3 the note and
    // "wrong result" broken over two lines, 4 the number alone (and "wrong").
    QString valueLabel(const LadderBar& bar, int detail) const;
    int fittingDetail() const;
    void placeLabels();
    void fitValueLabel();  // the longest value axis title the axis holds

    QCustomPlot* m_plot;
    QCPBars* m_bars = nullptr;
    LadderData m_data;
    QStringList m_labels;
    std::vector<QCPItemText*> m_labelItems;
    QCPItemText* m_peakText = nullptr;
    int m_detail = 0;  // of the labels drawn
    double m_top = 1;  // the value axis's top before labels raised it
};

}  // namespace ws
