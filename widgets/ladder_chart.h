#pragma once
// The reduction ladder as bars: the measured throughput of every variant on
// one device for one n and block size, each bar labelled with its GB/s and the
// fraction of the device's memory bandwidth it reached. QCustomPlot bars.
#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPBars;

namespace ws {

struct LadderBar {
    QString label;  // variant
    double gbps = 0;
    bool current = false;  // the run on show
};

struct LadderData {
    QString title;  // "reduce-ladder, n = 2^20, block 256, float"
    QString deviceName;
    double peakGBs = 0;  // 0 if unknown: no fractions then
    std::vector<LadderBar> bars;
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
    QSize sizeHint() const override { return {900, 520}; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();

    QCustomPlot* m_plot;
    QCPBars* m_bars = nullptr;
    LadderData m_data;
    QStringList m_labels;
};

}  // namespace ws
