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

constexpr std::string_view kReductionIds[] = {
    "reduce-single-block", "reduce-single-block-noncomm", "reduce-multi-block",
    "reduce-last-block",   "reduce-multi-block-noncomm",  "reduce-warp",
    "reduce-ladder"};

template <typename T>
Result<ReductionProgram<T>> makeProgram(const std::string& id, const ParamValues& params,
                                        const DeviceInfo& device) {
    const std::string variant = params.count("variant") ? paramChoice(params, "variant") : "";
    if constexpr (!std::is_same_v<T, Affine>) {  // sums: int32 and float
        if (id == "reduce-single-block") return makeSingleBlockProgram<T>(params, device);
        if (id == "reduce-multi-block") return makeMultiBlockProgram<T>(params, device);
        if (id == "reduce-last-block") return makeLastBlockProgram<T>(params, device);
        if (id == "reduce-ladder" && variant == "best") return makeBestProgram<T>(params, device);
        if (id == "reduce-ladder" && variant == "cub") return makeCubProgram<T>(params, device);
        if (id == "reduce-ladder") return makeLadderProgram<T>(params, device);
    }
    if constexpr (!std::is_same_v<T, float>) {  // op=add (int32) or op=affine
        if (id == "reduce-single-block-noncomm")
            return makeSingleBlockNoncommProgram<T>(params, device);
        if (id == "reduce-multi-block-noncomm")
            return makeMultiBlockNoncommProgram<T>(params, device);
    }
    if (id == "reduce-warp") return makeWarpProgram<T>(params, device);
    return makeError("experiment " + id + " has no launcher for element type " +
                     elementName(kindOf<T>()));
}

template <typename T>
Result<ReductionRun> runTyped(const ExperimentSpec& spec, const ParamValues& params,
                              const ReductionInput* prepared, const RunOptions& options) {
    auto device = cachedDeviceInfo(options.device);
    if (!device) return makeError(device.error());
    auto program = makeProgram<T>(spec.id, params, *device);
    if (!program) return makeError(program.error());
    const std::uint64_t n = paramInt(params, "n");
    // The input counts against free memory only if it is still to be made.
    const std::uint64_t inputBytes = prepared ? 0 : ReductionInput::deviceBytes(kindOf<T>(), n);
    if (Status s = checkReductionFits(*program, *device, n, inputBytes); !s)
        return makeError(spec.id + ": " + s.error());
    if (prepared) return executeReduction(spec.id, params, *program, *prepared, *device, options);
    auto input = ReductionInput::prepare(kindOf<T>(), n, options.seed);
    if (!input) return makeError(input.error());
    return executeReduction(spec.id, params, *program, *input, *device, options);
}

Result<ReductionRun> dispatch(const ExperimentSpec& spec, const ParamValues& params,
                              const ReductionInput* prepared, const RunOptions& options) {
    if (!isReductionExperiment(spec.id))
        return makeError("experiment " + spec.id + " is not a reduction");
    auto resolved = resolveParams(spec, params);
    if (!resolved) return makeError(resolved.error());
    WS_CUDA_TRY(cudaSetDevice(options.device));
    const ElementKind kind = elementKind(*resolved);
    if (prepared &&
        (prepared->kind() != kind || prepared->size() != std::uint64_t(paramInt(*resolved, "n"))))
        return makeError("the prepared input holds " + std::to_string(prepared->size()) + " " +
                         elementName(prepared->kind()) + " values, the parameters ask for n=" +
                         std::to_string(paramInt(*resolved, "n")) + " " + elementName(kind));
    switch (kind) {
        case ElementKind::Int32:
            return runTyped<std::uint32_t>(spec, *resolved, prepared, options);
        case ElementKind::Float:
            return runTyped<float>(spec, *resolved, prepared, options);
        case ElementKind::Affine:
            return runTyped<Affine>(spec, *resolved, prepared, options);
    }
    return makeError("unknown element type");
}

}  // namespace

bool isReductionExperiment(std::string_view id) {
    for (auto known : kReductionIds)
        if (known == id) return true;
    return false;
}

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
