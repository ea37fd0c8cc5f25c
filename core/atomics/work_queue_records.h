#pragma once
// The records of the work-queue experiment: table "items" of the work launch,
// one row per item in item order (docs/trace-format.md, "Atomics lab"), read
// and checked against the launch, and what they say about the schedule: how
// long each SM was busy, how uneven that was, and how long the tail was.
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

inline constexpr const char* kItemsTable = "items";

struct QueueItems {
    const std::vector<std::uint32_t>* block = nullptr;    // linear block that took the item
    const std::vector<std::uint32_t>* sm = nullptr;       // %smid it ran on
    const std::vector<std::uint64_t>* startNs = nullptr;  // %globaltimer, thread 0, before the work
    const std::vector<std::uint64_t>* endNs = nullptr;    // after the block's sum was written
    const std::vector<float>* costUs = nullptr;           // planned cost
    const std::vector<std::uint32_t>* iterations = nullptr;  // chain steps per thread
    std::size_t size() const { return block ? block->size() : 0; }
};

// The launch's items table, every row checked: a block below the grid size
// that has a block record on the same SM, start not after end, and the item
// inside its block's span. Errors name the launch, the row and the column.
Result<QueueItems> readQueueItems(const Launch& launch, int launchIndex);

// The launch that holds the items (the last one that has the table), or -1.
int queueLaunchIndex(const Run& run);

struct SmBusy {
    std::uint32_t sm = 0;
    std::uint32_t items = 0;
    double busyNs = 0;     // time with at least one item running (union of the items)
    double workNs = 0;     // sum of the items' durations
    double lastEndNs = 0;  // when its last item ended, after originNs below
};

struct QueueAnalysis {
    std::uint64_t originNs = 0;  // first item's start
    std::vector<SmBusy> sms;     // every SM that ran a block, by SM id
    double meanBusyNs = 0, maxBusyNs = 0;
    double imbalance = 0;         // max busy / mean busy; 1 is perfectly even
    double makespanNs = 0;        // first item start to last item end
    double tailNs = 0;            // last item start to last item end
    double finishSpreadNs = 0;    // first SM to go idle until the last
    double idealNs = 0;           // all item time spread evenly over the slots
    std::uint32_t slotCount = 0;  // blocks that can run at once
    double meanItemNs = 0;
};

// `slotCount`: how many blocks the launch could run at once (G for the
// persistent strategies).
QueueAnalysis analyzeQueue(const Launch& launch, const QueueItems& items, std::uint32_t slotCount);

// Writes the analysis into Run::figures: imbalance, tailNs, makespanNs,
// finishSpreadNs, idealNs, meanBusyNs, maxBusyNs, slots, meanItemUs, and the
// makespans the CPU model predicts for the three strategies from the measured
// item durations (modelStaticNs, modelQueueNs).
void addQueueFigures(Run& run, const QueueAnalysis& analysis, const QueueItems& items);

}  // namespace ws
