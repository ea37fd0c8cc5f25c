#pragma once
// Shared by the memory kinds lab's GPU tests: parameters from the catalog,
// quick runs, the device's facts, and the skip where no CUDA device is usable.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/memkinds/memkinds_tables.h"
#include "kernels/memkinds/memkinds_experiments.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {

// A run's settings as the launchers take them, typed by the lab's parser.
inline MemkindsSettings memkindsParams(const std::string& id, const std::vector<std::string>& a) {
    const ExperimentSpec* spec = findExperiment(id);
    EXPECT_NE(spec, nullptr) << id;
    if (spec == nullptr) return {};
    auto p = resolveParams(*spec, a);
    EXPECT_TRUE(p.ok()) << p.error();
    auto s = memkindsSettings(id, p.ok() ? *p : ParamValues{});
    EXPECT_TRUE(s.ok()) << s.error();
    return s.ok() ? *s : MemkindsSettings{};
}

inline RunOptions memkindsOptions() {
    RunOptions o;
    o.repetitions = 3;
    o.measureOverhead = false;
    o.timeCpu = false;
    return o;
}

inline DeviceInfo memkindsDevice() {
    auto d = cachedDeviceInfo(0);
    EXPECT_TRUE(d.ok()) << d.error();
    return d.ok() ? *d : DeviceInfo{};
}

// Every run of the lab: checked, passed, one launch whose blocks all wrote
// their record.
inline void expectVerifiedWithRecords(const Result<Run>& run) {
    ASSERT_TRUE(run.ok()) << run.error();
    EXPECT_TRUE(run->verification.checked);
    EXPECT_TRUE(run->verification.passed) << run->verification.note;
    ASSERT_EQ(run->launches.size(), 1u);
    const Launch& l = run->launches.front();
    ASSERT_EQ(l.blocks.size(), l.grid.count()) << l.kernel;
    for (std::size_t b = 0; b < l.blocks.size(); ++b) {
        ASSERT_EQ(l.blocks.block[b], b) << l.kernel << ": block " << b << " wrote no record";
        ASSERT_LE(l.blocks.startNs[b], l.blocks.endNs[b]) << l.kernel;
    }
    EXPECT_GT(run->timing.kernelMs, 0);
}

}  // namespace ws::test
