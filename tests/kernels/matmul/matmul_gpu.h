#pragma once
// Shared by the matrix multiply lab's GPU tests: inputs made once per size
// and kept for every variant, few repetitions, parameters from the catalog.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "core/catalog/catalog.h"
#include "kernels/common/memory_launch.h"
#include "kernels/matmul/matmul_experiments.h"
#include "kernels/matmul/matmul_kernels.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {

inline matmul::MatmulInputs& matmulInputs(std::uint32_t n) {
    static std::map<std::uint32_t, std::unique_ptr<matmul::MatmulInputs>> cache;
    auto& slot = cache[n];
    if (!slot) slot = matmul::MatmulInputs::make(n, 1);
    return *slot;
}

inline RunOptions matmulOptions() {
    RunOptions o;
    o.repetitions = 1;
    o.measureOverhead = false;
    return o;
}

inline DeviceInfo matmulDevice() {
    auto d = cachedDeviceInfo(0);
    EXPECT_TRUE(d.ok()) << d.error();
    return d.ok() ? *d : DeviceInfo{};
}

inline Result<matmul::MatmulRun> runVariant(const std::string& variant, std::uint32_t n,
                                            const std::string& blockDim = "8",
                                            const std::string& traced = "1") {
    return matmul::runMatmul({{"variant", variant},
                              {"n", std::to_string(n)},
                              {"block_dim", blockDim},
                              {"traced_blocks", traced}},
                             matmulOptions(), matmulDevice(), &matmulInputs(n));
}

}  // namespace ws::test
