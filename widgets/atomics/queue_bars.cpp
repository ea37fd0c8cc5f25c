#include "widgets/atomics/queue_bars.h"

#include <QObject>
#include <algorithm>

#include "core/common/time_offset.h"

namespace ws {

QueueBars buildQueueBars(const PreparedRun* prepared) {
    QueueBars q;
    if (!prepared || !prepared->run) {
        q.problem = QObject::tr("No run loaded.");
        return q;
    }
    const Run& run = *prepared->run;
    q.launch = queueLaunchIndex(run);
    if (q.launch < 0) {
        q.problem = QObject::tr("No work items: only the work-queue experiment records them.");
        return q;
    }
    const Launch& launch = run.launches[std::size_t(q.launch)];
    auto items = readQueueItems(launch, q.launch);
    if (!items) {
        q.problem = QString::fromStdString(items.error());
        return q;
    }
    const auto slotCount = run.figures.count("slots") ? std::uint32_t(run.figures.at("slots"))
                                                      : std::uint32_t(launch.grid.count());
    q.analysis = analyzeQueue(launch, *items, slotCount);
    q.bars.reserve(items->size());
    for (std::size_t i = 0; i < items->size(); ++i) {
        QueueBar b;
        b.item = std::uint32_t(i);
        b.block = prepared->refOfBlock(q.launch, (*items->block)[i]);
        const auto place = prepared->lanes.find(b.block);
        if (place.row < 0) continue;  // no block record: the item cannot be placed
        b.lane = prepared->lanes.rows[std::size_t(place.row)].firstLane + std::uint32_t(place.lane);
        b.start = nsAfter((*items->startNs)[i], prepared->origin);
        b.end = nsAfter((*items->endNs)[i], prepared->origin);
        b.costUs = (*items->costUs)[i];
        q.maxCostUs = std::max(q.maxCostUs, b.costUs);
        q.lastStart = std::max(q.lastStart, b.start);
        q.end = std::max(q.end, b.end);
        q.bars.push_back(b);
    }
    q.analysisOrigin = nsAfter(q.analysis.originNs, prepared->origin);
    q.firstIdle = q.onTimeline(q.analysis.makespanNs - q.analysis.finishSpreadNs);
    return q;
}

}  // namespace ws
