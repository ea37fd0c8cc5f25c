#include "core/device/device_facts.h"

#include <cstdio>

#include "core/catalog/catalog.h"
#include "core/device/pcie_link.h"

namespace ws {

std::string bytesText(double bytes) {
    char text[32];
    // Binary units throughout, as the registers' KiB and the L2's MiB: the
    // "80GB" in an H100's name is 79.2 GiB of memory the runtime reports.
    if (bytes >= double(1 << 30))
        std::snprintf(text, sizeof text, "%.1f GiB", bytes / double(1 << 30));
    else if (bytes >= 1 << 20)
        std::snprintf(text, sizeof text, "%.0f MiB", bytes / (1 << 20));
    else if (bytes >= 1 << 10)
        std::snprintf(text, sizeof text, "%.0f KiB", bytes / (1 << 10));
    else
        std::snprintf(text, sizeof text, "%.0f B", bytes);
    return text;
}

std::vector<SmLimit> smLimits(const DeviceInfo& d) {
    std::vector<SmLimit> out;
    if (d.maxThreadsPerSm > 0)
        out.push_back({"threads", double(d.maxThreadsPerSm), "",
                       std::to_string(d.maxThreadsPerSm / kWarpSize) + " warps of 32"});
    if (d.maxBlocksPerSm > 0) out.push_back({"blocks", double(d.maxBlocksPerSm), "", ""});
    if (d.regsPerSm > 0)
        out.push_back({"registers", double(d.regsPerSm), "",
                       bytesText(double(d.regsPerSm) * 4) + " of 32-bit registers"});
    if (d.sharedMemPerSm > 0)
        out.push_back({"shared memory", double(d.sharedMemPerSm), "B",
                       bytesText(d.sharedMemPerBlockOptin) + " per block with opt-in, " +
                           bytesText(d.sharedMemPerBlock) + " without"});
    if (d.maxThreadsPerBlock > 0)
        out.push_back({"threads per block", double(d.maxThreadsPerBlock), "", ""});
    return out;
}

bool throughputOverPcie(const Run& run) {
    const ExperimentSpec* spec = findExperiment(run.experiment);
    return spec && spec->throughputOverPcie;
}

Yardstick throughputYardstick(const Run& run) {
    if (throughputOverPcie(run)) {
        const PcieLink link = pcieLinkOf(run.environment);
        if (!link.known()) return {};
        return {link.theoreticalGBs(), "the " + link.text() + " link's"};
    }
    if (run.device.memBandwidthGBs <= 0) return {};
    return {run.device.memBandwidthGBs, "the device memory's"};
}

std::vector<MemoryLevel> memoryHierarchy(const Run& run) {
    const DeviceInfo& d = run.device;
    std::vector<MemoryLevel> out;
    out.push_back({"registers", "per SM", double(d.regsPerSm) * 4, 0, 0, ""});
    out.push_back({"shared memory", "per SM", double(d.sharedMemPerSm), 0, 0, ""});
    out.push_back({"L2 cache", "whole GPU", double(d.l2CacheBytes), 0, 0, ""});
    MemoryLevel global{"global memory",   "whole GPU", double(d.globalMemBytes),
                       d.memBandwidthGBs, 0,           ""};
    // A device-to-device copy reads and writes each byte: its bus traffic is
    // twice the bytes copied, comparable with the theoretical peak.
    if (auto it = run.figures.find("dtodGBs"); it != run.figures.end()) {
        global.measuredGBs = 2 * it->second;
        global.measuredBy = "cudaMemcpy device to device, read + written";
    } else if (run.timing.gbPerS() > 0 && !throughputOverPcie(run)) {
        global.measuredGBs = run.timing.gbPerS();
        global.measuredBy = "this run (" + run.experiment + ")";
    }
    out.push_back(global);
    const PcieLink link = pcieLinkOf(run.environment);
    MemoryLevel host{"host memory",
                     "over " + (link.known() ? link.text() : std::string("PCIe")),
                     0,
                     link.theoreticalGBs(),
                     0,
                     ""};
    if (auto it = run.figures.find("htodPinnedGBs"); it != run.figures.end()) {
        host.measuredGBs = it->second;
        host.measuredBy = "cudaMemcpy host to device, pinned";
    } else if (run.timing.gbPerS() > 0 && throughputOverPcie(run)) {
        host.measuredGBs = run.timing.gbPerS();
        host.measuredBy = "this run (" + run.experiment + ")";
    }
    out.push_back(host);
    return out;
}

}  // namespace ws
