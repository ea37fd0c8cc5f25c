#pragma once
// The bank probe's plot: cycles per access against the stride, loads and
// stores as measured, beside the passes the bank analysis predicts (scaled by
// what one pass cost), so a student sees the measured cost climb with the
// passes. GB/s would say nothing of one warp in shared memory. The bundled
// probe runs are read off the UI thread, once, and the plot is filled when
// they arrive.
#include <QObject>
#include <functional>

#include "app/gui/common/bundled_traces.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

bool isBankProbe(const Run& run);

// The data for `current`, with what is known now; `updated` is called (on
// the UI thread, while `owner` lives) with the full data once the bundled
// probe runs of the same width have been read.
ThroughputData bankProbeCyclesFor(const Run& current, const BundledTraces& bundled, QObject* owner,
                                  std::function<void(ThroughputData)> updated);

}  // namespace ws
