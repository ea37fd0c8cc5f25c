#pragma once
// The last-block guard, measured: every block's ticket from atomicAdd in the
// order the blocks arrived, with its %globaltimer time, and the block that
// drew the last ticket (and so merged all partials) highlighted. Which block
// that is changes from run to run; this is the run's answer.
#include <QWidget>

#include "widgets/model/playback_model.h"

namespace ws {

struct ArrivalRow {
    std::uint32_t block = 0;
    std::uint32_t ticket = 0;
    double timeNs = 0;  // after the origin
};

class ArrivalView : public QWidget {
    Q_OBJECT
public:
    explicit ArrivalView(PlaybackModel* model, QWidget* parent = nullptr);

    const std::vector<ArrivalRow>& rows() const { return m_rows; }  // in ticket order
    int lastTicketRow() const;                                      // -1 without arrivals
    // Rows on show: the first few, then the last ones that fit.
    std::vector<int> visibleRows() const;
    QRectF rowRect(int visibleIndex) const;
    QSize sizeHint() const override { return {520, 480}; }
    QSize minimumSizeHint() const override { return {260, 160}; }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    void rebuild();
    int rowHeight() const;
    QRect tableArea() const;

    PlaybackModel* m_model;
    std::vector<ArrivalRow> m_rows;
    std::uint32_t m_grid = 0;
    int m_launch = -1;
};

}  // namespace ws
