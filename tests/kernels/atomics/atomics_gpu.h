#pragma once
// Shared by the atomics lab's GPU tests: parameters from the catalog, quick
// runs, and the skip where no CUDA device is usable.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/atomics/atomics_settings.h"
#include "core/catalog/catalog.h"
#include "kernels/atomics/atomics_experiments.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {

// A run's settings as the launchers take them, typed by the lab's parser.
inline AtomicsSettings atomicsParams(const std::string& id, const std::vector<std::string>& a) {
    auto p = resolveParams(*findExperiment(id), a);
    EXPECT_TRUE(p.ok()) << p.error();
    auto s = atomicsSettings(id, p.ok() ? *p : ParamValues{});
    EXPECT_TRUE(s.ok()) << s.error();
    return s.ok() ? *s : AtomicsSettings{};
}

inline RunOptions quickOptions() {
    RunOptions o;
    o.repetitions = 2;
    o.measureOverhead = false;
    return o;
}

inline DeviceInfo device() {
    auto d = cachedDeviceInfo(0);
    EXPECT_TRUE(d.ok()) << d.error();
    return d.ok() ? *d : DeviceInfo{};
}

}  // namespace ws::test
