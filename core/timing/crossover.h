#pragma once
// Where the GPU starts to pay off: from the times of the CPU (one thread,
// all cores) and of the GPU (the kernel alone, and with the copies a GPU run
// needs) at several sizes, the size from which the GPU is faster. Seed 002
// finds the CPU faster at 50,000 values (0.04 ms against 0.19 ms); a sweep
// over sizes shows where that turns.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/run/run.h"

namespace ws {

struct CostPoint {
    double n = 0;  // elements
    double cpuMs = 0, cpuParallelMs = 0;
    std::uint32_t cpuThreads = 0;
    double kernelMs = 0, transferMs = 0;
    // 0 (not measured) when the run timed no copies: a GPU run always
    // copies something, so a zero is a missing time, not a free copy.
    double gpuWithTransfersMs() const { return transferMs > 0 ? kernelMs + transferMs : 0; }
};

enum class GpuCost { Kernel, WithTransfers };
enum class CpuCost { OneThread, AllCores };

struct Crossover {
    enum class Kind {
        Crosses,          // the CPU wins below `n`, the GPU from `n` on
        GpuAlways,        // the GPU was faster at every size measured
        GpuBetween,       // the GPU wins from `n` to `nEnd`, the CPU again above
        CpuAlways,        // the CPU was faster at every size measured
        NotEnoughPoints,  // fewer than one size with both times
    };
    Kind kind = Kind::NotEnoughPoints;
    // Crosses and GpuBetween: the interpolated size where the GPU takes the
    // lead (for GpuBetween, the smallest size measured when it leads from
    // there); GpuAlways: the smallest size measured.
    double n = 0;
    double nEnd = 0;  // GpuBetween: where the CPU takes it back
    std::string text() const;
};

// Points are sorted by n; sizes without both times are skipped. The crossing
// is the last change from CPU-faster to GPU-faster, interpolated on log-log
// axes between the two sizes around it; where the CPU is ahead again at the
// largest size, the GPU's last stretch ahead is given from where it begins
// to where it ends.
Crossover findCrossover(std::vector<CostPoint> points, GpuCost gpu, CpuCost cpu);

// Run::figures names (the size from which the GPU leads, for the pairings
// that cross or where the GPU always leads): "crossoverElements" (kernel
// against one thread),
// "crossoverParallelElements" (kernel against all cores),
// "crossoverWithTransfersElements", "crossoverWithTransfersParallelElements".
std::string crossoverFigureName(GpuCost gpu, CpuCost cpu);
// The figures of every pairing that crosses.
std::map<std::string, double> crossoverFigures(const std::vector<CostPoint>& points);

// The run-level "crossover" table (vector-add with crossover_sweep=on).
inline constexpr const char* kCrossoverTable = "crossover";
RecordTable crossoverTable(const std::vector<CostPoint>& points);
// Empty when the run has no such table; an error names the row and value
// that is not a size or a time.
Result<std::vector<CostPoint>> readCrossover(const Run& run);

// A run's own point: its size parameter ("n", or the elements of an image or
// matrix) and its Timing.
CostPoint costPointOf(const Run& run);

}  // namespace ws
