#include "core/profile/counter_predictions.h"

#include "core/catalog/catalog.h"
#include "core/profile/counter_catalog.h"
#include "core/profile/occupancy_prediction.h"

namespace ws {

std::map<std::string, double> predictedCounters(const Run& run) {
    std::map<std::string, double> predicted;
    if (run.timing.bytesMoved > 0) predicted[std::string(kDramBytesMetric)] = run.timing.bytesMoved;
    if (run.timing.flops > 0) predicted[std::string(kFlopsMetric)] = run.timing.flops;
    // The lab's own model, where it has one (the memory lab's bank conflicts).
    if (const ExperimentSpec* spec = findExperiment(run.experiment); spec && spec->predictCounters)
        for (const auto& [metric, value] : spec->predictCounters(run.params))
            predicted[metric] = value;
    // The occupancy calculator's ceiling, from the kernel's registers and
    // shared memory, where the run is one kernel of one shape.
    if (const auto o = predictedOccupancy(run))
        predicted[kAchievedOccupancyMetric] = o->occupancy.occupancy * 100;
    return predicted;
}

}  // namespace ws
