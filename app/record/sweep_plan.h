#pragma once
// Expands sweep axes ("n=1024,4096", "block=256") into the list of runs, and
// names each run's trace file after its swept values.
#include <string>
#include <vector>

#include "core/result.h"

namespace ws::record {

struct SweepPoint {
    std::vector<std::string> assignments;  // name=value, one per axis
    std::string fileStem;                  // experiment__name-value__...
};

Result<std::vector<SweepPoint>> expandSweep(const std::string& experiment,
                                            const std::vector<std::string>& axes);

}  // namespace ws::record
