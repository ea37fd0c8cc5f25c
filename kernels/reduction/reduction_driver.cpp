#include "kernels/reduction/reduction_driver.h"

#include <memory>

#include "core/common/utc_now.h"
#include "core/timing/timing_spread.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/kernel_observer.h"
#include "kernels/common/launch_limits.h"
#include "kernels/common/record_buffers.h"

namespace ws {

template <typename T>
Status checkReductionFits(const ReductionProgram<T>& program, const DeviceInfo& device,
                          std::uint64_t n, std::uint64_t inputBytes) {
    std::uint64_t needed = inputBytes + program.scratchBytes;
    for (const LaunchShape& launch : program.launches) {
        if (!launch.recorded) continue;
        if (Status s = checkLaunchLimits(
                device, {launch.kernel, launch.grid, launch.block, launch.sharedBytes});
            !s)
            return s;
        needed += launch.records.deviceBytes();
    }
    std::size_t freeBytes = 0, totalBytes = 0;
    WS_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
    return checkDeviceMemory("n=" + countText(n), needed, freeBytes);
}

namespace {

// `check`: what the same launches gave over the check input (affine maps only).
template <typename T>
Verification verifyValue(const ReductionInput& input, const ReductionProgram<T>& program, T gpu,
                         T check) {
    if constexpr (std::is_same_v<T, float>)
        return input.verify(gpu,
                            reductionDepth(input.size(), program.depthThreads, program.depthBlocks),
                            program.depthNote);
    else if constexpr (std::is_same_v<T, Affine>)
        return input.verify(gpu, check);
    else
        return input.verify(gpu);
}

template <typename T>
Result<T> readResult(const ReductionProgram<T>& program) {
    T value{};
    WS_CUDA_TRY(cudaMemcpy(&value, program.result(), sizeof(T), cudaMemcpyDeviceToHost));
    return value;
}

}  // namespace

template <typename T>
Result<ReductionRun> executeReduction(const ReductionSettings& settings,
                                      ReductionProgram<T>& program, const ReductionInput& input,
                                      const DeviceInfo& device, const RunOptions& options) {
    if (program.setup) {
        if (Status s = program.setup(); !s) return makeError(s.error());
    }
    std::vector<std::unique_ptr<RecordBuffers>> buffers;
    std::vector<RecordPointers> pointers;
    for (const LaunchShape& launch : program.launches) {
        buffers.push_back(std::make_unique<RecordBuffers>());
        if (launch.recorded) {
            if (Status s = buffers.back()->allocate(launch.records); !s)
                return makeError(s.error());
        }
        pointers.push_back(buffers.back()->pointers());
    }
    CudaStream stream;
    if (Status s = stream.create(); !s) return makeError(s.error());
    const auto* in = static_cast<const T*>(input.device());
    std::function<Status()> before;
    if (program.prepare) before = [&] { return program.prepare(stream.get()); };
    auto runOnce = [&](bool record) {
        return [&, record] { return program.enqueue(in, record, pointers, stream.get()); };
    };

    const int repetitions = std::max(1, options.repetitions);
    ReductionRun out;
    // One launch of a build after `before`, for its result to be read.
    auto launchOnce = [&](bool record) -> Status {
        if (before)
            if (Status s = before(); !s) return s;
        if (Status s = runOnce(record)(); !s) return s;
        WS_CUDA_TRY(cudaStreamSynchronize(stream.get()));
        return {};
    };
    if (options.measureOverhead) {
        // By turns (timeRunsByTurns): a block of plain launches and then one
        // of recording ones put the GPU's drift on one side of the overhead.
        auto turns = timeRunsByTurns(repetitions, stream.get(), runOnce(false), runOnce(true),
                                     before, before);
        if (!turns) return makeError(turns.error());
        out.plainMs = std::move(turns->first);
        out.recordedMs = std::move(turns->second);
        if (Status s =
                observeTimedWork({stream.get(), runOnce(false), before, medianOf(out.plainMs)});
            !s)
            return makeError(s.error());
        if (Status s = launchOnce(false); !s) return makeError(s.error());
    } else {
        auto plain = timePlainRuns(repetitions, stream.get(), runOnce(false), before);
        if (!plain) return makeError(plain.error());
        out.plainMs = std::move(*plain);
    }
    auto plainValue = readResult(program);
    if (!plainValue) return makeError(plainValue.error());

    if (options.measureOverhead) {
        // The recording build last, so that its records are the ones kept.
        if (Status s = launchOnce(true); !s) return makeError(s.error());
    } else {
        auto recorded = timeRuns(1, stream.get(), runOnce(true), before);
        if (!recorded) return makeError(recorded.error());
        out.recordedMs = std::move(*recorded);
    }
    auto recordedValue = readResult(program);
    if (!recordedValue) return makeError(recordedValue.error());

    // Affine maps: the same launches once more, untimed and unrecorded, over
    // the check input. One input catches a wrong order with probability about
    // 96/97, two with about 1 - 1/97^2 (core/memory/affine_check.h). The recording
    // build, whose tree is the same source, is held to the run's input only:
    // over the check input it would overwrite the records of the trace.
    T checkValue{};
    if constexpr (std::is_same_v<T, Affine>) {
        const auto* check = static_cast<const T*>(input.checkDevice());
        if (!check) return makeError("the prepared affine input has no check input");
        if (before) {
            if (Status s = before(); !s) return makeError(s.error());
        }
        if (Status s = program.enqueue(check, false, pointers, stream.get()); !s)
            return makeError(s.error());
        WS_CUDA_TRY(cudaStreamSynchronize(stream.get()));
        auto value = readResult(program);
        if (!value) return makeError(value.error());
        checkValue = *value;
    }

    Run& run = out.run;
    run.experiment = std::string(reductionExperimentId(settings.experiment));
    run.params = settings.resolved;
    run.device = device;
    run.recordedAt = utcNow();
    // The trace says which inputs it composed, so the CPU model rebuilds them.
    if constexpr (std::is_same_v<T, Affine>)
        run.texts[kInputSchemeKey] = affineSchemeName(AffineScheme::Mod97);
    run.verification = verifyValue(input, program, *plainValue, checkValue);
    const Verification recordedCheck = verifyValue(input, program, *recordedValue, checkValue);
    if (!recordedCheck.passed) {
        run.verification.passed = false;
        run.verification.note += "; the recording build gave " + recordedCheck.actual;
    }

    Timing& timing = run.timing;
    timing.kernelMs = medianOf(out.plainMs);
    timing.repetitions = int(out.plainMs.size());
    recordSpread(timing, out.plainMs);
    if (options.measureOverhead) {
        timing.recordedKernelMs = medianOf(out.recordedMs);
        if (timing.kernelMs > 0)
            timing.overheadPercent =
                (timing.recordedKernelMs - timing.kernelMs) / timing.kernelMs * 100;
    }
    timing.bytesMoved = double(input.bytes());

    for (std::size_t i = 0; i < program.launches.size(); ++i) {
        const LaunchShape& shape = program.launches[i];
        Launch launch;
        launch.kernel = shape.kernel;
        launch.grid = {std::uint32_t(shape.grid), 1, 1};
        launch.block = {shape.block, 1, 1};
        launch.sharedBytes = shape.sharedBytes;
        launch.steps.components = elementComponents(kindOf<T>());
        if (shape.recorded) {
            if (Status s = buffers[i]->download(kindOf<T>(), launch); !s)
                return makeError(s.error());
        }
        run.launches.push_back(std::move(launch));
    }
    return out;
}

#define WS_INSTANTIATE_DRIVER(T)                                                                   \
    template Status checkReductionFits(const ReductionProgram<T>&, const DeviceInfo&,              \
                                       std::uint64_t, std::uint64_t);                              \
    template Result<ReductionRun> executeReduction(const ReductionSettings&, ReductionProgram<T>&, \
                                                   const ReductionInput&, const DeviceInfo&,       \
                                                   const RunOptions&);
WS_INSTANTIATE_DRIVER(std::uint32_t)
WS_INSTANTIATE_DRIVER(float)
WS_INSTANTIATE_DRIVER(Affine)
#undef WS_INSTANTIATE_DRIVER

}  // namespace ws
