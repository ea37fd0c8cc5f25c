#pragma once
// The rows of the operations view, free of Qt so they are tested alone: an
// overlap row (when kernels ran, when copies ran, and when both did), a row
// per host thread, per stream, per copy engine, one for the driver's managed
// memory work, then one per SM that is worth drawing (all of them, or only
// those that ran blocks where few did, as in the SM timeline). Times are ns
// after the prepared run's origin.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/run/run.h"
#include "widgets/model/timeline_lanes.h"

namespace ws {

enum class OperationRowKind { Overlap, HostThread, Stream, CopyEngine, Managed, Sm };

struct OperationRow {
    OperationRowKind kind = OperationRowKind::Stream;
    std::uint32_t id = 0;            // thread, stream id, engine or SM
    std::string label;               // "host thread 0", "stream 13", "copy engine 1", "SM 7"
    std::vector<std::size_t> items;  // host calls (HostThread) or operations, by start
};

using TimeSpan = std::pair<double, double>;

struct OperationLanes {
    std::vector<OperationRow> rows;
    // The overlap row: merged spans when a kernel ran, when a copy ran, and when both did.
    std::vector<TimeSpan> kernelBusy, copyBusy, bothBusy;
    // SM rows come last; a row's id is its SM and its row in `blocks`, whose
    // blocks it draws.
    std::uint32_t smRows = 0;
    std::uint32_t idleSms = 0;  // SMs that ran no block and have no row
    bool hasOperations = false;

    // origin: the %globaltimer value that is time 0. Without a measured clock
    // the operations cannot be placed beside the blocks and are left out.
    // blocks: the run's block records by SM (PreparedRun::lanes).
    static OperationLanes build(const Run& run, std::uint64_t origin, const TimelineLanes& blocks);
    std::size_t operationRowCount() const { return rows.size() - smRows; }
    // The row that draws SM `sm`, or -1 where it has none.
    int rowOfSm(std::uint32_t sm) const;
};

// Merged, sorted spans.
std::vector<TimeSpan> mergeSpans(std::vector<TimeSpan> spans);
// Spans covered by both lists (each merged and sorted).
std::vector<TimeSpan> intersectSpans(const std::vector<TimeSpan>& a,
                                     const std::vector<TimeSpan>& b);

}  // namespace ws
