#pragma once
// Gathers what the throughput plot shows for the run on show: every measured
// run of the same experiment (recorded traces listed in the manifest, and the
// runs of this session) whose other parameters match, one curve per variant
// against n, CUB as the vendor reference.
#include <vector>

#include "app/gui/common/bundled_traces.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

struct MeasuredRun {
    std::string experiment;
    ParamValues params;
    double gbPerS = 0;
};

ThroughputData throughputFor(const Run& current, const BundledTraces& bundled,
                             const std::vector<MeasuredRun>& session);

}  // namespace ws
