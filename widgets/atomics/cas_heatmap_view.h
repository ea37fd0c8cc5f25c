#pragma once
// Contention on one address, seen over time: a row per traced warp (blocks
// spread over the grid, their warps in order), each warp a bar from when it
// began its CAS loop to when its last lane left it, coloured by how many
// atomicCAS its 32 lanes made together (the number is written in the bar
// where it fits). Early warps fight over the word; once the minimum has
// settled, later warps leave without a CAS. Hover for the numbers; a click
// selects the warp's block.
#include <QWidget>
#include <vector>

#include "core/atomics/cas_records.h"
#include "widgets/model/playback_model.h"
#include "widgets/model/timeline_data.h"

namespace ws {

class CasHeatmapView : public QWidget {
    Q_OBJECT
public:
    explicit CasHeatmapView(PlaybackModel* model, QWidget* parent = nullptr);

    const std::vector<CasWarp>& warps() const { return m_warps; }  // by (block, warp)
    QRect rowsRect() const;
    QRectF warpRect(std::size_t i) const;
    int warpAt(QPointF pos) const;
    QColor colourOf(std::size_t i) const;
    std::uint32_t maxAttempts() const { return m_maxSum; }
    QSize sizeHint() const override { return {700, 420}; }
    QSize minimumSizeHint() const override { return {300, 180}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    double rowHeight() const;

    PlaybackModel* m_model;
    std::vector<CasWarp> m_warps;
    std::uint32_t m_maxSum = 0;
    std::uint64_t m_origin = 0;  // the run's first %globaltimer reading
    QString m_problem, m_sample;
    TimelineData m_time;
};

}  // namespace ws
