#pragma once
// One k-phase of a tensor-core block, instruction by instruction: the
// phase's A slab (left), B slab (above) and the block's tile of C split
// among its warpgroups (or warps) and into their instructions; the
// instruction the playback has reached is highlighted with what it covers
// (instrM x 16 of A, 16 x instrN of B, instrM x instrN of C, the same
// instruction of the other units dashed), and the accumulators thread 0
// holds for it are dotted on C. Driven by the shown run's variant; playback
// steps through the instructions of each recorded phase.
#include <QWidget>

#include "widgets/model/playback_model.h"
#include "widgets/tensorcore/tensor_tile_data.h"

namespace ws {

// Where the three slabs go: B above C, A left of C, to scale in elements;
// the text lines below. Pure geometry.
struct TensorTileLayout {
    QRectF a, b, c, text;
    double scale = 1;  // px per element
    static TensorTileLayout fit(const QRectF& area, const TensorTileShape& s, double gap,
                                double textHeight);
    QRectF onA(const MatrixRect& r) const;
    QRectF onB(const MatrixRect& r) const;
    QRectF onC(const MatrixRect& r) const;
};

class TensorTileView : public QWidget {
    Q_OBJECT
public:
    explicit TensorTileView(PlaybackModel* model, QWidget* parent = nullptr);

    const TensorTileData& data() const { return m_data; }
    TensorTileLayout layout() const;
    // The instruction drawn at the playback time (instruction 0 of phase 0
    // where the run recorded no phases).
    TensorInstruction shownInstruction() const;
    QStringList captionLines() const;
    QSize sizeHint() const override { return {900, 620}; }
    QSize minimumSizeHint() const override { return {320, 300}; }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    void rebuild();

    PlaybackModel* m_model;
    TensorTileData m_data;
};

}  // namespace ws
