#include "core/kernelfile/probe_records.h"

#include <algorithm>
#include <string>

#include "core/run/record_table.h"

namespace ws::kernelfile {

std::uint64_t warpsPerBlock(const Dim3& block) {
    return (block.count() + kWarpSize - 1) / kWarpSize;
}

std::uint64_t probeRecordCount(const Dim3& grid, const Dim3& block, ProbeLevel level) {
    return grid.count() * (level == ProbeLevel::Warps ? warpsPerBlock(block) : 1);
}

Status blocksFromProbeRecords(const std::vector<ProbeRecord>& records, ProbeLevel level,
                              Launch& launch) {
    const std::uint64_t blocks = launch.grid.count();
    const std::uint64_t warps = level == ProbeLevel::Warps ? warpsPerBlock(launch.block) : 1;
    if (records.size() != blocks * warps)
        return makeError("the probes left " + std::to_string(records.size()) +
                         " warp records for " + std::to_string(blocks) + " blocks of " +
                         std::to_string(warps) + " warps");
    launch.blocks.resize(blocks);
    // Filled here and moved into the table at the end: a reference into
    // the table's columns would not survive the next column's adding.
    std::vector<std::uint32_t> blockColumn, warpColumn, smColumn;
    std::vector<std::uint64_t> startColumn, endColumn;
    for (std::uint64_t b = 0; b < blocks; ++b) {
        const ProbeRecord* first = &records[b * warps];
        std::uint64_t start = first->startNs, end = first->endNs;
        std::int64_t startClock = first->startClock, endClock = first->endClock;
        for (std::uint64_t w = 0; w < warps; ++w) {
            const ProbeRecord& r = first[w];
            const std::string where = "block " + std::to_string(b) +
                                      (warps > 1 ? ", warp " + std::to_string(w) : std::string());
            if (r.startNs == 0) return makeError("the probes saw " + where + " never start");
            if (r.endNs == 0) return makeError("the probes saw " + where + " never end");
            if (r.endNs < r.startNs)
                return makeError("the probes saw " + where + " end before it started");
            if (r.sm != first->sm)
                return makeError("the probes saw " + where + " on SM " + std::to_string(r.sm) +
                                 " and its block's warp 0 on SM " + std::to_string(first->sm));
            start = std::min(start, r.startNs);
            end = std::max(end, r.endNs);
            startClock = std::min(startClock, r.startClock);
            endClock = std::max(endClock, r.endClock);
            blockColumn.push_back(static_cast<std::uint32_t>(b));
            warpColumn.push_back(static_cast<std::uint32_t>(w));
            smColumn.push_back(r.sm);
            startColumn.push_back(r.startNs);
            endColumn.push_back(r.endNs);
        }
        launch.blocks.block[b] = static_cast<std::uint32_t>(b);
        launch.blocks.sm[b] = first->sm;
        launch.blocks.startNs[b] = start;
        launch.blocks.endNs[b] = end;
        launch.blocks.startClock[b] = startClock;
        launch.blocks.endClock[b] = endClock;
    }
    if (level == ProbeLevel::Blocks) return {};
    RecordTable table;
    table.name = "warps";
    table.add<std::uint32_t>("block") = std::move(blockColumn);
    table.add<std::uint32_t>("warp") = std::move(warpColumn);
    table.add<std::uint32_t>("sm") = std::move(smColumn);
    table.add<std::uint64_t>("startNs") = std::move(startColumn);
    table.add<std::uint64_t>("endNs") = std::move(endColumn);
    launch.tables.push_back(std::move(table));
    return {};
}

}  // namespace ws::kernelfile
