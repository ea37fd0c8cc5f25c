#include "core/catalog/gpu_requirements.h"

#include <sstream>
#include <vector>

#include "core/catalog/catalog.h"

namespace ws {

namespace {

struct Architecture {
    int capability = 0;  // 90 for 9.0
    bool machineCode = true, ptx = true;
};

std::vector<Architecture> parseArchitectures(const std::string& list) {
    std::vector<Architecture> out;
    std::stringstream in(list);
    std::string item;
    while (std::getline(in, item, ';')) {
        if (item.empty()) continue;
        Architecture a;
        const auto dash = item.find('-');
        const std::string number = item.substr(0, dash);
        const std::string kind = dash == std::string::npos ? "" : item.substr(dash + 1);
        // "90a" (architecture-specific features) counts as 90.
        try {
            a.capability = std::stoi(number);
        } catch (...) {
            continue;
        }
        if (kind == "real") a.ptx = false;
        if (kind == "virtual") a.machineCode = false;
        out.push_back(a);
    }
    return out;
}

std::string capabilityText(int capability) {
    return std::to_string(capability / 10) + "." + std::to_string(capability % 10);
}

}  // namespace

std::string requirementText(const GpuRequirement& needs) {
    if (needs.any()) return {};
    std::string text = "needs compute capability " + needs.version();
    if (!needs.why.empty()) text += " (" + needs.why + ")";
    return text;
}

std::optional<std::string> requirementRefusal(const ExperimentSpec& spec,
                                              const DeviceInfo& device) {
    const GpuRequirement& needs = spec.needs;
    if (needs.any()) return std::nullopt;
    if (device.ccMajor > needs.major ||
        (device.ccMajor == needs.major && device.ccMinor >= needs.minor))
        return std::nullopt;
    return spec.id + " " + requirementText(needs) + "; this GPU, " + device.name + ", is " +
           std::to_string(device.ccMajor) + "." + std::to_string(device.ccMinor);
}

bool buildRunsOn(const std::string& architectures, int major, int minor) {
    const int device = major * 10 + minor;
    for (const Architecture& a : parseArchitectures(architectures)) {
        if (a.machineCode && a.capability / 10 == major && a.capability <= device) return true;
        if (a.ptx && a.capability <= device) return true;
    }
    return false;
}

std::optional<std::string> buildRefusal(const std::string& architectures,
                                        const DeviceInfo& device) {
    if (architectures.empty() || buildRunsOn(architectures, device.ccMajor, device.ccMinor))
        return std::nullopt;
    std::string built;
    for (const Architecture& a : parseArchitectures(architectures))
        built += (built.empty() ? "" : ", ") + capabilityText(a.capability);
    return "this build has GPU code for compute capability " + built + " only; this GPU, " +
           device.name + ", is " + std::to_string(device.ccMajor) + "." +
           std::to_string(device.ccMinor) +
           ": rebuild with -DCMAKE_CUDA_ARCHITECTURES=" + std::to_string(device.ccMajor) +
           std::to_string(device.ccMinor);
}

}  // namespace ws
