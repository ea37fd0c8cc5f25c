// The reduction lab behind runExperiment: from an experiment id and its
// parameters to the program of its kind, with the element type the
// parameters select.
#include "kernels/reduction/reduction_runner.h"

#include <type_traits>

#include "kernels/common/cuda_check.h"
#include "kernels/device/device_query.h"
#include "kernels/reduction/reduction_programs.h"

namespace ws {

namespace {

template <typename T>
Result<ReductionProgram<T>> makeProgram(const ReductionSettings& s, const DeviceInfo& device) {
    using E = ReductionExperiment;
    if constexpr (!std::is_same_v<T, Affine>) {  // sums: int32 and float
        if (s.is(E::SingleBlock)) return makeSingleBlockProgram<T>(s, device);
        if (s.is(E::MultiBlock)) return makeMultiBlockProgram<T>(s, device);
        if (s.is(E::LastBlock)) return makeLastBlockProgram<T>(s, device);
        if (s.is(E::Ladder) && s.variant == ReductionVariant::Best)
            return makeBestProgram<T>(s, device);
        if (s.is(E::Ladder) && s.variant == ReductionVariant::Cub)
            return makeCubProgram<T>(s, device);
        if (s.is(E::Ladder)) return makeLadderProgram<T>(s, device);
    }
    if constexpr (!std::is_same_v<T, float>) {  // op=add (int32) or op=affine
        if (s.is(E::SingleBlockNoncomm)) return makeSingleBlockNoncommProgram<T>(s, device);
        if (s.is(E::MultiBlockNoncomm)) return makeMultiBlockNoncommProgram<T>(s, device);
    }
    if (s.is(E::Warp)) return makeWarpProgram<T>(s, device);
    return makeError("experiment " + std::string(reductionExperimentId(s.experiment)) +
                     " has no launcher for element type " + elementName(kindOf<T>()));
}

template <typename T>
Result<ReductionRun> runTyped(const ReductionSettings& settings, const ReductionInput* prepared,
                              const RunOptions& options) {
    auto device = cachedDeviceInfo(options.device);
    if (!device) return makeError(device.error());
    auto program = makeProgram<T>(settings, *device);
    if (!program) return makeError(program.error());
    const std::uint64_t n = settings.n;
    // The input counts against free memory only if it is still to be made.
    const std::uint64_t inputBytes = prepared ? 0 : ReductionInput::deviceBytes(kindOf<T>(), n);
    if (Status s = checkReductionFits(*program, *device, n, inputBytes); !s)
        return makeError(std::string(reductionExperimentId(settings.experiment)) + ": " +
                         s.error());
    if (prepared) return executeReduction(settings, *program, *prepared, *device, options);
    auto input = ReductionInput::prepare(kindOf<T>(), n, options.seed);
    if (!input) return makeError(input.error());
    return executeReduction(settings, *program, *input, *device, options);
}

Result<ReductionRun> dispatch(const ExperimentSpec& spec, const ParamValues& params,
                              const ReductionInput* prepared, const RunOptions& options) {
    // The run's one parse of its parameters: everything below reads `settings`.
    auto settings = reductionSettings(spec.id, params);
    if (!settings) return makeError(settings.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    const ElementKind kind = settings->element;
    if (prepared && (prepared->kind() != kind || prepared->size() != settings->n))
        return makeError("the prepared input holds " + std::to_string(prepared->size()) + " " +
                         elementName(prepared->kind()) + " values, the parameters ask for n=" +
                         std::to_string(settings->n) + " " + elementName(kind));
    switch (kind) {
        case ElementKind::Int32:
            return runTyped<std::uint32_t>(*settings, prepared, options);
        case ElementKind::Float:
            return runTyped<float>(*settings, prepared, options);
        case ElementKind::Affine:
            return runTyped<Affine>(*settings, prepared, options);
    }
    return makeError("unknown element type");
}

}  // namespace

bool isReductionExperiment(std::string_view id) { return parseReductionExperiment(id).has_value(); }

Result<ReductionRun> runReduction(const ExperimentSpec& spec, const ParamValues& params,
                                  const ReductionInput& input, const RunOptions& options) {
    return dispatch(spec, params, &input, options);
}

Result<ReductionRun> runReductionExperiment(const ExperimentSpec& spec, const ParamValues& params,
                                            const RunOptions& options) {
    return dispatch(spec, params, nullptr, options);
}

Result<Run> runReductionFamily(const ExperimentSpec& spec, const ParamValues& params,
                               const RunOptions& options, const DeviceInfo&) {
    auto run = runReductionExperiment(spec, params, options);
    if (!run) return makeError(run.error());
    return std::move(run->run);
}

}  // namespace ws
