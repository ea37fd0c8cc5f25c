#pragma once
// What the throughput plot shows for a memory-lab run: GB/s of every variant
// against the matrix size (width x height, so square and oblong sweeps share
// one axis), the uint8 transposes with the axis reductions that read the same
// images, the float transposes with their float4 copy, which is the bar a
// transpose can reach. Recorded traces and this session's runs both count.
#include <vector>

#include "app/gui/common/bundled_traces.h"
#include "app/gui/workbench/throughput_series.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

bool isMemoryExperiment(const std::string& id);

ThroughputData memoryThroughputFor(const Run& current, const BundledTraces& bundled,
                                   const std::vector<MeasuredRun>& session);

}  // namespace ws
