#pragma once
// Where the pipeline view draws: a summary line, the ring strip (one box per
// stage), then a band per traced block with its producer lane, its loads in
// flight (one thin row per stage: a stage holds one load at a time, so they
// never overlap) and a lane per consumer warpgroup, the legend at the
// bottom. x is time over a window of k-steps, each band on its own block's
// clock span. Pure geometry, tested alone.
#include <QRectF>
#include <array>
#include <utility>
#include <vector>

#include "widgets/tensorcore/pipeline_data.h"

namespace ws {

// The k-steps on show: `count` from `first`.
struct PipelineWindow {
    int first = 0;
    int count = 24;  // a readable default: two dozen steps
    static constexpr int kFewest = 4;
    // Kept inside a block of `steps` steps.
    PipelineWindow clampedTo(int steps) const;
    bool contains(int step) const { return step >= first && step < first + count; }
    // Moved just enough to show `step`, a quarter of the window before it.
    PipelineWindow following(int step, int steps) const;
    // Zoomed about `anchor` by `factor` (> 1: fewer steps, larger).
    PipelineWindow zoomed(double factor, int anchor, int steps) const;
};

// The span of playback time the window's steps take in one block: from its
// first step's producer wait to the last release among them.
std::pair<double, double> windowSpan(const PipelineBlock& block, const PipelineWindow& w);

struct PipelineBand {
    QRectF header, producer, loads;
    std::array<QRectF, kPipelineConsumerLanes> consumers;
    double t0 = 0, t1 = 1;  // the time at the lanes' left and right edges
    double x(double ns) const;
    // The piece of `lane` between two times, clipped to it (empty outside).
    QRectF span(const QRectF& lane, double from, double to) const;
    QRectF stageRow(std::uint32_t stage, std::uint32_t stages) const;
};

struct PipelineLayout {
    QRectF summary, ring, legend;
    std::vector<PipelineBand> bands;

    // `line` is the font's line height, `labels` the lane names' width,
    // `legendHeight` what the legend needs at the area's width.
    static PipelineLayout fit(const QRectF& area, int blocks, double line, double labels,
                              double legendHeight);
    // How many of `blocks` bands fit the area with every lane at least a
    // line tall, so that the lanes' names stay apart (at least one).
    static int bandsThatFit(const QRectF& area, int blocks, double line, double legendHeight);
    // Box of stage `s` of `stages` in the ring strip.
    QRectF stageBox(std::uint32_t s, std::uint32_t stages) const;
};

}  // namespace ws
