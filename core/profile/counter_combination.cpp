#include "core/profile/counter_combination.h"

#include <algorithm>

namespace ws {

namespace {

constexpr const char* kDurationMetric = "gpu__time_duration.sum";

double valueOf(const KernelCounters& k, std::size_t i) {
    return i < k.values.size() ? k.values[i] : 0.0;
}

}  // namespace

bool isAveragedMetric(const std::string& metric) {
    return metric.find(".avg") != std::string::npos || metric.find("pct") != std::string::npos;
}

std::vector<double> combineKernelCounters(const std::vector<std::string>& metrics,
                                          const std::vector<KernelCounters>& kernels) {
    const auto duration = std::find(metrics.begin(), metrics.end(), kDurationMetric);
    std::vector<double> weights(kernels.size(), 1.0);
    if (duration != metrics.end()) {
        const std::size_t d = std::size_t(duration - metrics.begin());
        double total = 0;
        for (const KernelCounters& k : kernels) total += std::max(valueOf(k, d), 0.0);
        // Weighted by time where the times were read.
        if (total > 0)
            for (std::size_t i = 0; i < kernels.size(); ++i)
                weights[i] = std::max(valueOf(kernels[i], d), 0.0);
    }
    double weightSum = 0;
    for (double w : weights) weightSum += w;

    std::vector<double> out(metrics.size(), 0.0);
    for (std::size_t m = 0; m < metrics.size(); ++m) {
        const bool averaged = isAveragedMetric(metrics[m]);
        double value = 0;
        for (std::size_t i = 0; i < kernels.size(); ++i)
            value += averaged ? weights[i] * valueOf(kernels[i], m) : valueOf(kernels[i], m);
        out[m] = averaged ? (weightSum > 0 ? value / weightSum : 0.0) : value;
    }
    return out;
}

}  // namespace ws
