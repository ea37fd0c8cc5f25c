#pragma once
// The figures of a run a lesson's narration may name: what every run has
// (its kernel time, throughput, blocks, SMs, waves) under fixed names, and
// the figures its lab stored in the trace (Run::figures, such as a work
// queue's "imbalance") under their own names. Each carries its unit, so a
// caption prints "184 µs" where the view shows 184 µs (docs/lessons.md,
// "Figures in the narration").
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws::lesson {

struct RunFigure {
    double value = 0;
    std::string unit;    // "ms", "µs", "%", "GB/s", "×", or "" for a plain number
    bool whole = false;  // a count: printed without decimals, digits grouped
};

// Every figure `run` offers, by name.
std::map<std::string, RunFigure> runFigures(const Run& run);

// The names every run offers whatever its lab (kernel_ms, blocks, sms, ...).
const std::vector<std::string>& standardFigureNames();

// The figure with its unit: "184 µs", "0.194 ms", "2.27", "1,024" (counts
// are whole, their digits grouped). `decimals` overrides the three
// significant digits a figure gets.
std::string formatFigure(const RunFigure& figure, std::optional<int> decimals = std::nullopt);

}  // namespace ws::lesson
