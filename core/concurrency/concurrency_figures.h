#pragma once
// The figures of a concurrency-lab run as charts for the figures view: which
// numbers of Run::figures to compare, with labels, units and captions, the
// bar of the run on show marked. Qt-free, so the choice is tested alone.
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

struct FigureBar {
    std::string label;
    double value = 0;
    double low = 0, high = 0;  // a measured range (min..max); equal to value when none
    bool highlighted = false;  // the configuration the run shows
};

struct FigureChart {
    std::string title;
    std::string unit;     // axis label
    std::string caption;  // one sentence under the chart: what to read from it
    std::vector<FigureBar> bars;
};

// Charts for runs of streams, dynamic-parallelism and unified-memory; for
// other runs, one chart per kind of figure they hold, as their names say
// (times in ms, µs or ns, bandwidths, ratios, counts), indices named in a
// caption. Charts whose figures are missing (no CUPTI, say) are left out.
std::vector<FigureChart> concurrencyCharts(const Run& run);

}  // namespace ws
