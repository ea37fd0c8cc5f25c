#pragma once
// What the tensor-core plots show, gathered from the traces bundled with
// warpscope (the manifest's kernel times) and this session's live runs of
// matmul-tc: the BF16 ladder at one n as % of cuBLAS in BF16 (each bar also
// as % of the dense BF16 tensor peak), and the tensor-core roof and BF16
// points the matrix multiply lab's roofline lays beside its FP32 ones.
#include <optional>
#include <string>
#include <vector>

#include "app/gui/common/bundled_traces.h"
#include "widgets/matmul/roofline_view.h"
#include "widgets/plots/ladder_chart.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

struct TensorCoreMeasurement {
    std::string variant;
    std::uint32_t n = 0;
    double gflops = 0;
    std::string device;
    bool verified = true;
};

struct TensorCoreSources {
    const BundledTraces* bundled = nullptr;
    std::vector<TensorCoreMeasurement> session;  // live runs of this session
};

// A matmul-tc run's measurement (GFLOP/s from its kernel time), if it has one.
std::optional<TensorCoreMeasurement> tensorCoreMeasurementOf(const Run& run);
std::vector<TensorCoreMeasurement> tensorCoreMeasurements(const TensorCoreSources& sources);

// The BF16 ladder on the shown run's device, at the shown run's n where
// three rungs or more were measured there, else at the n with most rungs.
LadderData tensorCoreLadder(const Run* shown, const TensorCoreSources& sources);
// TFLOP/s against n, one curve per rung, cuBLAS in BF16 as the vendor line
// and the dense BF16 tensor peak as the device's, on the shown run's device.
ThroughputData tensorCoreThroughput(const Run& shown, const TensorCoreSources& sources);
// The dense BF16 tensor peak as a second compute roof, and the BF16 rungs
// as points placed by the bytes their tiles load (A's and B's panels once
// per block tile), on the shown run's device.
void addTensorCoreRoof(RooflineData& roofline, const Run* shown, const TensorCoreSources& sources);

}  // namespace ws
