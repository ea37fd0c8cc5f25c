#pragma once
// Per step of the selected block: each warp's active lanes as a strip of 32,
// divergent warps (some lanes active, some idle) marked, and the clock64
// cycles the step took, as a number and a bar. The cost of divergence and of
// __syncthreads becomes a number a class can compare.
#include <QWidget>
#include <optional>

#include "core/reduction/step_costs.h"
#include "widgets/model/playback_model.h"

namespace ws {

class DivergenceView : public QWidget {
    Q_OBJECT
public:
    explicit DivergenceView(PlaybackModel* model, QWidget* parent = nullptr);

    const std::vector<StepCost>& costs() const { return m_costs; }
    // Row of the step under way at the playback time (or the fixed one).
    int currentRow() const;
    void setFixedRow(std::optional<int> row);
    QRectF laneRect(int row, std::size_t warpIndex, int lane) const;
    QRectF barRect(int row) const;
    QSize sizeHint() const override { return {900, 420}; }
    QSize minimumSizeHint() const override { return {320, 160}; }

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    QRect stripArea() const;
    int rowHeight() const;

    PlaybackModel* m_model;
    std::vector<StepCost> m_costs;
    std::vector<double> m_stepTimes;
    std::optional<int> m_fixedRow;
    std::uint32_t m_blockId = 0;
};

}  // namespace ws
