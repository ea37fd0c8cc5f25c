#pragma once
// Adding two arrays, thread by thread: for a window of consecutive threads,
// each one's block and thread, warp and lane, the index it computes
// (blockIdx.x * blockDim.x + threadIdx.x, with the numbers filled in), and
// the elements of a, b and c it touches. Threads past the end are masked off
// by the bounds check (greyed and crossed) or, without it, write past the
// end of c into the guard zone (marked in vermillion with what they wrote).
// The window follows the selected block; the wheel scrolls it. Hover for the
// numbers; click a thread to select its block and highlight its lane.
#include <QWidget>
#include <map>
#include <vector>

#include "core/basics/vector_add_model.h"
#include "widgets/model/playback_model.h"

namespace ws {

class IndexingView : public QWidget {
    Q_OBJECT
public:
    explicit IndexingView(PlaybackModel* model, QWidget* parent = nullptr);

    // For tests: the first global thread shown, how many fit, and where.
    std::uint64_t firstThread() const { return m_first; }
    int columns() const;
    QRectF cellRect(int column, int row) const;  // rows: see kRows in the .cpp
    void showThread(std::uint64_t globalThread);
    bool recorded(std::uint64_t globalThread) const { return m_threads.count(globalThread) > 0; }
    QString problem() const { return m_problem; }
    QSize sizeHint() const override { return {720, 320}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void resizeEvent(QResizeEvent*) override;
    bool event(QEvent*) override;

private:
    void rebuild();
    void followSelection();
    double columnWidth() const;                              // every column at least
    double columnWidthOf(std::uint64_t globalThread) const;  // its own column
    int columnsFrom(std::uint64_t first) const;              // columns that fit from there
    void keepEndInView();
    void fillWindow();
    int labelWidth() const;
    QString rowName(int row) const;
    int columnAt(QPointF pos) const;

    PlaybackModel* m_model;
    bool m_active = false;
    VectorAddShape m_shape;
    std::uint32_t m_blockDim = 1, m_grid = 1;
    std::map<std::uint64_t, ThreadIndex> m_threads;  // recorded, by global thread
    std::map<std::uint64_t, Overrun> m_overruns;     // by element index
    QString m_problem;
    std::uint64_t m_first = 0;
};

}  // namespace ws
