#pragma once
// The common course of a matrix multiply run on the GPU: time the plain
// launches (a warm-up first, then as many repetitions as fit a few seconds)
// and, where the recording overhead is measured, the recording launches by
// turns with them (so that the GPU's drift over the run falls on both
// alike); check each build's C; fill the Run's timing, verification and
// figures. Shared by the kernels, cuBLAS and the benchmark's sweep.
#include <functional>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/matmul/matmul_reference.h"
#include "core/run/run.h"
#include "kernels/matmul/matmul_experiments.h"

namespace ws::matmul {

class MatmulTraceStorage;

struct MeasureSteps {
    std::function<Status()> plain;
    std::function<Status()> recorded;        // empty: nothing to record (cuBLAS, the sweep)
    std::function<Status()> beforeRecorded;  // untimed, before each recording launch
    const MatmulTraceStorage* storage = nullptr;
};

struct Measured {
    std::vector<double> plainMs, recordedMs;
    MatmulCheck plainCheck, recordedCheck;
};

// Timed launches: `wanted` of them, fewer when one already takes long
// (at most about kTimingBudgetMs in all, at least one after the warm-up).
inline constexpr double kTimingBudgetMs = 4000;
// `before` runs untimed before each launch (resetting the records).
Result<std::vector<double>> timeWithin(int wanted, const std::function<Status()>& launch,
                                       const std::function<Status()>& before = {});

// What a measurement asks of the result's owner: C poisoned before the
// launches (so an entry no thread writes cannot pass), then C checked after them.
struct ResultChecks {
    std::function<Status()> poison;
    std::function<Result<MatmulCheck>()> check;
};

// Runs the steps; `launch` receives the recorded launch's records.
Result<Measured> measureMatmul(const ResultChecks& result, const MeasureSteps& steps,
                               const RunOptions& options, Launch* launch);
Result<Measured> measureMatmul(MatmulInputs& inputs, const MeasureSteps& steps,
                               const RunOptions& options, Launch* launch);

// Header, timing, verification (of the run the trace shows; a failed plain
// run is said so), the check's records, transfer times.
void fillMatmulRun(Run& run, const ParamValues& params, const DeviceInfo& device,
                   MatmulInputs& inputs, const Measured& measured);

// The verification part of it: the check of the recorded launches where
// there were some, else the plain ones', against `reference` and
// `tolerance`; a failed plain run said so; the check's records stored.
void verifyMeasured(Run& run, const Measured& measured, const MatmulReference& reference,
                    const MatmulTolerance& tolerance);

void fillSamples(Timing& timing, const std::vector<double>& plainMs,
                 const std::vector<double>& recordedMs);

}  // namespace ws::matmul
