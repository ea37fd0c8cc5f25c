#include "core/device/environment_badges.h"

#include <algorithm>
#include <cstdio>

namespace ws {

namespace {

constexpr const char* kReasonNames[] = {
    "GPU idle",                       // 0x1
    "applications clocks setting",    // 0x2
    "software power cap",             // 0x4
    "hardware slowdown",              // 0x8
    "sync boost",                     // 0x10
    "software thermal slowdown",      // 0x20
    "hardware thermal slowdown",      // 0x40
    "hardware power brake slowdown",  // 0x80
    "display clock setting",          // 0x100
};

std::string joined(const std::vector<std::string>& parts, const char* separator = ", ") {
    std::string text;
    for (const auto& p : parts) text += (text.empty() ? "" : separator) + p;
    return text;
}

std::string otherProcesses(const GpuEnvironment& e) {
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < e.otherPids.size(); ++i) {
        const std::string name = i < e.otherProcessNames.size() && !e.otherProcessNames[i].empty()
                                     ? e.otherProcessNames[i]
                                     : "unnamed";
        parts.push_back(name + " (pid " + std::to_string(e.otherPids[i]) + ")");
    }
    return joined(parts);
}

bool underMps(const GpuEnvironment& e) {
    for (const auto& name : e.otherProcessNames)
        if (name.find("nvidia-cuda-mps-server") != std::string::npos) return true;
    return false;
}

}  // namespace

std::vector<std::string> clockReasonNames(std::uint64_t bits) {
    std::vector<std::string> names;
    for (int bit = 0; bit < 64; ++bit) {
        const std::uint64_t mask = std::uint64_t(1) << bit;
        if (!(bits & mask)) continue;
        if (bit < int(std::size(kReasonNames))) {
            names.push_back(kReasonNames[bit]);
        } else {
            char hex[32];
            std::snprintf(hex, sizeof hex, "reason 0x%llx", static_cast<unsigned long long>(mask));
            names.push_back(hex);
        }
    }
    return names;
}

std::vector<EnvironmentBadge> environmentBadges(const GpuEnvironment& e) {
    std::vector<EnvironmentBadge> badges;
    if (!e.queried) {
        if (!e.unavailableReason.empty())
            badges.push_back({BadgeKind::StateUnknown, "GPU state unknown",
                              "NVML could not be asked: " + e.unavailableReason});
        return badges;
    }
    if (!e.otherPids.empty()) {
        const std::string who = otherProcesses(e);
        badges.push_back(
            underMps(e)
                ? EnvironmentBadge{BadgeKind::SharedGpu,
                                   "shared GPU (MPS): timings may be disturbed",
                                   "the GPU ran under the MPS server, which "
                                   "interleaves its clients' kernels: " +
                                       who}
                : EnvironmentBadge{
                      BadgeKind::SharedGpu, "shared GPU: timings may be disturbed",
                      std::to_string(e.otherPids.size()) +
                          (e.otherPids.size() == 1 ? " other process" : " other processes") +
                          " computed on this GPU: " + who});
    }
    if (e.migEnabled) {
        const std::string profile = e.migProfile.empty() ? "slice" : e.migProfile;
        std::string text = "MIG " + profile;
        if (e.migSmCount > 0) text += ": " + std::to_string(e.migSmCount) + " SMs";
        badges.push_back({BadgeKind::MigSlice, text,
                          "the run had a MIG slice of the GPU: its SMs, memory bandwidth and L2 "
                          "are a fraction of the whole GPU's"});
    }
    const std::uint64_t reasons = e.throttleReasons & ~kClockReasonGpuIdle;
    if (reasons) {
        const std::string names = joined(clockReasonNames(reasons));
        badges.push_back({BadgeKind::Throttled, "throttled: " + names,
                          "NVML reported clocks held down by: " + names});
    }
    // A clock read while the GPU was idle (a run too short for a busy
    // sample) is the idle clock, not the one the kernels ran at.
    const bool sampledIdle = e.throttleReasons & kClockReasonGpuIdle;
    if (!sampledIdle && e.smClockMHz > 0 && e.maxSmClockMHz > 0 &&
        e.smClockMHz < kClockBelowMaxFraction * e.maxSmClockMHz) {
        badges.push_back({BadgeKind::ClockBelowMax, "clock below maximum",
                          "SM clock " + std::to_string(e.smClockMHz) + " of " +
                              std::to_string(e.maxSmClockMHz) + " MHz while the run computed"});
    }
    return badges;
}

std::vector<EnvironmentBadge> environmentBadges(const Run& run) {
    return environmentBadges(run.environment);
}

std::vector<std::string> environmentFacts(const GpuEnvironment& e) {
    std::vector<std::string> lines;
    if (e.lockWaitMs > 0 || e.runsAheadAtStart > 0) {
        char text[160];
        std::snprintf(text, sizeof text, "waited %.0f ms for the GPU (%d %s ahead)", e.lockWaitMs,
                      e.runsAheadAtStart, e.runsAheadAtStart == 1 ? "run" : "runs");
        lines.push_back(text);
    }
    if (!e.queried) {
        lines.push_back(e.unavailableReason.empty()
                            ? "GPU state: not recorded"
                            : "GPU state: unknown (" + e.unavailableReason + ")");
        return lines;
    }
    if (!e.uuid.empty()) lines.push_back("GPU " + e.uuid);
    lines.push_back("other processes on the GPU: " +
                    (e.otherPids.empty() ? std::string("none") : otherProcesses(e)));
    if (e.gpuUtilizationPercent >= 0)
        lines.push_back("utilization before the run: " + std::to_string(e.gpuUtilizationPercent) +
                        " % compute, " + std::to_string(std::max(0, e.memoryUtilizationPercent)) +
                        " % memory");
    std::string mode = "compute mode: " + (e.computeMode.empty() ? "unknown" : e.computeMode);
    mode += e.migEnabled ? ", MIG " + e.migProfile + " (" + std::to_string(e.migSmCount) + " SMs)"
                         : ", MIG off";
    lines.push_back(mode);
    if (e.smClockMHz > 0 || e.memClockMHz > 0)
        lines.push_back(std::string(e.throttleReasons & kClockReasonGpuIdle
                                        ? "clocks (read while the GPU was idle): SM "
                                        : "clocks while computing: SM ") +
                        std::to_string(e.smClockMHz) + " of " + std::to_string(e.maxSmClockMHz) +
                        " MHz, memory " + std::to_string(e.memClockMHz) + " MHz");
    const auto reasons = clockReasonNames(e.throttleReasons);
    lines.push_back("clock reasons: " + (reasons.empty() ? std::string("none") : joined(reasons)));
    if (e.pcieMaxGeneration > 0)
        lines.push_back("PCIe: Gen" + std::to_string(e.pcieGeneration) + " x" +
                        std::to_string(e.pcieWidth) + " (max Gen" +
                        std::to_string(e.pcieMaxGeneration) + " x" +
                        std::to_string(e.pcieMaxWidth) + ")");
    return lines;
}

}  // namespace ws
