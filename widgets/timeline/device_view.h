#pragma once
// The GPU as the runtime reported it (seed 000's deviceQuery, 004's
// cudaDeviceGetAttribute): one box per SM, filled with the blocks the run's
// records show resident on it at the playback time; the limits of one SM;
// the memory hierarchy from registers to the host link with sizes and the
// theoretical and measured bandwidths; the %globaltimer tick; and the seed's
// compute-capability table with this device's row highlighted. It goes with
// every experiment.
#include <QWidget>
#include <map>
#include <vector>

#include "widgets/model/playback_model.h"
#include "widgets/view/measure_key.h"

namespace ws {

class DeviceView : public QWidget {
    Q_OBJECT
public:
    explicit DeviceView(PlaybackModel* model, QWidget* parent = nullptr);

    // Blocks resident on SM `sm` at time t (ns after the run's origin).
    int residentAt(std::uint32_t sm, double t) const;
    QRectF smRect(int index) const;  // the box of the index-th SM
    int smCount() const;
    // The %smid of the index-th box: the index itself, or, where the ids run
    // past the device's SM count (a MIG slice, ids with gaps), the ids that
    // ran blocks, in order.
    std::uint32_t smIdAt(int index) const;
    QRect tableArea() const;
    // The facts beside the SMs, line by line: a heading, a fact, or a
    // bandwidth bar with its label.
    struct FactLine {
        QString text;
        bool heading = false;
        double barGBs = 0;  // > 0: a bar of this bandwidth, `text` its label
        QColor barColour{};
        // Said after `text` where there is room, and the first thing to go
        // where there is not ("(64 warps)", "on a log scale"): the line's
        // value is never elided away.
        QString detail{};
    };
    std::vector<FactLine> factLines() const;
    QRect factsArea() const;
    int highlightedRow() const { return m_row; }
    QSize sizeHint() const override { return {900, 600}; }

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    // Measured once per size, font and run: smRect asks for it for every SM
    // of every frame and every mouse move, and it measures every fact.
    QRect smArea() const;
    int factsHeight() const;
    int factsWidth() const;  // the widest fact, whole
    void paintFacts(QPainter& p, const QRect& area);
    // The compute-capability table in the view's own font: the rows that
    // fit, this GPU's among them, in as many columns as keep a row's
    // version, architecture and year whole.
    struct TableLayout {
        int first = 0, count = 0;  // the rows shown
        int perColumn = 1, columnWidth = 1, lineHeight = 1;
    };
    TableLayout tableLayout() const;
    void paintTable(QPainter& p, const QRect& area);
    // Where no SM holds a block at the playback time, why: the run had not
    // begun or had ended (an empty grid said nothing at 395 µs).
    QString emptyGridText(double t) const;

    PlaybackModel* m_model;
    // Per SM id: block start and end times, sorted, for residency at t.
    std::map<std::uint32_t, std::pair<std::vector<double>, std::vector<double>>> m_spans;
    std::vector<std::uint32_t> m_smIds;  // empty: the boxes are ids 0..smCount-1
    int m_row = -1;
    std::uint64_t m_rebuilds = 0;  // which run the facts come from
    mutable MeasureKey m_smAreaKey;
    mutable QRect m_smArea;
};

}  // namespace ws
