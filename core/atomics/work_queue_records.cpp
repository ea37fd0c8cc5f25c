#include "core/atomics/work_queue_records.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

#include "core/atomics/work_queue_model.h"
#include "core/common/time_offset.h"
#include "core/run/launch_label.h"

namespace ws {

namespace {

template <typename T>
Status take(const RecordTable& table, const char* column, const std::vector<T>*& out) {
    auto c = requireColumn<T>(table, column);
    if (!c) return makeError(c.error());
    out = *c;
    return {};
}

// Union length of [start, end) intervals.
double unionLength(std::vector<std::pair<double, double>>& spans) {
    std::sort(spans.begin(), spans.end());
    double total = 0, curStart = 0, curEnd = -1;
    bool open = false;
    for (const auto& [s, e] : spans) {
        if (!open || s > curEnd) {
            if (open) total += curEnd - curStart;
            curStart = s;
            curEnd = e;
            open = true;
        } else {
            curEnd = std::max(curEnd, e);
        }
    }
    if (open) total += curEnd - curStart;
    return total;
}

}  // namespace

int queueLaunchIndex(const Run& run) {
    for (int i = int(run.launches.size()) - 1; i >= 0; --i)
        if (findTable(run.launches[std::size_t(i)].tables, kItemsTable)) return i;
    return -1;
}

Result<QueueItems> readQueueItems(const Launch& launch, int launchIndex) {
    const std::string where = launchLabel(std::size_t(launchIndex)) + ": ";
    const RecordTable* table = findTable(launch.tables, kItemsTable);
    if (!table) return makeError(where + "no table '" + std::string(kItemsTable) + "'");
    QueueItems q;
    for (Status s : {take(*table, "block", q.block), take(*table, "sm", q.sm),
                     take(*table, "startNs", q.startNs), take(*table, "endNs", q.endNs),
                     take(*table, "costUs", q.costUs), take(*table, "iterations", q.iterations)})
        if (!s) return makeError(where + s.error());
    if (Status s = checkTable(*table, where); !s) return makeError(s.error());

    const std::uint64_t grid = launch.grid.count();
    const BlockRecords& b = launch.blocks;
    std::map<std::uint32_t, std::size_t> recordOf;
    for (std::size_t r = 0; r < b.size(); ++r) recordOf[b.block[r]] = r;
    for (std::size_t i = 0; i < q.size(); ++i) {
        const std::string at = where + "table 'items', row " + std::to_string(i) + ": ";
        const std::uint32_t block = (*q.block)[i];
        if (block >= grid)
            return makeError(at + "block " + std::to_string(block) +
                             " is not below the grid size " + std::to_string(grid));
        if ((*q.startNs)[i] > (*q.endNs)[i])
            return makeError(at + "startNs " + std::to_string((*q.startNs)[i]) +
                             " is after endNs " + std::to_string((*q.endNs)[i]));
        if (b.size() == 0) continue;
        const auto r = recordOf.find(block);
        if (r == recordOf.end())
            return makeError(at + "block " + std::to_string(block) + " has no block record");
        if (b.sm[r->second] != (*q.sm)[i])
            return makeError(at + "sm " + std::to_string((*q.sm)[i]) + " but block " +
                             std::to_string(block) + " ran on SM " +
                             std::to_string(b.sm[r->second]));
        if ((*q.startNs)[i] < b.startNs[r->second] || (*q.endNs)[i] > b.endNs[r->second])
            return makeError(at + "the item's time lies outside its block's span");
    }
    return q;
}

QueueAnalysis analyzeQueue(const Launch& launch, const QueueItems& items, std::uint32_t slotCount) {
    QueueAnalysis a;
    a.slotCount = slotCount;
    const std::size_t n = items.size();
    if (n == 0) return a;
    a.originNs = *std::min_element(items.startNs->begin(), items.startNs->end());
    std::map<std::uint32_t, std::vector<std::pair<double, double>>> spans;
    for (std::uint32_t sm : launch.blocks.sm) spans[sm];  // SMs that ran only empty blocks count
    double lastStart = 0, lastEnd = 0, work = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double s = nsAfter((*items.startNs)[i], a.originNs);
        const double e = nsAfter((*items.endNs)[i], a.originNs);
        spans[(*items.sm)[i]].push_back({s, e});
        lastStart = std::max(lastStart, s);
        lastEnd = std::max(lastEnd, e);
        work += e - s;
    }
    double firstIdle = std::numeric_limits<double>::max();
    for (auto& [sm, list] : spans) {
        SmBusy busy;
        busy.sm = sm;
        busy.items = std::uint32_t(list.size());
        for (const auto& [s, e] : list) {
            busy.workNs += e - s;
            busy.lastEndNs = std::max(busy.lastEndNs, e);
        }
        busy.busyNs = unionLength(list);
        firstIdle = std::min(firstIdle, busy.lastEndNs);
        a.sms.push_back(busy);
    }
    double sum = 0;
    for (const auto& s : a.sms) {
        sum += s.busyNs;
        a.maxBusyNs = std::max(a.maxBusyNs, s.busyNs);
    }
    a.meanBusyNs = sum / double(a.sms.size());
    a.imbalance = a.meanBusyNs > 0 ? a.maxBusyNs / a.meanBusyNs : 0;
    a.makespanNs = lastEnd;
    a.tailNs = lastEnd - lastStart;
    a.finishSpreadNs = lastEnd - firstIdle;
    a.idealNs = slotCount ? work / double(slotCount) : 0;
    a.meanItemNs = work / double(n);
    return a;
}

void addQueueFigures(Run& run, const QueueAnalysis& a, const QueueItems& items) {
    auto& f = run.figures;
    f["imbalance"] = a.imbalance;
    f["tailNs"] = a.tailNs;
    f["makespanNs"] = a.makespanNs;
    f["finishSpreadNs"] = a.finishSpreadNs;
    f["idealNs"] = a.idealNs;
    f["meanBusyNs"] = a.meanBusyNs;
    f["maxBusyNs"] = a.maxBusyNs;
    f["slots"] = a.slotCount;
    f["meanItemUs"] = a.meanItemNs / 1000.0;
    std::vector<double> durations(items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        durations[i] = double((*items.endNs)[i] - (*items.startNs)[i]);
    f["modelStaticNs"] = modelSchedule("static", durations, a.slotCount).makespanNs;
    f["modelQueueNs"] = modelSchedule("queue", durations, a.slotCount).makespanNs;
}

}  // namespace ws
