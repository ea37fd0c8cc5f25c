#pragma once
// What the matrix multiply lab's plots show, gathered from the traces
// bundled with warpscope (the manifest's kernel times), this session's live
// runs and the counters file the GPU script wrote: GFLOP/s per variant and
// size, the roofline's roofs and points, the reuse bars, the ladder at one
// size as % of cuBLAS beside the public A6000 staircase.
#include <optional>
#include <string>
#include <vector>

#include "app/gui/common/bundled_traces.h"
#include "core/matmul/matmul_counters.h"
#include "widgets/matmul/reuse_view.h"
#include "widgets/matmul/roofline_view.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

struct MatmulMeasurement {
    std::string variant;
    std::uint32_t n = 0;
    std::uint32_t blockDim = 8;
    double gflops = 0;
    std::string device;
    // False when the GPU's result failed verification (the seed's printed
    // `sa += sa`): its speed is not that of a matrix multiply.
    bool verified = true;
    // What its hardware counters measured per memory level, where the run
    // recorded why it is slow: the roofline places it by these bytes.
    std::optional<LevelBytes> counterBytes;
};

struct MatmulSources {
    const BundledTraces* bundled = nullptr;
    std::vector<MatmulMeasurement> session;  // live runs of this session
    std::optional<MatmulCounters> counters;
};

// A run's measurement (GFLOP/s from its kernel time), if it has one.
std::optional<MatmulMeasurement> matmulMeasurementOf(const Run& run);
std::vector<MatmulMeasurement> matmulMeasurements(const MatmulSources& sources);

// The copy bandwidth measured on `device` (a bundled float4-copy trace), or
// the theoretical bandwidth, and which of the two it is.
std::pair<double, QString> matmulMemoryRoof(const BundledTraces* bundled, const DeviceInfo& device);

RooflineData matmulRoofline(const Run* shown, const MatmulSources& sources);
ReuseData matmulReuse(const Run* shown, const MatmulSources& sources);
LadderData matmulLadder(const Run* shown, const MatmulSources& sources);
ThroughputData matmulThroughput(const Run& shown, const MatmulSources& sources);

}  // namespace ws
