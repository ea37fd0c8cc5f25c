#pragma once
// Measured throughput (GB/s) against a swept parameter, one curve per
// variant, with the device's peak bandwidth and the vendor library (CUB) as
// reference lines and the run on show marked. Built on QCustomPlot.
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <map>
#include <optional>
#include <vector>

class QCustomPlot;
class QCPGraph;
class QCPItemText;

namespace ws {

struct ThroughputPoint {
    QString series;  // variant, or the experiment when it has no variants
    double x = 0;
    double gbps = 0;
};

struct ThroughputData {
    QString xName = QStringLiteral("n");
    QString xUnit = QStringLiteral("elements");
    bool logX = true;
    std::vector<ThroughputPoint> points;
    double peakGBs = 0;  // device's theoretical memory bandwidth, 0 if unknown
    QString deviceName;
    std::vector<ThroughputPoint> vendor;  // the vendor library's measurements (CUB)
    std::optional<ThroughputPoint> current;
    // What the y values are: GB/s against the memory peak and CUB by default;
    // the matrix multiply lab plots GFLOP/s against the FP32 peak and cuBLAS.
    QString unit = QStringLiteral("GB/s");
    QString vendorName = QStringLiteral("CUB (vendor library)");
    QString peakName = QStringLiteral("device peak");
    // The y axis's title before the unit ("throughput (GB/s)"), and what an
    // empty plot says.
    QString yName = QStringLiteral("throughput");
    QString emptyText;
};

class ThroughputPlot : public QWidget {
    Q_OBJECT
public:
    explicit ThroughputPlot(QWidget* parent = nullptr);
    void setData(const ThroughputData& data);
    const ThroughputData& data() const { return m_data; }
    QCustomPlot* plot() const { return m_plot; }
    int curveCount() const { return m_curves; }
    // The shown run's dot, drawn again over every series (null when none).
    const QCPGraph* currentDot() const { return m_currentDot; }
    QSize sizeHint() const override { return {520, 320}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    // Below the axes, right of them (a short, wide plot under a lab's dock),
    // or, where neither leaves the axes room, none with a note saying so.
    enum class LegendPlace { Below, Beside, Hidden };
    void fitLegend();  // place, columns and line breaks, so that no entry is cut
    LegendPlace chooseLegendPlace() const;
    void placeLegend(LegendPlace place);
    void fitEmptyMessage();
    void fitValueLabel();
    void labelLoneDots(const std::map<QString, std::vector<std::pair<double, double>>>& series);
    void fitLoneDotLabels();  // names where the width has room for them, else the value

    QCustomPlot* m_plot;
    ThroughputData m_data;
    QStringList m_yLabels;               // the value axis's label, longest first
    QPointer<QCPItemText> m_legendHint;  // owned by the plot; gone with its items
    // Nothing to plot: the message alone, without axes, legend or peak line.
    bool m_empty = false;
    QPointer<QCPItemText> m_emptyItem;  // the message of a plot with nothing to show
    QString m_emptyMessage;             // its text, unwrapped
    QCPGraph* m_currentDot = nullptr;   // owned by the plot
    // The labels of lone dots: the names and value, or the value alone
    // ("2 series: ..."), as the axes' width allows; `at` is the dot's share
    // of the x axis from the side its label grows towards.
    struct DotLabel {
        QPointer<QCPItemText> item;
        QString full, brief, values;
        double room = 0;
    };
    std::vector<DotLabel> m_dotLabels;
    int m_curves = 0;
};

}  // namespace ws
