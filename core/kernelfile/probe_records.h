#pragma once
// The probes' records turned into the block records every view reads. At
// the Warps level a block starts with its first warp and ends with its last,
// on the SM its warps report, and the warps are kept as a table, "warps".
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/ptx_probe.h"
#include "core/run/run.h"

namespace ws::kernelfile {

std::uint64_t warpsPerBlock(const Dim3& block);

// How many records a launch's probes write at `level`.
std::uint64_t probeRecordCount(const Dim3& grid, const Dim3& block, ProbeLevel level);

// Fills `launch.blocks` (one record per block, in block order) and, at the
// Warps level, the "warps" table (block, warp, sm, startNs, endNs) from the
// records of one probed launch. Refuses records the probes could not have
// written: a block or warp that never started or never ended, warps of one
// block on two SMs, an end before its start.
Status blocksFromProbeRecords(const std::vector<ProbeRecord>& records, ProbeLevel level,
                              Launch& launch);

// The marks a probed launch left (WS_MARK, ptx_probe.h) as the launch's
// "marks" table (block, warp, mark, timeNs), in time order, from each
// shard's count (`counts`) and every shard's slots in turn (`records`).
// Refuses a record of a block outside the launch, or of a block that does
// not write to the shard it is in. `lost` is how many the shards had no room
// for.
Status marksFromRecords(const MarksHead& head, const std::vector<std::uint32_t>& counts,
                        const std::vector<MarkRecord>& records, Launch& launch,
                        std::uint64_t& lost);

}  // namespace ws::kernelfile
