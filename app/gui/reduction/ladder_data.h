#pragma once
// The throughput ladder for the bar chart: every reduce-ladder variant that
// was recorded with the same n, block size and element type as the run on
// show (or the bundled defaults), in the ladder's order.
#include "app/gui/common/bundled_traces.h"
#include "widgets/plots/ladder_chart.h"

namespace ws {

// `shown` may be null. `peakGBs` is the device's bandwidth when known.
LadderData ladderFor(const BundledTraces& bundled, const Run* shown, double peakGBs);

}  // namespace ws
