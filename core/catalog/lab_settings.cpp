#include "core/catalog/lab_settings.h"

namespace ws {

Result<ParamValues> resolveLabParams(std::string_view experiment, bool isLabs, std::string_view lab,
                                     const ParamValues& params) {
    if (!isLabs)
        return makeError("experiment " + std::string(experiment) + " is not part of the " +
                         std::string(lab) + " lab");
    const ExperimentSpec* spec = findExperiment(experiment);
    if (!spec) return makeError(std::string(experiment) + " is not in the catalog");
    return resolveParams(*spec, params);
}

}  // namespace ws
