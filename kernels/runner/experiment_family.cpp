#include "kernels/runner/experiment_family.h"

namespace ws {

namespace {

std::vector<ExperimentFamily>& additions() {
    static std::vector<ExperimentFamily> list;
    return list;
}

}  // namespace

FamilyAddition::FamilyAddition(ExperimentFamily family) { additions().push_back(family); }

const std::vector<ExperimentFamily>& familyAdditions() { return additions(); }

}  // namespace ws
