#pragma once
// The operations timeline: what the host threads called, what each stream
// ran, what each copy engine moved and what the driver migrated, above the
// SMs' blocks, on one time axis (CUPTI's records on the %globaltimer clock).
// A row on top shows when kernels ran and when copies did: where both bands
// are filled, copies hid behind kernels. Hover or select an operation or a
// call and arrows join each call to the work it caused. Wheel or +/- zoom,
// drag pans; a double-click on a call or an operation fits it in the view,
// on a block its launch (again, or elsewhere: all of the run); clicking a
// kernel or a block selects it in every view.
#include <QWidget>
#include <cstdint>
#include <map>

#include "widgets/concurrency/operation_lanes.h"
#include "widgets/model/playback_model.h"
#include "widgets/model/timeline_data.h"
#include "widgets/timeline/time_axis_input.h"
#include "widgets/view/measure_key.h"

namespace ws {

// The time range the view shows at first and when all is shown, in ns after
// the run's origin: from the first GPU operation or block to the last, with
// the host calls made meanwhile, and a small margin.
TimeSpan operationsFrame(const PreparedRun& prep);

class OperationsView : public QWidget {
    Q_OBJECT
public:
    explicit OperationsView(PlaybackModel* model, QWidget* parent = nullptr);

    struct Hit {
        enum Kind { None, HostCall, Operation, Block } kind = None;
        std::size_t index = 0;  // host call or operation
        BlockRef block;
        int row = -1;
        bool operator==(const Hit&) const = default;
    };
    struct Flow {
        QPointF from, to;  // call start to operation start
    };

    const OperationLanes& lanes() const { return m_lanes; }
    const TimelineData& data() const { return m_data; }
    QRectF rowRect(int row) const;
    // Where the SMs that have no row are counted ("124 more SMs ran no
    // block"), below the last SM row; empty when every SM has one.
    QRectF idleBandRect() const;
    QRectF itemRect(const Hit& hit) const;
    // The times a double-click on the item fits in the view (ns after the
    // run's origin): a call's or an operation's own, a block's launch's.
    std::pair<double, double> fitSpan(const Hit& hit) const;
    Hit hitAt(QPointF pos) const;
    // What a click on the top row's kernel or copy band means: that
    // operation in its stream's row.
    Hit overlapHit(QPointF pos, const QRectF& row) const;
    void select(const Hit& hit);
    const Hit& selected() const { return m_selected; }
    // The arrows drawn now: for the hovered item, else the selected one.
    std::vector<Flow> flows() const;
    QString toolTipFor(const Hit& hit) const;
    // The row labels drawn now, each with its row: thin SM rows get one where it fits.
    std::vector<std::pair<int, QRectF>> labelBoxes() const;
    // Where the legend begins, below the plot.
    int legendTop() const { return plotRect().bottom() + 6; }
    void zoomAt(double factor, double x);
    QSize sizeHint() const override { return {1000, 560}; }
    QSize minimumSizeHint() const override { return {320, 200}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent* e) override;
    void keyPressEvent(QKeyEvent*) override;
    void leaveEvent(QEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    void syncGeometry();
    int leftMargin() const;
    int topMargin() const;
    int bottomMargin() const;
    QRect plotRect() const;
    // The plot and its rows' heights, measured once per size, font and
    // rebuild: rowRect runs for every row of every frame, and each measure
    // lays out the labels and the legend.
    struct RowGeometry {
        QRect plot;
        double operationRowH = 0, smRowH = 0;
        int idleH = 0;  // the line that counts the SMs without a row
    };
    const RowGeometry& rowGeometry() const;
    std::uint32_t correlationOf(const Hit& hit) const;
    void paintAxis(QPainter& p, const QRect& plot);
    void paintLabels(QPainter& p, const QRect& plot);
    void paintOverlapRow(QPainter& p, const QRectF& row);
    void paintItems(QPainter& p, int row, const QRectF& rect);
    void paintSmRows(QPainter& p, const QRect& plot);
    void paintIdleBand(QPainter& p);
    void paintFlows(QPainter& p);

    PlaybackModel* m_model;
    OperationLanes m_lanes;
    TimelineData m_data;
    Hit m_selected, m_hovered;
    bool m_byDepth = false;  // SM rows coloured by nesting depth (device launches present)
    std::map<std::uint32_t, int> m_streamColour;  // stream id -> categorical colour index
    TimeAxisInput m_input;                        // after m_data, which it moves
    std::uint64_t m_rebuilds = 0;                 // which rebuild the lanes come from
    mutable MeasureKey m_geometryKey;
    mutable RowGeometry m_geometry;
};

}  // namespace ws
