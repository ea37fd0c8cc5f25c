#pragma once
// Expands sweep axes ("n=1024,4096", "block=256") into the list of runs, and
// names each run's trace file after its swept values.
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws::record {

struct SweepPoint {
    std::vector<std::string> assignments;  // name=value, one per axis
    std::string fileStem;                  // experiment__name-value__...
};

Result<std::vector<SweepPoint>> expandSweep(const std::string& experiment,
                                            const std::vector<std::string>& axes);

// Refuses a sweep that lists one run twice (n=32,2^5, or n=4,4), naming the
// two ways it was written: both would be measured and the second trace would
// replace the first. `resolved` holds each point's canonical parameters.
Status refuseRepeatedRuns(const std::vector<SweepPoint>& points,
                          const std::vector<ParamValues>& resolved);

}  // namespace ws::record
