#pragma once
// Gathers what the contention plot shows: every measured atomic-contention
// run (the recorded traces in the manifest, the live runs of this session, and
// the curve the run on show measured itself), one curve per setting of
// addresses and spacing, atomics per second against the threads.
#include <vector>

#include "app/gui/common/bundled_traces.h"
#include "widgets/atomics/atomic_throughput_plot.h"

namespace ws {

struct ContentionMeasurement {
    ParamValues params;
    double atomicsPerSecond = 0;
};

ContentionPlotData contentionPlotFor(const Run* current, const BundledTraces& bundled,
                                     const std::vector<ContentionMeasurement>& session);

// "1 address", "4096 addresses, 4 B apart", "4096 addresses, one per 128-B line".
QString contentionSeriesName(const ParamValues& params);

}  // namespace ws
