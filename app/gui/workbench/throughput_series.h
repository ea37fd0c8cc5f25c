#pragma once
// Gathers what the throughput plot shows for the run on show: every measured
// run of the same experiment (recorded traces listed in the manifest, and the
// runs of this session) whose other parameters match, one curve per variant
// against n, CUB as the vendor reference.
#include <functional>
#include <optional>
#include <vector>

#include "app/gui/common/bundled_traces.h"
#include "widgets/plots/throughput_plot.h"

namespace ws {

struct MeasuredRun {
    std::string experiment;
    ParamValues params;
    double gbPerS = 0;
};

ThroughputData throughputFor(const Run& current, const BundledTraces& bundled,
                             const std::vector<MeasuredRun>& session);

// Fuller data for the same run, on the UI thread, where a provider first
// answered with what it had (the bank probe reads its bundled runs off the
// UI thread). Whoever asked applies it only while that run is still shown.
using ThroughputLater = std::function<void(ThroughputData)>;

// A lab's own plot for the runs it knows (GFLOP/s against the FP32 peak for
// the matrix multiply, TFLOP/s against the BF16 peak for the tensor cores,
// cycles per access for the bank probe), nothing for the others.
using ThroughputProvider =
    std::function<std::optional<ThroughputData>(const Run&, const ThroughputLater&)>;

// Where labs register their providers, asked by the window's plot and the
// "throughput" view alike: the first lab's answer, else throughputFor's.
class ThroughputProviders {
public:
    void add(ThroughputProvider provider) { m_providers.push_back(std::move(provider)); }
    // A provider that always answers at once.
    void add(std::function<std::optional<ThroughputData>(const Run&)> provider) {
        add([p = std::move(provider)](const Run& run, const ThroughputLater&) { return p(run); });
    }
    ThroughputData dataFor(const Run& current, const BundledTraces& bundled,
                           const std::vector<MeasuredRun>& session,
                           const ThroughputLater& later = {}) const;

private:
    std::vector<ThroughputProvider> m_providers;
};

// The plot's title: its y quantity, capitalised ("Throughput", "Cycles per access").
QString throughputTitle(const ThroughputData& data);

}  // namespace ws
