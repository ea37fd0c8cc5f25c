#pragma once
// What a run's own figures predict a kernel's counters to read: the bytes
// and FLOPs its throughput (GB/s, GFLOP/s) is computed from, and what the
// lab's model predicts where it has one (ExperimentSpec::predictCounters:
// the memory lab's bank conflicts), and the occupancy the kernel's registers
// and shared memory allow (core/profile/occupancy_prediction.h). Set beside the
// counters, the ratio says how far the hardware's traffic and work stray
// from what the throughput figure assumes (an uncoalesced kernel moves
// several times its bytes; a tiled one reads less from DRAM than it uses).
#include <map>
#include <string>

#include "core/run/run.h"

namespace ws {

// Metric (counter_catalog.h's names, derived ones included) -> predicted
// value; figures the run did not compute are left out.
std::map<std::string, double> predictedCounters(const Run& run);

}  // namespace ws
