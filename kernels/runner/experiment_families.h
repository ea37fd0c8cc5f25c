#pragma once
// The families of experiments the kernels library can run, one a lab, in the
// order of a course (kernels/runner/lab_families.cpp: a new lab adds its line
// there and nothing else here changes). runExperiment asks them in order.
#include <vector>

#include "kernels/runner/experiment_family.h"

namespace ws {

const std::vector<ExperimentFamily>& experimentFamilies();

}  // namespace ws
