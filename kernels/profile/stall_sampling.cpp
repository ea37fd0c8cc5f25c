#include "kernels/profile/stall_sampling.h"

#include <cupti.h>
#include <cupti_pcsampling.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>

#include "kernels/common/cuda_check.h"
#include "kernels/common/event_timing.h"
#include "kernels/profile/cache_flush.h"
#include "kernels/profile/cupti_status.h"
#include "kernels/profile/current_context.h"

namespace ws::profile {
namespace {

constexpr std::size_t kPcsPerRead = 4096;

// A buffer CUPTI fills with parsed samples: PCs, and per PC a reason array.
class SampleBuffer {
public:
    explicit SampleBuffer(std::size_t reasons)
        : pcs_(kPcsPerRead), reasons_(kPcsPerRead * reasons) {
        data_.size = sizeof(CUpti_PCSamplingData);
        data_.collectNumPcs = kPcsPerRead;
        data_.pPcData = pcs_.data();
        for (std::size_t i = 0; i < kPcsPerRead; ++i) {
            pcs_[i].size = sizeof(CUpti_PCSamplingPCData);
            pcs_[i].stallReason = reasons_.data() + i * reasons;
        }
    }
    CUpti_PCSamplingData* get() { return &data_; }

private:
    CUpti_PCSamplingData data_{};
    std::vector<CUpti_PCSamplingPCData> pcs_;
    std::vector<CUpti_PCSamplingStallReason> reasons_;
};

// The reasons in CUPTI's order, and CUPTI's index of each.
struct Reasons {
    std::vector<std::string> names;
    std::vector<std::uint32_t> cuptiIndex;
};

Result<Reasons> stallReasons(CUcontext context) {
    std::size_t count = 0;
    CUpti_PCSamplingGetNumStallReasonsParams number{};
    number.size = CUpti_PCSamplingGetNumStallReasonsParamsSize;
    number.ctx = context;
    number.numStallReasons = &count;
    WS_CUPTI_TRY(cuptiPCSamplingGetNumStallReasons(&number));
    std::vector<std::vector<char>> text(count, std::vector<char>(CUPTI_STALL_REASON_STRING_SIZE));
    std::vector<char*> pointers;
    for (auto& t : text) pointers.push_back(t.data());
    Reasons out;
    out.cuptiIndex.resize(count);
    CUpti_PCSamplingGetStallReasonsParams names{};
    names.size = CUpti_PCSamplingGetStallReasonsParamsSize;
    names.ctx = context;
    names.numStallReasons = count;
    names.stallReasonIndex = out.cuptiIndex.data();
    names.stallReasons = pointers.data();
    WS_CUPTI_TRY(cuptiPCSamplingGetStallReasons(&names));
    for (auto& t : text) out.names.emplace_back(t.data());
    return out;
}

// Adds a buffer's PCs to the tally (the function names stay CUPTI's).
void drain(CUpti_PCSamplingData& data, const std::map<std::uint32_t, std::uint32_t>& reasonOf,
           std::map<std::tuple<std::string, std::uint32_t, std::uint32_t>, std::uint64_t>& tally,
           StallSampling& out) {
    if (std::getenv("WARPSCOPE_PROFILE_DEBUG"))
        std::fprintf(
            stderr,
            "pc sampling data: %zu pcs (%zu remaining), %llu samples, first pc reasons %zu\n",
            data.totalNumPcs, data.remainingNumPcs, (unsigned long long)data.totalSamples,
            data.totalNumPcs ? data.pPcData[0].stallReasonCount : 0);
    out.totalSamples += data.totalSamples;
    out.droppedSamples += data.droppedSamples;
    for (std::size_t i = 0; i < data.totalNumPcs && i < data.collectNumPcs; ++i) {
        CUpti_PCSamplingPCData& pc = data.pPcData[i];
        const std::string function = pc.functionName ? pc.functionName : "";
        for (std::size_t r = 0; r < pc.stallReasonCount; ++r) {
            const auto found = reasonOf.find(pc.stallReason[r].pcSamplingStallReasonIndex);
            if (found == reasonOf.end() || pc.stallReason[r].samples == 0) continue;
            tally[{function, std::uint32_t(pc.pcOffset), found->second}] +=
                pc.stallReason[r].samples;
        }
    }
    data.totalNumPcs = 0;
    data.totalSamples = 0;
    data.droppedSamples = 0;
}

Status enableOn(CUcontext context) {
    CUpti_PCSamplingEnableParams params{};
    params.size = CUpti_PCSamplingEnableParamsSize;
    params.ctx = context;
    WS_CUPTI_TRY(cuptiPCSamplingEnable(&params));
    return {};
}

Status disableOn(CUcontext context) {
    CUpti_PCSamplingDisableParams params{};
    params.size = CUpti_PCSamplingDisableParamsSize;
    params.ctx = context;
    WS_CUPTI_TRY(cuptiPCSamplingDisable(&params));
    return {};
}

std::mutex gEnabledMutex;
std::set<CUcontext> gEnabledEarly;

bool enabledEarly(CUcontext context) {
    std::lock_guard lock(gEnabledMutex);
    return gEnabledEarly.count(context) > 0;
}

}  // namespace

Status enableStallSampling(CUcontext context) {
    if (Status s = enableOn(context); !s) return s;
    std::lock_guard lock(gEnabledMutex);
    gEnabledEarly.insert(context);
    return {};
}

Status pauseStallSampling() {
    auto context = currentContext();
    if (!context) return makeError(context.error());
    return enabledEarly(*context) ? disableOn(*context) : Status{};
}

Status resumeStallSampling() {
    auto context = currentContext();
    if (!context) return makeError(context.error());
    return enabledEarly(*context) ? enableOn(*context) : Status{};
}

int samplingPeriodFor(double kernelMs, int smCount, int clockKHz, double wantedSamples) {
    const double cycles = std::max(kernelMs, 1e-3) * 1e-3 * std::max(clockKHz, 1) * 1e3;
    const double perSample = cycles * std::max(smCount, 1) / std::max(wantedSamples, 1.0);
    const int log2 = int(std::ceil(std::log2(std::max(perSample, 1.0))));
    return std::clamp(log2, 5, 31);
}

Result<StallSampling> sampleStalls(const TimedWork& work, int device, int periodLog2,
                                   int launches) {
    auto context = currentContext();
    if (!context) return makeError(context.error());
    // Every launch starts on an empty L2, as the counters' passes and
    // Nsight Compute's sampling do: back to back, each launch found the last
    // one's output dirty in L2 and waited on its write-back (the tiled
    // transpose's shared-memory share read 8 points under ncu's).
    CacheFlush cache;
    if (Status s = cache.prepare(device, work.stream); !s) return makeError(s.error());
    const std::function<Status()> before = [&]() -> Status {
        if (work.before)
            if (Status s = work.before(); !s) return s;
        return cache.flush(work.stream);
    };
    // Timed without sampling first, as many launches, for the overhead.
    auto unsampled = timeRuns(launches, work.stream, work.run, before);
    if (!unsampled) return makeError(unsampled.error());

    // CUPTI may write into the configured buffer until sampling is disabled,
    // so the buffer lives as long as the context's sampling does: a context
    // enabled when it was made keeps sampling enabled and its last buffer.
    const bool early = enabledEarly(*context);
    static std::map<CUcontext, std::unique_ptr<SampleBuffer>> kept;
    std::unique_ptr<SampleBuffer> own;
    std::unique_ptr<SampleBuffer>* configured = early ? &kept[*context] : &own;
    if (!early)
        if (Status s = enableOn(*context); !s) return makeError(s.error());
    // A context enabled here is disabled when the sampling ends, however it ends.
    struct Disable {
        CUcontext context;
        bool done = false;
        void now() {
            if (!done) (void)disableOn(context);
            done = true;
        }
        ~Disable() { now(); }
    } disableAtEnd{*context, early};

    // The reasons are known once sampling is enabled on the context.
    auto reasons = stallReasons(*context);
    if (!reasons) return makeError(reasons.error());
    StallSampling out;
    out.reasons = reasons->names;
    out.periodLog2 = periodLog2;
    out.unsampledMs = medianOf(*unsampled);
    std::map<std::uint32_t, std::uint32_t> reasonOf;  // CUPTI's index -> ours
    for (std::uint32_t i = 0; i < reasons->cuptiIndex.size(); ++i)
        reasonOf[reasons->cuptiIndex[i]] = i;
    *configured = std::make_unique<SampleBuffer>(out.reasons.size());

    std::vector<CUpti_PCSamplingConfigurationInfo> info(7);
    info[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
    info[0].attributeData.samplingPeriodData.samplingPeriod = std::uint32_t(periodLog2);
    info[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON;
    info[1].attributeData.stallReasonData.stallReasonCount = reasons->cuptiIndex.size();
    info[1].attributeData.stallReasonData.pStallReasonIndex = reasons->cuptiIndex.data();
    info[2].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
    info[2].attributeData.collectionModeData.collectionMode =
        CUPTI_PC_SAMPLING_COLLECTION_MODE_CONTINUOUS;
    info[3].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
    info[3].attributeData.enableStartStopControlData.enableStartStopControl = 1;
    info[4].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT;
    info[4].attributeData.outputDataFormatData.outputDataFormat =
        CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
    info[5].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
    info[5].attributeData.samplingDataBufferData.samplingDataBuffer = (*configured)->get();
    // Room for every PC of a large kernel between two reads (the default is 1 MB).
    info[6].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE;
    info[6].attributeData.scratchBufferSizeData.scratchBufferSize = 16u << 20;
    CUpti_PCSamplingConfigurationInfoParams configure{};
    configure.size = CUpti_PCSamplingConfigurationInfoParamsSize;
    configure.ctx = *context;
    configure.numAttributes = info.size();
    configure.pPCSamplingConfigurationInfo = info.data();
    WS_CUPTI_TRY(cuptiPCSamplingSetConfigurationAttribute(&configure));

    std::map<std::tuple<std::string, std::uint32_t, std::uint32_t>, std::uint64_t> tally;
    CUpti_PCSamplingStartParams start{};
    start.size = CUpti_PCSamplingStartParamsSize;
    start.ctx = *context;
    WS_CUPTI_TRY(cuptiPCSamplingStart(&start));
    // timeRuns' untimed warm-up is a sampled launch too: it is counted.
    auto sampled = timeRuns(launches, work.stream, work.run, before);
    CUpti_PCSamplingStopParams stop{};
    stop.size = CUpti_PCSamplingStopParamsSize;
    stop.ctx = *context;
    const CUptiResult stopped = cuptiPCSamplingStop(&stop);
    if (!sampled) return makeError(sampled.error());
    if (stopped != CUPTI_SUCCESS) return cuptiError("cuptiPCSamplingStop", stopped);
    out.sampledMs = medianOf(*sampled);
    out.launches = launches + 1;

    // At the stop CUPTI has put what it had into the configured buffer; what
    // is left comes through the same buffer, as long as CUPTI says more remains.
    CUpti_PCSamplingGetDataParams get{};
    get.size = CUpti_PCSamplingGetDataParamsSize;
    get.ctx = *context;
    get.pcSamplingData = (*configured)->get();
    for (int round = 0; round < 100000; ++round) {
        const bool more = (*configured)->get()->remainingNumPcs > 0;
        drain(*(*configured)->get(), reasonOf, tally, out);
        if (!more && round > 0) break;
        WS_CUPTI_TRY(cuptiPCSamplingGetData(&get));
    }
    disableAtEnd.now();
    // CUPTI's count includes the cache flush's samples, which it cannot
    // place (the flush runs between the sampled launches): the total is the
    // samples placed in the work's kernels, each once (a `_not_issued`
    // reason repeats some of another's).
    const std::uint64_t counted = out.totalSamples;
    out.totalSamples = 0;
    for (const auto& [key, samples] : tally)
        if (!out.reasons[std::get<2>(key)].ends_with("_not_issued")) out.totalSamples += samples;
    if (tally.empty() && counted > 0 && !early)
        return makeError(
            "CUPTI counted samples but could not place them: sampling was enabled after the "
            "kernel's code was loaded (warpscope-record enables it at start with --why)");
    for (const auto& [key, samples] : tally)
        out.pcs.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key),
                           std::uint32_t(std::min<std::uint64_t>(samples, UINT32_MAX))});
    return out;
}

}  // namespace ws::profile
