#pragma once
// The tile walk of a matrix product: A, B and C drawn with B above C and A to
// its left. For the selected block (or the first traced one) its tile of C,
// the row panel of A and the column panel of B it needs, and the tiles it
// loads phase by phase, moving with the playback time by the clock64 its
// thread 0 recorded as each phase began (the model's phases, labelled as
// such, for blocks that were not traced). The other blocks' tiles of C light
// up while their block records say they run. For the course's printed kernel
// the A tile that never moves stands beside a dashed outline of where the
// corrected kernel loads, and the wrong entries of C are crossed. Clicking C
// selects a block; hovering says which block, tile or phase is under the mouse.
#include <QImage>
#include <QWidget>

#include "widgets/matmul/tile_walk_data.h"
#include "widgets/matmul/tile_walk_layout.h"
#include "widgets/model/playback_model.h"

namespace ws {

class TileWalkView : public QWidget {
    Q_OBJECT
public:
    explicit TileWalkView(PlaybackModel* model, QWidget* parent = nullptr);

    const TileWalkData& data() const { return m_data; }
    TileWalkLayout layout() const;
    // The block whose walk is drawn: the highlight's, the selection's, else
    // the first traced block, else block 0.
    std::uint32_t shownBlock() const;
    // Its walk and the phase drawn at the playback time (-1: none yet).
    TileWalkBlock shownWalk() const;
    int shownPhase(const TileWalkBlock& walk) const;
    QSize sizeHint() const override { return {760, 620}; }
    QSize minimumSizeHint() const override { return {320, 300}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    int legendTop() const;
    std::optional<std::uint32_t> blockAtElement(std::uint32_t row, std::uint32_t col) const;
    void paintBlocksOfC(QPainter& p, const TileWalkLayout& l) const;
    void paintWalk(QPainter& p, const TileWalkLayout& l, const TileWalkBlock& w, int phase) const;
    void paintCaptions(QPainter& p, const TileWalkLayout& l, const TileWalkBlock& w,
                       int phase) const;
    QString tooltipAt(const QPoint& pos) const;

    PlaybackModel* m_model;
    TileWalkData m_data;
    mutable QImage m_cStates;  // one pixel per block of the grid, recoloured per paint
};

}  // namespace ws
