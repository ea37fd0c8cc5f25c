#pragma once
// The work items of a work-queue run placed on the SM timeline's lanes: each
// item a bar in the lane of the block that did it, from its start to its end,
// with its planned cost; and the marks the lesson points at (the last item's
// start, the end, the first SM to run out of work). Built once per run.
#include <QString>
#include <cstdint>
#include <vector>

#include "core/atomics/work_queue_records.h"
#include "widgets/model/prepared_run.h"

namespace ws {

struct QueueBar {
    std::uint32_t item = 0;
    std::uint32_t lane = 0;     // into PreparedRun::lanes.lanes
    double start = 0, end = 0;  // ns after the run's origin
    float costUs = 0;
    BlockRef block;
};

struct QueueBars {
    std::vector<QueueBar> bars;  // in item order
    int launch = -1;
    float maxCostUs = 0;
    double lastStart = 0, end = 0, firstIdle = 0;  // ns after the origin
    // The analysis counts from the first item's start, the views from the
    // run's origin (the first block, or a copy before the kernel).
    QueueAnalysis analysis;
    double analysisOrigin = 0;  // the first item's start, ns after the origin
    double onTimeline(double analysisNs) const { return analysisNs + analysisOrigin; }
    QString problem;  // why there are no bars (another experiment, a bad table)
    bool empty() const { return bars.empty(); }
};

QueueBars buildQueueBars(const PreparedRun* prepared);

}  // namespace ws
