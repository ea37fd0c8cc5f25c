#pragma once
// Data reuse in the matrix multiply lab: for each variant, the bytes loaded
// from global memory per FLOP (log scale). Two modelled bars: what the
// threads ask for (4 bytes a float) and the 32-byte sectors those requests
// move once a warp's lanes are combined (coalescing). Where Nsight Compute
// ran, three measured bars beside them: the sectors L1 served, the bytes
// L2 sent up, and the bytes read from DRAM. Each step of the ladder should
// push its bars down; caches push the measured ones further.
#include <QWidget>
#include <vector>

class QCustomPlot;

namespace ws {

struct ReuseBar {
    QString variant;
    double askedBytesPerFlop = 0;   // model: floats loaded x 4 / FLOP
    double sectorBytesPerFlop = 0;  // model: sectors x 32 / FLOP
    double l1BytesPerFlop = -1;     // measured (ncu), -1: not measured
    double l2BytesPerFlop = -1;
    double dramBytesPerFlop = -1;
    bool current = false;
};

struct ReuseData {
    QString title;           // "n = 1024"
    QString countersSource;  // "Nsight Compute at n = 2048 on ..." or empty
    std::vector<ReuseBar> bars;
};

class ReuseView : public QWidget {
    Q_OBJECT
public:
    explicit ReuseView(QWidget* parent = nullptr);
    void setData(const ReuseData& data);
    const ReuseData& data() const { return m_data; }
    QCustomPlot* plot() const { return m_plot; }
    int seriesCount() const { return m_series; }
    QSize sizeHint() const override { return {760, 460}; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    void rebuild();
    void fitToWidth();
    QFont titleFont() const;

    QCustomPlot* m_plot;
    ReuseData m_data;
    QString m_title;  // unwrapped: fitToWidth breaks it into lines
    int m_series = 0;
};

}  // namespace ws
