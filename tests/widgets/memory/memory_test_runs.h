#pragma once
// Runs the memory-lab view tests share, built by the access model.
#include <memory>

#include "core/memory/memory_access_model.h"
#include "widgets/model/prepared_run.h"

namespace ws::test {

inline std::shared_ptr<const PreparedRun> preparedMemoryRun(const std::string& experiment,
                                                            const ParamValues& params,
                                                            double kernelMs = 0.05) {
    return prepareRun(std::make_shared<const Run>(modelledMemoryRun(experiment, params, kernelMs)));
}

}  // namespace ws::test
