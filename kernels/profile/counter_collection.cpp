#include "kernels/profile/counter_collection.h"

#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include <cstdint>
#include <map>

#include "core/profile/counter_combination.h"
#include "kernels/common/cuda_check.h"
#include "kernels/profile/cache_flush.h"
#include "kernels/profile/cupti_status.h"
#include "kernels/profile/current_context.h"
#include "kernels/profile/debug_phase.h"

namespace ws::profile {
namespace {

// Kernels one timed work may launch, each measured in its own range, and
// the cache flush's own two kernels, which run inside each pass.
constexpr std::size_t kMaxKernels = 64;
constexpr std::size_t kFlushKernels = CacheFlush::kKernels;

// The host side of the profiler (metric names to a configuration, raw
// counters to values), released with the object.
class HostObject {
public:
    ~HostObject() {
        if (!object_) return;
        auto params = cuptiParams<CUpti_Profiler_Host_Deinitialize_Params>(
            CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE);
        params.pHostObject = object_;
        cuptiProfilerHostDeinitialize(&params);
    }
    Status initialize(const char* chip, const std::vector<std::uint8_t>& availability) {
        auto params = cuptiParams<CUpti_Profiler_Host_Initialize_Params>(
            CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE);
        params.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
        params.pChipName = chip;
        params.pCounterAvailabilityImage = availability.data();
        WS_CUPTI_TRY(cuptiProfilerHostInitialize(&params));
        object_ = params.pHostObject;
        return {};
    }
    CUpti_Profiler_Host_Object* get() const { return object_; }

private:
    CUpti_Profiler_Host_Object* object_ = nullptr;
};

class RangeProfiler {
public:
    ~RangeProfiler() {
        if (!object_) return;
        auto params = cuptiParams<CUpti_RangeProfiler_Disable_Params>(
            CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE);
        params.pRangeProfilerObject = object_;
        cuptiRangeProfilerDisable(&params);
    }
    Status enable(CUcontext context) {
        auto params = cuptiParams<CUpti_RangeProfiler_Enable_Params>(
            CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE);
        params.ctx = context;
        WS_CUPTI_TRY(cuptiRangeProfilerEnable(&params));
        object_ = params.pRangeProfilerObject;
        return {};
    }
    CUpti_RangeProfiler_Object* get() const { return object_; }

private:
    CUpti_RangeProfiler_Object* object_ = nullptr;
};

Result<std::vector<std::uint8_t>> askCounterAvailability(CUcontext context) {
    auto params = cuptiParams<CUpti_Profiler_GetCounterAvailability_Params>(
        CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE);
    params.ctx = context;
    WS_CUPTI_TRY(cuptiProfilerGetCounterAvailability(&params));
    std::vector<std::uint8_t> image(params.counterAvailabilityImageSize);
    params.pCounterAvailabilityImage = image.data();
    WS_CUPTI_TRY(cuptiProfilerGetCounterAvailability(&params));
    return image;
}

// Asked once per device and kept: CUPTI refuses the question while a
// sampling session is enabled on the context, as it is after the first
// profile's stall sampling.
Result<std::vector<std::uint8_t>> counterAvailability(CUcontext context, int device) {
    static std::map<int, std::vector<std::uint8_t>> known;
    if (auto it = known.find(device); it != known.end()) return it->second;
    auto image = askCounterAvailability(context);
    if (image) known[device] = *image;
    return image;
}

Result<std::vector<std::uint8_t>> configImage(HostObject& host, std::vector<const char*>& names) {
    auto add = cuptiParams<CUpti_Profiler_Host_ConfigAddMetrics_Params>(
        CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE);
    add.pHostObject = host.get();
    add.ppMetricNames = names.data();
    add.numMetrics = names.size();
    WS_CUPTI_TRY(cuptiProfilerHostConfigAddMetrics(&add));
    auto size = cuptiParams<CUpti_Profiler_Host_GetConfigImageSize_Params>(
        CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE);
    size.pHostObject = host.get();
    WS_CUPTI_TRY(cuptiProfilerHostGetConfigImageSize(&size));
    std::vector<std::uint8_t> image(size.configImageSize);
    auto get = cuptiParams<CUpti_Profiler_Host_GetConfigImage_Params>(
        CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE);
    get.pHostObject = host.get();
    get.configImageSize = image.size();
    get.pConfigImage = image.data();
    WS_CUPTI_TRY(cuptiProfilerHostGetConfigImage(&get));
    return image;
}

}  // namespace

Result<CounterReading> collectCounters(const TimedWork& work, int device,
                                       const std::vector<std::string>& metrics,
                                       const std::string& rangeName) {
    auto context = currentContext();
    if (!context) return makeError(context.error());
    auto init =
        cuptiParams<CUpti_Profiler_Initialize_Params>(CUpti_Profiler_Initialize_Params_STRUCT_SIZE);
    WS_CUPTI_TRY(cuptiProfilerInitialize(&init));
    // Left initialized for the next profile of the process.

    auto chip =
        cuptiParams<CUpti_Device_GetChipName_Params>(CUpti_Device_GetChipName_Params_STRUCT_SIZE);
    chip.deviceIndex = std::size_t(device);
    WS_CUPTI_TRY(cuptiDeviceGetChipName(&chip));
    auto availability = counterAvailability(*context, device);
    if (!availability) return makeError(availability.error());

    HostObject host;
    if (Status s = host.initialize(chip.pChipName, *availability); !s) return makeError(s.error());
    std::vector<const char*> names;
    for (const auto& m : metrics) names.push_back(m.c_str());
    auto config = configImage(host, names);
    if (!config) return makeError(config.error());
    auto passes = cuptiParams<CUpti_Profiler_Host_GetNumOfPasses_Params>(
        CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE);
    passes.configImageSize = config->size();
    passes.pConfigImage = config->data();
    WS_CUPTI_TRY(cuptiProfilerHostGetNumOfPasses(&passes));

    RangeProfiler profiler;
    if (Status s = profiler.enable(*context); !s) return makeError(s.error());
    auto size = cuptiParams<CUpti_RangeProfiler_GetCounterDataSize_Params>(
        CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE);
    size.pRangeProfilerObject = profiler.get();
    size.pMetricNames = names.data();
    size.numMetrics = names.size();
    size.maxNumOfRanges = kMaxKernels + kFlushKernels;
    size.maxNumRangeTreeNodes = kMaxKernels + kFlushKernels;
    WS_CUPTI_TRY(cuptiRangeProfilerGetCounterDataSize(&size));
    std::vector<std::uint8_t> counterData(size.counterDataSize);
    auto image = cuptiParams<CUpti_RangeProfiler_CounterDataImage_Initialize_Params>(
        CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE);
    image.pRangeProfilerObject = profiler.get();
    image.counterDataSize = counterData.size();
    image.pCounterData = counterData.data();
    WS_CUPTI_TRY(cuptiRangeProfilerCounterDataImageInitialize(&image));

    // A range around each kernel (auto range), from its start to its end, as
    // Nsight Compute measures; the work's counters are the kernels' added up.
    auto set = cuptiParams<CUpti_RangeProfiler_SetConfig_Params>(
        CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE);
    set.pRangeProfilerObject = profiler.get();
    set.configSize = config->size();
    set.pConfig = config->data();
    set.counterDataImageSize = counterData.size();
    set.pCounterDataImage = counterData.data();
    set.range = CUPTI_AutoRange;
    set.replayMode = CUPTI_UserReplay;
    set.maxRangesPerPass = kMaxKernels + kFlushKernels;
    set.numNestingLevels = 1;
    set.minNestingLevel = 1;
    set.passIndex = 0;
    set.targetNestingLevel = 1;
    WS_CUPTI_TRY(cuptiRangeProfilerSetConfig(&set));

    CacheFlush cache;
    if (Status s = cache.prepare(device, work.stream); !s) return makeError(s.error());
    CounterReading out;
    DebugPhase phase("counter passes");
    bool allSubmitted = false;
    const int maxPasses = int(passes.numOfPasses) + 2;  // CUPTI says when it has every pass
    while (!allSubmitted && out.passes < maxPasses) {
        if (work.before)
            if (Status s = work.before(); !s) return makeError(s.error());
        auto start = cuptiParams<CUpti_RangeProfiler_Start_Params>(
            CUpti_RangeProfiler_Start_Params_STRUCT_SIZE);
        start.pRangeProfilerObject = profiler.get();
        WS_CUPTI_TRY(cuptiRangeProfilerStart(&start));
        // The flush inside the pass, after the profiler started: flushed
        // before cuptiRangeProfilerStart, every kernel on an H200 wrote 17 to
        // 26 MB more to DRAM than it does (a reduction that writes 0.3 MB
        // read 19.6), dirty lines that only appear once the start has run.
        // Its two kernels are the pass's first ranges, left out below.
        if (Status s = cache.flush(work.stream); !s) return makeError(s.error());
        if (Status s = work.run(); !s) return makeError(s.error());
        WS_CUDA_TRY(cudaStreamSynchronize(work.stream));

        auto stop = cuptiParams<CUpti_RangeProfiler_Stop_Params>(
            CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE);
        stop.pRangeProfilerObject = profiler.get();
        WS_CUPTI_TRY(cuptiRangeProfilerStop(&stop));
        allSubmitted = stop.isAllPassSubmitted;
        ++out.passes;
    }
    if (!allSubmitted)
        return makeError("the range profiler wanted more than " + std::to_string(maxPasses) +
                         " passes");
    auto decode = cuptiParams<CUpti_RangeProfiler_DecodeData_Params>(
        CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE);
    decode.pRangeProfilerObject = profiler.get();
    WS_CUPTI_TRY(cuptiRangeProfilerDecodeData(&decode));
    if (decode.numOfRangeDropped > 0)
        return makeError("the timed work launched more than " + std::to_string(kMaxKernels) +
                         " kernels, the most the counters keep apart");

    auto info = cuptiParams<CUpti_RangeProfiler_GetCounterDataInfo_Params>(
        CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE);
    info.pCounterDataImage = counterData.data();
    info.counterDataImageSize = counterData.size();
    WS_CUPTI_TRY(cuptiRangeProfilerGetCounterDataInfo(&info));

    std::vector<KernelCounters> kernels;
    for (std::size_t range = 0; range < info.numTotalRanges; ++range) {
        // Auto ranges are numbered in launch order ("0", "1", ...): the
        // flush's kernels, launched first in every pass, are the first two.
        if (range < kFlushKernels) continue;
        KernelCounters k;
        k.values.assign(names.size(), 0.0);
        auto evaluate = cuptiParams<CUpti_Profiler_Host_EvaluateToGpuValues_Params>(
            CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE);
        evaluate.pHostObject = host.get();
        evaluate.pCounterDataImage = counterData.data();
        evaluate.counterDataImageSize = counterData.size();
        evaluate.rangeIndex = range;
        evaluate.ppMetricNames = names.data();
        evaluate.numMetrics = names.size();
        evaluate.pMetricValues = k.values.data();
        WS_CUPTI_TRY(cuptiProfilerHostEvaluateToGpuValues(&evaluate));
        kernels.push_back(std::move(k));
    }
    if (kernels.empty())
        return makeError("the timed work launched no kernel (the counters measure kernels)");
    const std::vector<double> whole = combineKernelCounters(metrics, kernels);
    for (std::size_t i = 0; i < names.size(); ++i)
        out.counters.push_back({rangeName, metrics[i], whole[i]});
    return out;
}

}  // namespace ws::profile
