#pragma once
// The SM timeline: one row per SM, one lane per residency slot, blocks as
// bars from their start to their end %globaltimer, coloured by their state at
// the playback time in tones that alternate wave by wave. Wheel or +/- zoom
// (the time under the cursor stays put), drag or arrow keys pan, a click
// selects a block, a double-click on one fits its launch in the view (again,
// or elsewhere: all of the run), the playhead follows the playback.
#include <QImage>
#include <QTimer>
#include <QWidget>

#include "widgets/model/playback_model.h"
#include "widgets/model/timeline_data.h"
#include "widgets/timeline/time_axis_input.h"
#include "widgets/timeline/timeline_raster.h"

namespace ws {

class TimelineView : public QWidget {
    Q_OBJECT
public:
    // SM rows drawn: every SM's, or only those that ran blocks
    // (TimelineLanes::rowsWorthDrawing).
    std::size_t drawnRows() const { return displayRowCount(); }
    // Where the SMs that are not drawn are counted ("116 SMs ran no block"),
    // below the lanes; empty when every SM has its row.
    QRect idleBandRect() const;
    // Whether the last paint drew the lanes at half width (an interaction
    // was going on): for tests and the render benchmark.
    bool lastPaintCoarse() const { return m_lastCoarse; }
    // How many kernel-file marks (WS_MARK) the last frame drew.
    std::size_t marksDrawn() const { return m_marksDrawn; }

    explicit TimelineView(PlaybackModel* model, QWidget* parent = nullptr);
    // The title's waves: "3 waves", or where the busiest slot ran far more
    // blocks in turn than the slots did on average, both.
    static QString wavesText(std::size_t waves, double mean);

    const TimelineData& data() const { return m_data; }
    QRect lanesRect() const;
    // Centre of a block's bar in widget coordinates, or (-1,-1) if not shown.
    QPointF pointOf(const BlockRef& ref) const;
    BlockRef blockAt(QPointF pos) const;
    void zoomAt(double factor, double x);
    void panBy(double pixels);
    std::size_t lastVisitedBlocks() const { return m_raster.visitedBlocks(); }
    bool lastPaintRasterized() const { return m_raster.lastRenderRasterized(); }
    QSize sizeHint() const override { return {900, 420}; }
    QSize minimumSizeHint() const override { return {300, 160}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void keyPressEvent(QKeyEvent*) override;
    void leaveEvent(QEvent*) override;
    bool event(QEvent*) override;

private:
    void onRunChanged();
    void onTimeChanged(double t);
    void onSelectionChanged(const BlockRef& ref);
    void syncGeometry();
    void paintAxis(QPainter& p, const QRect& lanes);
    // Where the playhead's time is written over the axis; empty when the
    // playhead is out of view.
    QRectF playheadLabelBox(const QRect& lanes) const;
    void paintOverlay(QPainter& p, const QRect& lanes);
    void paintMarks(QPainter& p, const QRect& lanes);
    void paintSmLabels(QPainter& p, const QRect& lanes);
    QRectF barRect(const BlockRef& ref) const;
    int leftMargin() const;
    int topMargin() const;
    int bottomMargin() const;
    int idleBandHeight() const;
    void paintIdleBand(QPainter& p);

    PlaybackModel* m_model;
    TimelineData m_data;
    // The rows drawn (indexes into the lanes' rows): every SM, or, when a
    // run used only a few, just those, so one block is not one thin line
    // among 132 idle rows. displayRow is -1 for a row not drawn.
    const std::vector<std::uint32_t>& shownRows() const;
    int displayRow(std::size_t row) const;
    std::size_t displayRowCount() const;
    mutable const PreparedRun* m_rowsOf = nullptr;
    mutable std::vector<std::uint32_t> m_shownRows;
    mutable std::vector<int> m_displayOf;

    TimelineRaster m_raster;
    QImage m_image;
    QImage m_coarseImage;
    // While a zoom or drag goes on, a view of more than kCoarsePixels lanes
    // pixels re-rasters with each pixel n times as large, n the smallest
    // whole number that brings it to at most kCoarseTargetPixels (2 up to
    // 4 million pixels, 3 for a 4K view); kSettleMs after the last move it
    // re-rasters in full. A 4K timeline of a million blocks costs twice a
    // 1080p frame otherwise, and more on slower cores.
    static constexpr long long kCoarsePixels = 4'000'000;
    static constexpr long long kCoarseTargetPixels = 1'000'000;
    // The factor a coarse frame of this many lanes pixels uses (2 or more).
    static int coarseFactor(long long lanePixels);
    static constexpr int kSettleMs = 180;
    bool m_moving = false;
    bool m_lastCoarse = false;
    std::size_t m_marksDrawn = 0;
    QTimer m_settle;
    // The SM labels left of the lanes, laid out once per size and run: at 4K
    // they are over a hundred text layouts a frame otherwise.
    QImage m_labels;
    QString m_labelsKey;
    TimeAxisInput m_input;  // after m_data, which it moves
};

}  // namespace ws
