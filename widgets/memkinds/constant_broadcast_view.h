#pragma once
// A warp reading __constant__ memory (the constant-memory experiment): the
// 32 lanes of a warp on top, the distinct words they read below with a line
// from each lane to its word (core/memkinds/constant_broadcast.h's
// laneIndices for the run's `distinct`), and the constant cache's passes
// played with the playback time: pass p serves the lanes reading the p-th
// distinct word, lit in turn, the lanes served before it done. Beside it the
// measured cycles per warp load through the constant cache, global loads and
// __ldg at 1 to 32 distinct indices, the run's count marked.
#include <QWidget>
#include <cstdint>
#include <vector>

#include "widgets/model/playback_model.h"

class QBoxLayout;
class QCustomPlot;

namespace ws {

class ConstantBroadcastView : public QWidget {
    Q_OBJECT
public:
    explicit ConstantBroadcastView(PlaybackModel* model, QWidget* parent = nullptr);

    QString message() const { return m_message; }  // shown instead of lanes and chart
    std::uint32_t distinct() const { return m_distinct; }
    const std::vector<std::uint32_t>& laneWords() const { return m_laneWords; }
    std::uint32_t passes() const { return m_passes; }
    std::uint32_t sectors() const { return m_sectors; }
    // The pass lit at the playback time, 0 .. passes() - 1.
    std::uint32_t currentPass() const;
    // "4 distinct indices: 4 passes; global: 4 sectors in one request"
    QString headline() const;
    // "pass 2 of 4: lanes 1, 5, 9 … 29 read word 32"
    QString passText() const;
    // The distinct words in the order of their passes.
    std::vector<std::uint32_t> passWords() const;
    QWidget* lanes() const { return m_lanes; }
    QCustomPlot* chart() const { return m_chart; }
    QSize sizeHint() const override { return {1000, 480}; }
    QSize minimumSizeHint() const override { return {320, 260}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void rebuild();
    void rebuildChart();
    void fitChart();
    void fitDirection();

    PlaybackModel* m_model;
    QBoxLayout* m_layout;
    QWidget* m_lanes;
    QCustomPlot* m_chart;
    QString m_message;
    std::uint32_t m_distinct = 1;
    std::vector<std::uint32_t> m_laneWords;
    std::uint32_t m_passes = 1;
    std::uint32_t m_sectors = 1;
};

}  // namespace ws
