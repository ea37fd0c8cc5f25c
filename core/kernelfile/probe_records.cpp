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

namespace {

// One record, its halves put together: the times whole, the clocks on a
// 64-bit axis whose origin is the start's low 32 bits.
struct WarpSpan {
    std::uint64_t startNs = 0, endNs = 0;
    std::int64_t startClock = 0, endClock = 0;
};

// `clockBase` is the block's warp 0's start clock: every warp's clocks are
// put on one axis with it (warps of a block start within 2^31 cycles of
// each other), so a block whose warps straddle a wrap of the low 32 bits
// still starts with its first warp and ends with its last.
WarpSpan spanOf(const ProbeRecord& r, std::uint32_t clockBase) {
    WarpSpan s;
    s.startNs = std::uint64_t(r.startHi) << 32 | r.startLo;
    s.endNs = std::uint64_t(r.endHi) << 32 | r.endLo;
    s.startClock = std::int64_t(clockBase) + std::int32_t(r.startClock - clockBase);
    s.endClock = s.startClock + std::uint32_t(r.endClock - r.startClock);
    return s;
}

}  // namespace

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
        const WarpSpan firstSpan = spanOf(*first, first->startClock);
        std::uint64_t start = firstSpan.startNs, end = firstSpan.endNs;
        std::int64_t startClock = firstSpan.startClock, endClock = firstSpan.endClock;
        for (std::uint64_t w = 0; w < warps; ++w) {
            const ProbeRecord& r = first[w];
            const WarpSpan span = spanOf(r, first->startClock);
            const std::string where = "block " + std::to_string(b) +
                                      (warps > 1 ? ", warp " + std::to_string(w) : std::string());
            if (span.startNs == 0) return makeError("the probes saw " + where + " never start");
            if (r.ended != 1) return makeError("the probes saw " + where + " never end");
            if (span.endNs < span.startNs)
                return makeError("the probes saw " + where + " end before it started");
            if (r.sm != first->sm)
                return makeError("the probes saw " + where + " on SM " + std::to_string(r.sm) +
                                 " and its block's warp 0 on SM " + std::to_string(first->sm));
            start = std::min(start, span.startNs);
            end = std::max(end, span.endNs);
            startClock = std::min(startClock, span.startClock);
            endClock = std::max(endClock, span.endClock);
            blockColumn.push_back(static_cast<std::uint32_t>(b));
            warpColumn.push_back(static_cast<std::uint32_t>(w));
            smColumn.push_back(r.sm);
            startColumn.push_back(span.startNs);
            endColumn.push_back(span.endNs);
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

Status marksFromRecords(const MarksHead& head, const std::vector<std::uint32_t>& counts,
                        const std::vector<MarkRecord>& records, Launch& launch,
                        std::uint64_t& lost) {
    const std::uint64_t shards = marksShards(head);
    if (counts.size() != shards || records.size() != shards * head.shardCapacity)
        return makeError("the marks' buffer holds " + std::to_string(counts.size()) +
                         " counts and " + std::to_string(records.size()) + " records, not " +
                         std::to_string(shards) + " shards of " +
                         std::to_string(head.shardCapacity));
    lost = 0;
    std::vector<const MarkRecord*> order;
    for (std::uint64_t shard = 0; shard < shards; ++shard) {
        const std::uint32_t kept = std::min(counts[shard], head.shardCapacity);
        lost += counts[shard] - kept;
        for (std::uint32_t i = 0; i < kept; ++i) {
            const MarkRecord& r = records[shard * head.shardCapacity + i];
            if ((r.block & head.shardMask) != shard)
                return makeError("a mark's record of block " + std::to_string(r.block) +
                                 " is in shard " + std::to_string(shard));
            order.push_back(&r);
        }
    }
    const auto timeOf = [](const MarkRecord* r) {
        return std::uint64_t(r->timeHi) << 32 | r->timeLo;
    };
    std::stable_sort(order.begin(), order.end(), [&](const MarkRecord* a, const MarkRecord* b) {
        return timeOf(a) < timeOf(b);
    });
    std::vector<std::uint32_t> block, warp, mark;
    std::vector<std::uint64_t> time;
    for (const MarkRecord* r : order) {
        if (r->block >= launch.grid.count())
            return makeError("a mark's record names block " + std::to_string(r->block) +
                             " of a launch of " + std::to_string(launch.grid.count()));
        block.push_back(r->block);
        warp.push_back(r->warpAndMark >> 8);
        mark.push_back(r->warpAndMark & 0xff);
        time.push_back(timeOf(r));
    }
    RecordTable table;
    table.name = "marks";
    table.add<std::uint32_t>("block") = std::move(block);
    table.add<std::uint32_t>("warp") = std::move(warp);
    table.add<std::uint32_t>("mark") = std::move(mark);
    table.add<std::uint64_t>("timeNs") = std::move(time);
    launch.tables.push_back(std::move(table));
    return {};
}

}  // namespace ws::kernelfile
