#pragma once
// Shared by the concurrency lab's GPU tests: parameters from the catalog, few
// repetitions, and the checks every run must pass.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/catalog/catalog.h"
#include "core/concurrency/concurrency_tables.h"
#include "kernels/runner/experiment_runner.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {

inline RunOptions quickOptions() {
    RunOptions o;
    o.repetitions = 2;
    o.measureOverhead = false;
    return o;
}

inline Result<Run> runLab(const std::string& id, const std::vector<std::string>& assignments) {
    const ExperimentSpec* spec = findExperiment(id);
    if (!spec) return makeError("no experiment " + id);
    auto params = resolveParams(*spec, assignments);
    if (!params) return makeError(params.error());
    return runExperiment(*spec, *params, quickOptions());
}

// Every block of every launch recorded once, time running forward.
inline void expectCompleteBlocks(const Run& run) {
    for (std::size_t li = 0; li < run.launches.size(); ++li) {
        const Launch& l = run.launches[li];
        ASSERT_EQ(l.blocks.size(), l.grid.count()) << "launch " << li;
        for (std::size_t i = 0; i < l.blocks.size(); ++i) {
            EXPECT_EQ(l.blocks.block[i], i) << "launch " << li;
            EXPECT_LE(l.blocks.startNs[i], l.blocks.endNs[i]);
        }
    }
}

// Where CUPTI recorded, the clock alignment held: no block started more than
// the offset's spread (plus 2 us) before its kernel did.
inline void expectAlignedClocks(const Run& run) {
    // On a machine with a device CUPTI records: a run without its timeline
    // is a failure, not a run to pass over.
    if (run.texts.count("cupti")) {
        ADD_FAILURE() << "no CUDA timeline: " << run.texts.at("cupti");
        return;
    }
    ASSERT_TRUE(run.clocks.measured);
    EXPECT_GE(run.clocks.samples, 2);
    if (run.figures.count("clockCheckMinNs"))
        EXPECT_GE(run.figures.at("clockCheckMinNs"), -(run.clocks.spreadNs + 2000));
    std::cout << "[ clocks   ] offset " << run.clocks.offsetNs << " ns, spread "
              << run.clocks.spreadNs << " ns over " << run.clocks.samples << " samples\n";
}

inline std::size_t countOperations(const Run& run, OperationKind kind) {
    std::size_t n = 0;
    for (auto k : run.operations.kind) n += k == std::uint8_t(kind);
    return n;
}

}  // namespace ws::test
