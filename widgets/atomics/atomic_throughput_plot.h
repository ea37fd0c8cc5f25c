#pragma once
// What contention costs: atomics per second against the number of threads
// adding at once, one curve per setting (how many addresses, how far apart),
// on log axes. With one address the curve flattens at the rate one counter
// can be updated; spread over many addresses it keeps climbing. The run on
// show is ringed. Built on QCustomPlot.
#include <QString>
#include <QWidget>
#include <optional>
#include <vector>

class QCustomPlot;

namespace ws {

struct ContentionSeries {
    QString name;                                   // "1 address", "1024 addresses, one per line"
    std::vector<std::pair<double, double>> points;  // (threads, atomics per second)
};

struct ContentionPlotData {
    std::vector<ContentionSeries> series;
    std::optional<std::pair<double, double>> current;
    QString deviceName;
};

class AtomicThroughputPlot : public QWidget {
    Q_OBJECT
public:
    explicit AtomicThroughputPlot(QWidget* parent = nullptr);
    void setData(const ContentionPlotData& data);
    const ContentionPlotData& data() const { return m_data; }
    QCustomPlot* plot() const { return m_plot; }
    QSize sizeHint() const override { return {560, 360}; }

protected:
    void changeEvent(QEvent* e) override;

private:
    void rebuild();

    QCustomPlot* m_plot;
    ContentionPlotData m_data;
};

}  // namespace ws
