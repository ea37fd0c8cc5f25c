#pragma once
// How far L2 is from each SM (the l2-distance experiment): the device's SMs
// as a grid of tiles in %smid order, each filled by its measured L2 latency
// on a one-hue scale with its numbers inside where they fit, the SMs of the
// far partition outlined; above them the two partitions the latencies split
// into (core/memkinds/l2_partitions.h), or one level where they do not.
// Hovering a tile gives its SM, cycles and ns.
#include <QWidget>
#include <map>
#include <vector>

#include "core/memkinds/l2_partitions.h"
#include "widgets/model/playback_model.h"
#include "widgets/view/measure_key.h"

namespace ws {

class L2DistanceView : public QWidget {
    Q_OBJECT
public:
    explicit L2DistanceView(PlaybackModel* model, QWidget* parent = nullptr);

    QString message() const { return m_message; }  // shown instead of the tiles
    const memkinds::L2Split& split() const { return m_split; }
    // "near partition: 66 SMs, 210 cycles (112 ns)", "far partition: ...",
    // or "one level: ..." when the latencies do not split.
    QStringList partitionTexts() const;
    int tileCount() const { return int(m_tiles.size()); }
    std::uint32_t smOfTile(int index) const { return m_tiles.at(std::size_t(index)); }
    QRectF tileRect(int index) const;
    // The tile's fill; the background for an SM that measured nothing.
    QColor fillOf(std::uint32_t sm) const;
    QString toolTipOf(std::uint32_t sm) const;
    QSize sizeHint() const override { return {760, 520}; }
    QSize minimumSizeHint() const override { return {280, 220}; }

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent* e) override;

private:
    void rebuild();
    QRect tileArea() const;
    int headerHeight() const;  // title, partitions and the scale's line

    PlaybackModel* m_model;
    QString m_message;
    std::map<std::uint32_t, memkinds::SmLatency> m_bySm;
    std::vector<std::uint32_t> m_tiles;  // the SM of each tile, in order
    std::vector<bool> m_far;             // per tile
    memkinds::L2Split m_split;
    std::uint64_t m_rebuilds = 0;
    mutable MeasureKey m_areaKey;
    mutable QRect m_area;
};

}  // namespace ws
