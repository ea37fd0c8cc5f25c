#pragma once
// The selected block's warps as rows of 32 lanes at the reduction step under
// way at the playback time: which lanes combine in this step and the value
// each lane holds after it. Only traced blocks have steps; for the others the
// view says so and names the blocks that were traced.
#include <QWidget>

#include "widgets/model/playback_model.h"
#include "widgets/reduction/warp_steps.h"

namespace ws {

class WarpView : public QWidget {
    Q_OBJECT
public:
    explicit WarpView(PlaybackModel* model, QWidget* parent = nullptr);

    const WarpStepTable& table() const { return m_table; }
    int shownStep() const;  // column in table().steps, -1 when nothing is shown
    QRectF cellRect(std::size_t warpRow, int lane) const;
    // The value a lane's cell shows at the shown step, drawn when it fits:
    // "42", or "12,21" for an affine map. Empty where nothing was traced.
    QString cellText(std::size_t warpRow, int lane) const;
    QSize sizeHint() const override { return {520, 300}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

protected:
    void paintEvent(QPaintEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    QRect cellArea() const;
    // `compact`: "12,21" for a cell rather than "(12, 21)" for a tooltip.
    QString valueText(std::int64_t record, int lane, bool after, bool compact = false) const;

    PlaybackModel* m_model;
    WarpStepTable m_table;
};

}  // namespace ws
