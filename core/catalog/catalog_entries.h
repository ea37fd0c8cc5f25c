#pragma once
// Each family of experiments lists its catalog entries in its own file.
#include <vector>

#include "core/catalog/catalog.h"

namespace ws {
std::vector<ExperimentSpec> basicsExperiments();
std::vector<ExperimentSpec> reductionExperiments();
std::vector<ExperimentSpec> memoryExperiments();
std::vector<ExperimentSpec> memoryKindsExperiments();
std::vector<ExperimentSpec> atomicsExperiments();
std::vector<ExperimentSpec> matmulExperiments();
std::vector<ExperimentSpec> tensorCoreExperiments();
std::vector<ExperimentSpec> concurrencyExperiments();
std::vector<ExperimentSpec> kernelFileExperiments();
}  // namespace ws
