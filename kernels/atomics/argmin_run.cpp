// The argmin experiment on the host: the variant's program on the prepared
// input, timed plain and recording, each answer checked against the CPU, and
// the seed's comparison reproduced: the CPU's loop against the GPU timed the
// blog's way (the result word set, the kernel, the answer copied back).
#include "core/atomics/argmin_reference.h"
#include "kernels/atomics/argmin_input.h"
#include "kernels/atomics/argmin_programs.h"
#include "kernels/atomics/atomics_experiments.h"
#include "kernels/atomics/atomics_timing.h"
#include "kernels/common/event_timing.h"
#include "kernels/common/memory_launch.h"
#include "kernels/common/paired_timing.h"

namespace ws::atomics {

namespace {

// The answer of the launches just made, against the CPU's.
Result<Verification> check(ArgminProgram& p, const ArgminInput& in, const std::string& variant) {
    auto answer = p.read();
    if (!answer) return makeError(answer.error());
    return verifyArgmin(variant, in.host, in.reference, answer->value, answer->index);
}

// What the blog timed with std::chrono: set the result word, launch, wait,
// copy the answer back. The input is already on the device.
Result<double> endToEndMs(ArgminProgram& p, int repetitions) {
    std::string failure;
    const double ms = medianHostMs(repetitions, [&] {
        if (!failure.empty()) return;
        Status s = p.resetWord();
        if (s) s = p.launch(false);
        if (s) {
            auto a = p.read();
            if (!a) s = makeError(a.error());
        }
        if (!s) failure = s.error();
    });
    if (!failure.empty()) return makeError(failure);
    return ms;
}

}  // namespace

Result<TimedRun> runArgmin(const AtomicsSettings& settings, const RunOptions& options,
                           const DeviceInfo& device, const ArgminInput* prepared) {
    const ArgminSettings& a = settings.argmin;
    const std::string& variant = a.variant;
    const std::uint32_t block = a.block;
    DeviceInfo limits = device;
    if (Status s = memory::completeLimits(limits, options.device); !s) return makeError(s.error());
    if (Status s = memory::checkShape(limits, "argmin " + variant, dim3(1), dim3(block), 0); !s)
        return makeError(s.error());
    std::shared_ptr<ArgminInput> made;
    if (!prepared) {
        auto in = prepareArgminInput(settings, options);
        if (!in) return makeError(in.error());
        made = *in;
        prepared = made.get();
    }
    const ArgminInput& in = *prepared;
    if (in.n != a.n || in.input != a.input)
        return makeError("the prepared argmin input holds n=" + std::to_string(in.n) + " " +
                         in.input + " values, the parameters ask for n=" + std::to_string(a.n) +
                         " " + a.input);
    auto program = makeArgminProgram(variant, in, block, a.tracedBlocks, limits);
    if (!program) return makeError(program.error());
    ArgminProgram& p = *program;

    const int repetitions = std::max(1, options.repetitions);
    TimedRun out;
    const bool recording = p.recorded;
    // The result word holds the minimum found so far: every launch, the
    // profiler's replays included, starts from it reset (a CAS loop would
    // find nothing left to improve) and the records cleared.
    const PairedLaunches launches{
        .plain = [&] { return p.launch(false); },
        .recorded = [&] { return p.launch(recording); },
        .before = [&]() -> Status {
            if (Status s = p.clearRecords(); !s) return s;
            return p.resetWord();
        },
        .verify = [&] { return check(p, in, variant); },
    };
    auto times = timePlainAndRecorded(repetitions, options.measureOverhead && recording, launches);
    if (!times) return makeError(times.error());
    out.plainMs = std::move(times->plainMs);
    out.recordedMs = std::move(times->recordedMs);
    const Verification* plain = &times->plainCheck;
    const Verification* recorded = &times->recordedCheck;
    auto blogMs = endToEndMs(p, repetitions);
    if (!blogMs) return makeError(blogMs.error());

    Run& run = out.run;
    memory::fillRunHeader(run, "argmin", settings.resolved, device);
    run.verification = *recorded;
    if (recorded->actual != plain->actual)
        run.verification.note += "; the launches without recording returned " + plain->actual +
                                 " (" +
                                 (plain->passed ? "also accepted" : "FAILED: " + plain->note) + ")";
    if (!plain->passed) run.verification.passed = false;
    Launch launch = memory::makeLaunch(p.kernel, dim3(p.grid), dim3(p.block), 0);
    if (recording)
        if (Status s = p.records(launch, run); !s) return makeError(s.error());
    run.launches.push_back(std::move(launch));

    Timing& t = run.timing;
    fillKernelTiming(t, out.plainMs, out.recordedMs, options.measureOverhead && recording);
    t.bytesMoved = double(in.n) * sizeof(float);
    t.cpuMs = in.cpuMs;
    t.cpuParallelMs = in.cpuParallelMs;
    t.cpuThreads = in.cpuThreads;
    t.transferMs = in.uploadMs;
    run.figures["gpuEndToEndMs"] = *blogMs;
    run.figures["cpuOverGpuEndToEnd"] = *blogMs > 0 ? in.cpuMs / *blogMs : 0;
    run.figures["minimumCount"] = double(in.reference.count);
    run.figures["cpuIndex"] = double(in.reference.index);
    return out;
}

}  // namespace ws::atomics
