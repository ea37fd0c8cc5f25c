#pragma once
// The l2-distance experiment's reading: SMs split into the ones near the
// data's L2 partition and the ones far from it, by the largest gap in their
// sorted latencies (two groups that minimise the spread within each), and
// whether the split is real: the gap between the groups (largest near value
// to smallest far value) larger than the standard deviation inside either
// group, the far mean at least `minGapPercent` above the near mean, and two
// SMs in each group at least (one slow SM is not a partition).
#include <cstdint>
#include <vector>

#include "core/memkinds/memkinds_tables.h"

namespace ws::memkinds {

struct L2Split {
    bool split = false;                          // two partitions seen
    std::vector<std::uint32_t> nearSms, farSms;  // all SMs in nearSms when not split
    // Mean cycles and ns per load of each group; far ones 0 when not split.
    double nearCycles = 0, farCycles = 0;
    double nearNs = 0, farNs = 0;
    double minCycles = 0, maxCycles = 0;
};

L2Split splitL2Partitions(const std::vector<SmLatency>& points, double minGapPercent = 5);

}  // namespace ws::memkinds
