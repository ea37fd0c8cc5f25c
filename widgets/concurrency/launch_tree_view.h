#pragma once
// Kernels launching kernels, as a tree: a row per depth, a box per grid with
// its kernel, size and launch mode, a strip of its blocks coloured by the
// depth of the grid (waiting blocks grey, running ones outlined), and an edge
// from the very block that launched each child: dashed for fire-and-forget,
// solid for a tail launch. Hover for the exact numbers, click a block to
// select it in every view.
#include <QStringList>
#include <QWidget>
#include <optional>

#include "core/concurrency/launch_tree.h"
#include "widgets/model/playback_model.h"

namespace ws {

class LaunchTreeView : public QWidget {
    Q_OBJECT
public:
    explicit LaunchTreeView(PlaybackModel* model, QWidget* parent = nullptr);

    struct NodeBox {
        QRectF box;    // the grid's box
        QRectF cells;  // its block strip
        std::uint64_t blocksPerCell = 1;
        std::uint32_t cellCount = 0;
        int textLines = 0;  // above the strip: kernel; size and mode on one line or two
    };
    // The lines a node's box shows, each elided to the box where it must be.
    QStringList nodeLines(const NodeBox& box, int launch) const;
    QString nodeDetail(int launch) const;  // "<<<grid, block>>> · tail"
    // Siblings alike (one kernel, shape and mode) whose boxes are too narrow
    // for their text share one caption across the row, "8 × child" over
    // "<<<4, 256>>> · tail", in place of eight "child…" and "<<<…".
    struct RowCaption {
        QRectF box;  // over the title lines of the row's boxes, first to last
        QStringList lines;
        std::vector<int> launches;
    };
    std::vector<RowCaption> rowCaptions(const std::vector<NodeBox>& boxes) const;
    // What the box's tooltip says; launches are named from 1 as everywhere.
    QString nodeTooltip(int launch) const;
    const LaunchTree& tree() const { return m_tree; }
    // Geometry for the current size (one entry per launch).
    std::vector<NodeBox> layout() const;
    QRectF cellRect(const NodeBox& node, std::uint32_t cell) const;
    // The launch and block under a point: block -1 when on a box but no cell.
    std::pair<int, std::int64_t> hitAt(QPointF pos) const;
    QSize sizeHint() const override { return {820, 520}; }
    QSize minimumSizeHint() const override { return {280, 180}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    QRect treeArea() const;
    int bottomMargin() const;
    QString nodeTitle(int launch) const;
    QString nodeSize(int launch) const;  // "<<<grid, block>>>"
    QString nodeMode(int launch) const;  // "tail", "fire-and-forget", "host"
    QColor cellColour(int launch, std::uint64_t firstBlock, std::uint64_t blocks, double t,
                      bool* running) const;

    PlaybackModel* m_model;
    LaunchTree m_tree;
    QString m_problem;  // why the records cannot be drawn, if they cannot
    // The nodes' text widths, measured once per run and font: layout() runs
    // on every paint and mouse move.
    struct TextWidths {
        QFont font;
        std::vector<double> detail;  // "<<<grid, block>>> · mode", per launch
        double widest = 0;           // kernel or detail, the widest of all, with padding
    };
    mutable std::optional<TextWidths> m_textWidths;
    const TextWidths& textWidths() const;
};

}  // namespace ws
