#pragma once
// The work queue on the SM timeline: one lane per block slot of each SM, and
// in it the items that block did, as bars from start to end coloured by their
// planned cost (light cheap, dark expensive). What has not happened yet at the
// playback time is veiled; the tail (last item start to the end) and the
// moment the first SM ran out of work are marked, so a static split's long
// tail and the queue's even finish are seen at a glance. Wheel zooms, drag
// pans, double-click shows all; hover tells the item's numbers, a click
// selects its block.
#include <QImage>
#include <QWidget>
#include <vector>

#include "widgets/atomics/queue_bars.h"
#include "widgets/model/playback_model.h"
#include "widgets/model/timeline_data.h"
#include "widgets/view/caption_fit.h"

namespace ws {

class QueueTimelineView : public QWidget {
    Q_OBJECT
public:
    explicit QueueTimelineView(PlaybackModel* model, QWidget* parent = nullptr);

    const QueueBars& bars() const { return m_bars; }
    QRect lanesRect() const;
    QRectF barRect(std::size_t bar) const;
    int barAt(QPointF pos) const;  // index into bars().bars, -1 if none
    QColor colourOf(std::size_t bar) const;
    QString titleText() const;
    // The title as pieces: in a narrow view how long SMs ran out of work
    // gives way first, then the imbalance; the items and the tail stay.
    std::vector<CaptionPiece> titlePieces() const;
    // The header's legend pieces (the cost scale, then each mark), wrapped
    // onto lines within the width, and how many lines they take.
    std::vector<QRect> legendPieces() const;
    int legendLines() const;
    const TimelineData& time() const { return m_time; }
    QSize sizeHint() const override { return {900, 460}; }
    QSize minimumSizeHint() const override { return {320, 200}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    bool event(QEvent*) override;
    void changeEvent(QEvent*) override;

private:
    void rebuild();
    void renderBars();
    void paintMarks(QPainter& p, const QRect& lanes);
    void paintLabels(QPainter& p, const QRect& lanes);
    double laneHeight() const;
    int legendTop() const;
    int legendPitch() const;

    PlaybackModel* m_model;
    QueueBars m_bars;
    TimelineData m_time;
    QImage m_layer;  // the bars, re-rendered when the size, the zoom or the run change
    bool m_layerValid = false;
    bool m_dragging = false;
    QPointF m_lastPos;
};

}  // namespace ws
