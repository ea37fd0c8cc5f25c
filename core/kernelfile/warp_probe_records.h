#pragma once
// The probes' warp records turned into the block records every view reads:
// a block starts with its first warp and ends with its last, on the SM its
// warps report. The warps themselves are kept as a table, "warps".
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/ptx_probe.h"
#include "core/run/run.h"

namespace ws::kernelfile {

std::uint64_t warpsPerBlock(const Dim3& block);

// Fills `launch.blocks` (one record per block, in block order) and the
// "warps" table (block, warp, sm, startNs, endNs) from the records of one
// probed launch. Refuses records the probes could not have written: a warp
// that never started or never ended, warps of one block on two SMs, an end
// before its start.
Status blocksFromWarpRecords(const std::vector<WarpProbeRecord>& records, Launch& launch);

}  // namespace ws::kernelfile
