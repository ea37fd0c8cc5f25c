#pragma once
// The image a memory-lab kernel reads and the image (or vector of sums) it
// writes, with the blocks at work at the playback time highlighted on both:
// a transpose block's 16x16 tile in the input and the same tile, turned, in
// the output; an axis reduction's columns or rows and the sums they produce.
// The output appears as its blocks finish. Clicking a tile selects its block.
#include <QImage>
#include <QWidget>
#include <optional>

#include "core/memory/memory_regions.h"
#include "widgets/model/playback_model.h"

namespace ws {

class ImageView : public QWidget {
    Q_OBJECT
public:
    explicit ImageView(PlaybackModel* model, QWidget* parent = nullptr);

    const std::optional<ImageGeometry>& geometry() const { return m_geometry; }
    // Where a region of the input or the output is drawn.
    QRectF inputOnScreen(const PixelRect& r) const;
    QRectF outputOnScreen(const PixelRect& r) const;
    // Blocks running at the playback time (linear block ids).
    std::vector<std::uint32_t> runningBlocks() const;
    QSize sizeHint() const override { return {760, 420}; }
    QSize minimumSizeHint() const override { return {320, 200}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    const Launch* launch() const;
    QRect inputPanel() const;
    QRect outputPanel() const;
    int headerHeight() const;
    int legendTop() const;
    std::optional<std::uint32_t> blockAt(QPointF pos) const;

    PlaybackModel* m_model;
    std::optional<MemorySettings> m_settings;
    std::optional<ImageGeometry> m_geometry;  // set only with m_settings
    QImage m_input, m_output;                 // previews, at most kPreview pixels on a side
};

}  // namespace ws
