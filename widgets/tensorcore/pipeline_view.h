#pragma once
// The TMA ring of a tensor-core run, step by step: for each traced block a
// producer lane (hatched while it waits for a stage to be released, a mark
// where it issues the stage's loads), the loads in flight one row per
// stage, and a lane per consumer warpgroup (hatched while it waits on the
// stage's full barrier, solid while its wgmma runs), every k-step in its
// stage's colour. Above them the ring at the playback time, stage by stage
// (free, loading, ready, consumed), and how long each side waited. It
// follows the playback bar: the window of steps moves with the cursor; the
// wheel zooms, shift + wheel or a drag scrolls. A run without the pipeline
// table says why in a sentence.
#include <QWidget>

#include "widgets/model/playback_model.h"
#include "widgets/tensorcore/pipeline_data.h"
#include "widgets/tensorcore/pipeline_layout.h"

namespace ws {

class PipelineView : public QWidget {
    Q_OBJECT
public:
    explicit PipelineView(PlaybackModel* model, QWidget* parent = nullptr);

    const PipelineData& data() const { return m_data; }
    PipelineWindow window() const { return m_window; }
    void setWindow(const PipelineWindow& w);
    // Bands for as many traced blocks as fit the view's height readably.
    PipelineLayout layout() const;
    std::size_t shownBlocks() const;
    // The block whose ring the strip shows: the selected or highlighted one
    // when it was traced, else the first traced.
    std::size_t primaryBlock() const;
    QSize sizeHint() const override { return {960, 640}; }
    QSize minimumSizeHint() const override { return {320, 300}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;

private:
    void rebuild();
    void follow();
    int steps() const;
    double labelWidth() const;
    void paintRing(QPainter& p, const PipelineLayout& l) const;
    void paintBand(QPainter& p, const PipelineBand& band, const PipelineBlock& b) const;

    PlaybackModel* m_model;
    PipelineData m_data;
    PipelineWindow m_window;
    int m_cursorStep = -2;  // the primary block's step at the last time followed
    double m_dragX = -1;
    int m_dragFirst = 0;
};

}  // namespace ws
