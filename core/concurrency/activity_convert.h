#pragma once
// From CUPTI's records (core/concurrency/activity_log.h) to the trace's operations and
// host calls on the %globaltimer clock, each kernel operation tied to the
// Launch it ran, each managed-memory transfer tied to the array it moved.
#include <cstdint>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/concurrency/activity_log.h"
#include "core/run/run.h"

namespace ws {

// A managed allocation whose pages a run follows.
struct ManagedArray {
    std::uint64_t base = 0;  // virtual address
    std::uint64_t bytes = 0;
};

struct ActivityLinks {
    // Per launch of the run, the CUPTI stream it was launched in
    // (kNotFromHost for grids the device launched). The k-th kernel CUPTI saw
    // in a stream is the k-th launch made in it: a stream runs in order.
    std::vector<std::uint32_t> launchStream;
    std::vector<ManagedArray> arrays;
    static constexpr std::uint32_t kNotFromHost = 0xffffffffu;
};

// "cudaMemcpyAsync_v3020" -> "cudaMemcpyAsync".
std::string apiDisplayName(const std::string& cuptiName);

// Replaces run.operations and run.hostCalls with the log's records, sorted by
// start, shifted by `clocks`; copies' engines numbered 0, 1, ... in the order
// their channels were first used; host threads 0, 1, ... likewise. Adds the
// table "managed-transfers" (docs/trace-format.md) when `links.arrays` is not
// empty, the figure "cuptiDroppedRecords" when CUPTI dropped any and
// "unlinkedKernels" for kernels tied to no launch of the run (device-launched
// grids, other grids in the stream). Refuses a log in which a host launch of
// the run found no kernel of its stream and grid.
Status applyActivities(const ActivityLog& log, const ClockAlignment& clocks,
                       const ActivityLinks& links, Run& run);

}  // namespace ws
