#include "core/profile/counter_predictions.h"

#include "core/profile/counter_catalog.h"

namespace ws {

std::map<std::string, double> predictedCounters(const Run& run) {
    std::map<std::string, double> predicted;
    if (run.timing.bytesMoved > 0) predicted[std::string(kDramBytesMetric)] = run.timing.bytesMoved;
    if (run.timing.flops > 0) predicted[std::string(kFlopsMetric)] = run.timing.flops;
    return predicted;
}

}  // namespace ws
