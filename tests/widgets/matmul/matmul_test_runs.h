#pragma once
// Runs the matrix multiply lab's view tests share, built by the model.
#include <memory>

#include "core/matmul/matmul_model_run.h"
#include "widgets/model/prepared_run.h"

namespace ws::test {

inline std::shared_ptr<const PreparedRun> preparedMatmulRun(const ParamValues& params,
                                                            double kernelMs = 0.05) {
    return prepareRun(std::make_shared<const Run>(modelledMatmulRun(params, kernelMs)));
}

}  // namespace ws::test
