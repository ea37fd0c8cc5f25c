// How long a launch takes to reach the SMs: from the call to the launched
// grid's first block. On the device both ends read %globaltimer; from the host
// the call is stamped on CUPTI's clock and moved onto %globaltimer by the
// offset measured just before, so that figure carries the offset's spread.
#include <algorithm>

#include "core/concurrency/concurrency_tables.h"
#include "core/timing/clock_alignment.h"
#include "core/timing/timing_stats.h"
#include "kernels/common/cuda_check.h"
#include "kernels/common/device_buffer.h"
#include "kernels/concurrency/activity_recording.h"
#include "kernels/concurrency/clock_probe.h"
#include "kernels/concurrency/cupti_activity.h"
#include "kernels/concurrency/dp_experiments.h"
#include "kernels/concurrency/dynamic/dp_launchers.h"

namespace ws::concurrency {

namespace {

struct Sample {
    tables::LatencySource source;
    std::uint64_t requestNs, firstBlockNs;
};

// Zeroes both stamps before a launch, so a stamp its grid did not write reads
// as 0 and is refused by stamps(). The zeroes also make every byte the host
// reads back defined for compute-sanitizer's initcheck, which does not see
// the writes of device-launched grids (docs/reliability.md).
Status clearStamps(DeviceBuffer<std::uint64_t>& buffer) {
    if (Status s = buffer.fill(0); !s) return s;
    WS_CUDA_TRY(cudaDeviceSynchronize());
    return {};
}

// `needRequest`: the request stamp was written by this launch (from the
// device), not left from an earlier one.
Result<std::pair<std::uint64_t, std::uint64_t>> stamps(const DeviceBuffer<std::uint64_t>& buffer,
                                                       bool needRequest) {
    WS_CUDA_TRY(cudaDeviceSynchronize());
    std::uint64_t both[2] = {};
    WS_CUDA_TRY(cudaMemcpy(both, buffer.get(), sizeof both, cudaMemcpyDeviceToHost));
    if (both[1] == 0) return makeError("launch latency: the launched grid wrote no start stamp");
    if (needRequest && both[0] == 0)
        return makeError("launch latency: the launching grid wrote no request stamp");
    return std::pair{both[0], both[1]};
}

void storeFigure(Run& run, const std::string& name, std::vector<double> ns) {
    if (ns.empty()) return;
    std::sort(ns.begin(), ns.end());
    run.figures[name + "Us"] = medianMs(ns) / 1000;
    run.figures[name + "MinUs"] = ns.front() / 1000;
    run.figures[name + "MaxUs"] = ns.back() / 1000;
}

}  // namespace

Status measureLaunchLatency(int count, Run& run) {
    DeviceBuffer<std::uint64_t> buffer;  // [0] request, [1] first block
    if (Status s = buffer.allocate(2); !s) return s;
    std::vector<Sample> samples;
    WS_CUDA_TRY(cudaDeviceSynchronize());
    // From the device: one clock, no alignment needed.
    for (auto [mode, source] :
         {std::pair{dp::GridMode::FireAndForget, tables::LatencySource::FireAndForget},
          {dp::GridMode::Tail, tables::LatencySource::Tail}})
        for (int i = -1; i < count; ++i) {  // i == -1: the warm-up
            if (Status s = clearStamps(buffer); !s) return s;
            if (const cudaError_t e =
                    dp::launchStampFromDevice(mode, buffer.get(), buffer.get() + 1, nullptr);
                e != cudaSuccess)
                return cudaFailure("launch of launchStamp", __FILE__, __LINE__, e);
            auto s = stamps(buffer, true);
            if (!s) return makeError(s.error());
            if (i >= 0) samples.push_back({source, s->first, s->second});
        }
    // From the host, on an idle GPU: CUPTI's clock before the call.
    auto fit = cuptiSwitchedOff() ? Result<ClockFit>(makeError("CUPTI is switched off"))
                                  : measureClockOffset();
    if (!fit) {
        run.texts["hostLaunchLatency"] = "not measured: " + fit.error();
    } else {
        for (int i = -1; i < count; ++i) {
            if (Status s = clearStamps(buffer); !s) return s;
            auto before = cupti::timestampNs();
            if (!before) return makeError(before.error());
            if (const cudaError_t e = dp::launchStampFromHost(buffer.get() + 1, nullptr);
                e != cudaSuccess)
                return cudaFailure("launch of stampFirstBlock", __FILE__, __LINE__, e);
            auto s = stamps(buffer, false);
            if (!s) return makeError(s.error());
            if (i >= 0)
                samples.push_back({tables::LatencySource::Host,
                                   toGlobalTimer(*before, fit->alignment), s->second});
        }
        run.figures["hostLatencyClockSpreadNs"] = fit->alignment.spreadNs;
    }
    std::vector<std::uint8_t> source;
    std::vector<std::uint64_t> request, first;
    std::vector<double> byKind[3];
    for (const Sample& s : samples) {
        source.push_back(std::uint8_t(s.source));
        request.push_back(s.requestNs);
        first.push_back(s.firstBlockNs);
        byKind[std::size_t(s.source)].push_back(double(std::int64_t(s.firstBlockNs - s.requestNs)));
    }
    RecordTable& t = addTable(run.tables, tables::kLaunchLatency);
    t.add<std::uint8_t>("source") = std::move(source);
    t.add<std::uint64_t>("requestNs") = std::move(request);
    t.add<std::uint64_t>("firstBlockNs") = std::move(first);
    storeFigure(run, "hostLaunchLatency", byKind[0]);
    storeFigure(run, "fireAndForgetLatency", byKind[1]);
    storeFigure(run, "tailLatency", byKind[2]);
    return {};
}

}  // namespace ws::concurrency
