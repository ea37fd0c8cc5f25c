#include "kernels/matmul/matmul_measure.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <numeric>

#include "kernels/common/cuda_check.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"
#include "kernels/common/memory_launch.h"
#include "kernels/matmul/matmul_trace_storage.h"

namespace ws::matmul {

namespace {

// How many more of `wanted` timed launches (or pairs) fit the budget, one of
// them having taken `eachMs`.
int moreWithinBudget(int wanted, double eachMs) {
    return std::min(wanted - 1, int(kTimingBudgetMs / std::max(eachMs, 1e-3)));
}

}  // namespace

Result<std::vector<double>> timeWithin(int wanted, const std::function<Status()>& launch,
                                       const std::function<Status()>& before) {
    auto first = timeRuns(1, nullptr, launch, before);  // the warm-up, then one timed
    if (!first) return first;
    std::vector<double> ms = std::move(*first);
    const int more = moreWithinBudget(wanted, ms.front());
    if (more > 0) {
        auto rest = timeRuns(more, nullptr, launch, before);
        if (!rest) return rest;
        ms.insert(ms.end(), rest->begin(), rest->end());
    }
    return ms;
}

Result<Measured> measureMatmul(MatmulInputs& inputs, const MeasureSteps& steps,
                               const RunOptions& options, Launch* launch) {
    const ResultChecks result{[&] { return inputs.poisonResult(); },
                              [&] { return inputs.checkDeviceResult(); }};
    return measureMatmul(result, steps, options, launch);
}

namespace {

// Launches `run` once, untimed, after `before`, and checks C.
Result<MatmulCheck> launchAndCheck(const ResultChecks& result, const std::function<Status()>& run,
                                   const std::function<Status()>& before) {
    if (Status s = result.poison(); !s) return makeError(s.error());
    if (before) {
        if (Status s = before(); !s) return makeError(s.error());
    }
    if (Status s = run(); !s) return makeError(s.error());
    WS_CUDA_TRY(cudaDeviceSynchronize());
    return result.check();
}

// The plain and recording builds timed by turns (timeRunsByTurns), as many
// pairs as the budget holds; then each build's C checked from a launch of
// its own, the recording one's records kept.
Result<Measured> measureByTurns(const ResultChecks& result, const MeasureSteps& steps, int reps,
                                Launch* launch) {
    Measured m;
    auto first = timeRunsByTurns(1, nullptr, steps.plain, steps.recorded, steps.beforeRecorded);
    if (!first) return makeError(first.error());
    m.plainMs = std::move(first->first);
    m.recordedMs = std::move(first->second);
    const int more = moreWithinBudget(reps, m.plainMs.front() + m.recordedMs.front());
    if (more > 0) {
        auto rest =
            timeRunsByTurns(more, nullptr, steps.plain, steps.recorded, steps.beforeRecorded);
        if (!rest) return makeError(rest.error());
        m.plainMs.insert(m.plainMs.end(), rest->first.begin(), rest->first.end());
        m.recordedMs.insert(m.recordedMs.end(), rest->second.begin(), rest->second.end());
    }
    if (Status s = observeTimedWork({nullptr, steps.plain, {}, medianOf(m.plainMs)}); !s)
        return makeError(s.error());
    auto plainCheck = launchAndCheck(result, steps.plain, {});
    if (!plainCheck) return makeError(plainCheck.error());
    m.plainCheck = std::move(*plainCheck);
    auto recordedCheck = launchAndCheck(result, steps.recorded, steps.beforeRecorded);
    if (!recordedCheck) return makeError(recordedCheck.error());
    m.recordedCheck = std::move(*recordedCheck);
    if (steps.storage && launch)
        if (Status s = steps.storage->download(*launch); !s) return makeError(s.error());
    return m;
}

}  // namespace

Result<Measured> measureMatmul(const ResultChecks& result, const MeasureSteps& steps,
                               const RunOptions& options, Launch* launch) {
    const int reps = std::max(1, options.repetitions);
    if (steps.recorded && options.measureOverhead)
        return measureByTurns(result, steps, reps, launch);
    Measured m;
    if (Status s = result.poison(); !s) return makeError(s.error());
    auto plain = timeWithin(reps, steps.plain);
    if (!plain) return makeError(plain.error());
    m.plainMs = std::move(*plain);
    if (Status s = observeTimedWork({nullptr, steps.plain, {}, medianOf(m.plainMs)}); !s)
        return makeError(s.error());
    auto plainCheck = result.check();
    if (!plainCheck) return makeError(plainCheck.error());
    m.plainCheck = std::move(*plainCheck);
    if (!steps.recorded) return m;

    if (Status s = result.poison(); !s) return makeError(s.error());
    auto recorded = timeWithin(1, steps.recorded, steps.beforeRecorded);
    if (!recorded) return makeError(recorded.error());
    m.recordedMs = std::move(*recorded);
    auto recordedCheck = result.check();
    if (!recordedCheck) return makeError(recordedCheck.error());
    m.recordedCheck = std::move(*recordedCheck);
    if (steps.storage && launch)
        if (Status s = steps.storage->download(*launch); !s) return makeError(s.error());
    return m;
}

void fillSamples(Timing& timing, const std::vector<double>& plainMs,
                 const std::vector<double>& recordedMs) {
    timing.kernelMs = medianOf(plainMs);
    timing.kernelSamplesMs = plainMs;
    timing.repetitions = int(plainMs.size());
    if (!plainMs.empty()) {
        const auto [lo, hi] = std::minmax_element(plainMs.begin(), plainMs.end());
        timing.kernelMinMs = *lo;
        timing.kernelMaxMs = *hi;
        const double mean =
            std::accumulate(plainMs.begin(), plainMs.end(), 0.0) / double(plainMs.size());
        double var = 0;
        for (double v : plainMs) var += (v - mean) * (v - mean);
        const double stdev = plainMs.size() > 1 ? std::sqrt(var / double(plainMs.size() - 1)) : 0;
        timing.kernelCvPercent = mean > 0 ? stdev / mean * 100 : 0;
    }
    timing.recordedKernelMs = medianOf(recordedMs);
    timing.overheadPercent =
        timing.kernelMs > 0 && timing.recordedKernelMs > 0
            ? (timing.recordedKernelMs - timing.kernelMs) / timing.kernelMs * 100
            : 0;
}

void fillMatmulRun(Run& run, const ParamValues& params, const DeviceInfo& device,
                   MatmulInputs& inputs, const Measured& measured) {
    memory::fillRunHeader(run, "matmul", params, device);
    const std::uint32_t n = inputs.n();
    fillSamples(run.timing, measured.plainMs, measured.recordedMs);
    run.timing.flops = matmulFlops(n);
    // The traffic no product can avoid: A and B read once, C written once.
    run.timing.bytesMoved = 3.0 * double(n) * double(n) * sizeof(float);
    run.timing.transferMs = inputs.uploadMs() + inputs.lastDownloadMs();
    run.texts["transfer"] =
        "A and B to the device and C back, from and to pageable host memory as the seed's "
        "device_matmul copies them";
    verifyMeasured(run, measured, inputs.reference(), matmulTolerance(n));
    run.figures["fp32PeakGflops"] = fp32PeakGflops(device);
}

void verifyMeasured(Run& run, const Measured& measured, const MatmulReference& reference,
                    const MatmulTolerance& tolerance) {
    const bool recorded = !measured.recordedMs.empty();
    const MatmulCheck& shown = recorded ? measured.recordedCheck : measured.plainCheck;
    run.verification = matmulVerification(shown, reference, tolerance);
    if (recorded && measured.plainCheck.wrong > 0 && shown.wrong == 0) {
        run.verification.passed = false;
        run.verification.note = "the launches without recording failed the check (" +
                                std::to_string(measured.plainCheck.wrong) + " wrong entries); " +
                                run.verification.note;
    }
    storeMatmulCheck(run, shown);
}

}  // namespace ws::matmul
