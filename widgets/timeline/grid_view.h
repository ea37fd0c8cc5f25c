#pragma once
// The launch's grid of blocks as tiles in gridDim layout, coloured by state
// (waiting, running, done) at the playback time or by the SM that ran each
// block. Large grids are binned: one tile shows the share of its blocks in
// each state. Click selects; hover shows the exact numbers.
#include <QWidget>

#include "widgets/model/playback_model.h"
#include "widgets/timeline/grid_layout.h"

namespace ws {

class GridView : public QWidget {
    Q_OBJECT
public:
    enum class Colouring { ByState, BySm };

    explicit GridView(PlaybackModel* model, QWidget* parent = nullptr);
    void setColouring(Colouring c);
    Colouring colouring() const { return m_colouring; }

    // For tests and hit-testing: the layout and the tile rectangle last painted.
    GridLayout layout() const;
    QRectF tileRect(std::uint32_t col, std::uint32_t row) const;
    int shownLaunch() const;
    QSize sizeHint() const override { return {480, 320}; }
    QSize minimumSizeHint() const override { return {200, 140}; }
    // The title ("4,096 blocks of 256 threads, 1 tile = 11 blocks") and the
    // lines it is given, wrapped as drawn.
    QString title() const;
    QRect titleRect() const;

protected:
    void paintEvent(QPaintEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void leaveEvent(QEvent*) override;
    bool event(QEvent*) override;

private:
    QRect tileArea() const;
    QString titleWithoutTiles() const;
    std::vector<struct LegendItem> legend() const;
    BlockRef blockAt(QPointF pos, std::vector<std::uint32_t>* binBlocks = nullptr) const;

    PlaybackModel* m_model;
    Colouring m_colouring = Colouring::ByState;
};

}  // namespace ws
