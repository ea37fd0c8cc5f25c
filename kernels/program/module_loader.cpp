#include "kernels/program/module_loader.h"

#include <cstring>
#include <span>

#include "core/program/fatbin.h"
#include "core/program/launch_log.h"
#include "kernels/program/driver_entry_points.h"
#include "kernels/program/intercept_state.h"

namespace ws::program {

namespace {

// The compute capability of the current context's device (or device 0),
// as 90 for 9.0.
std::uint32_t deviceArch() {
    CUdevice device = 0;
    if (REAL_DRIVER(cuCtxGetDevice)(&device) != CUDA_SUCCESS) REAL_DRIVER(cuDeviceGet)(&device, 0);
    int major = 0, minor = 0;
    REAL_DRIVER(cuDeviceGetAttribute)(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
    REAL_DRIVER(cuDeviceGetAttribute)(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
    return std::uint32_t(major * 10 + minor);
}

struct Prepared {
    const void* image = nullptr;  // what the driver is given
    ProbedModule module;
    LoggedModule logged;
};

// The image's PTX, or why there is none.
std::string ptxOf(const void* image, LoggedModule& logged, std::string& whyNot) {
    switch (imageKind(image)) {
        case ImageKind::Ptx:
            logged.image = "ptx";
            return std::string(static_cast<const char*>(image));
        case ImageKind::Cubin:
            logged.image = "cubin";
            whyNot = "loaded as a cubin, without PTX to probe";
            return {};
        case ImageKind::Fatbin:
        case ImageKind::Wrapper:
            break;
        case ImageKind::Unknown:
            logged.image = "unknown";
            whyNot = "an image warpscope does not read";
            return {};
    }
    logged.image = "fatbin";
    const std::uint8_t* start = fatbinOf(image);
    if (!start) {
        whyNot = "a fatbinary of relocatable device code (-rdc), which warpscope does not probe";
        return {};
    }
    std::uint64_t body = 0;
    std::uint16_t head = 0;
    std::memcpy(&head, start + 6, sizeof head);
    std::memcpy(&body, start + 8, sizeof body);
    const std::span<const std::uint8_t> bytes(start, head + body);
    auto container = parseFatbinContainer(bytes);
    if (!container) {
        whyNot = "its fatbinary could not be read: " + container.error();
        return {};
    }
    const std::uint32_t arch = deviceArch();
    const FatbinEntry* ptx = bestPtx(*container, arch);
    if (!ptx) {
        whyNot = "the program holds no PTX for it (only " + describeEntries(*container) +
                 "): build it with -gencode arch=compute_" + std::to_string(arch) + ",code=[sm_" +
                 std::to_string(arch) + ",compute_" + std::to_string(arch) +
                 "] for its kernels to be probed";
        return {};
    }
    logged.ptxArch = "compute_" + std::to_string(ptx->arch);
    auto text = entryText(bytes, *ptx);
    if (!text) {
        whyNot = "its PTX could not be read: " + text.error();
        return {};
    }
    return std::move(*text);
}

Prepared prepare(const void* image, InterceptState& state) {
    Prepared p;
    p.image = image;
    std::string whyNot;
    const std::string ptx = ptxOf(image, p.logged, whyNot);
    if (ptx.empty()) {
        p.logged.whyNotProbed = whyNot;
        return p;
    }
    const auto wanted = [&](const std::string& name) {
        if (!state.settings.probe) return false;
        if (state.settings.kernels.empty()) return true;
        return state.kernelsFilterValid &&
               (std::regex_search(name, state.kernelsFilter) ||
                std::regex_search(demangled(name), state.kernelsFilter));
    };
    p.module = probeModule(ptx, wanted, kernelfile::ProbeLevel::Blocks);
    for (const ModuleKernel& k : p.module.kernels) {
        p.logged.kernels.push_back(k.name);
        if (k.probed) p.logged.probed.push_back(k.name);
    }
    if (!state.settings.probe) p.logged.whyNotProbed = "probes switched off (--no-probes)";
    if (p.module.anyProbed()) {
        state.loadedImages.push_back(p.module.ptx);  // the driver may read it at any later time
        p.image = state.loadedImages.back().c_str();
    }
    return p;
}

}  // namespace

CUresult loadModuleImage(const void* image, const std::function<CUresult(const void*)>& load,
                         const std::function<const void*()>& handle) {
    InterceptState& state = interceptState();
    if (!state.settings.active || !image) return load(image);
    std::unique_lock lock(state.lock);
    Prepared p = prepare(image, state);
    lock.unlock();
    CUresult result = load(p.image);
    if (result != CUDA_SUCCESS && p.image != image) {
        // The driver refused the probed build: the program runs as built.
        for (ModuleKernel& k : p.module.kernels) {
            k.probed = false;
            k.whyNot = "the driver refused the probed build";
        }
        p.logged.probed.clear();
        p.logged.whyNotProbed = std::string("the driver refused the probed build (") +
                                driverErrorName(result) + "); it ran as built";
        result = load(image);
    }
    if (result != CUDA_SUCCESS) return result;
    lock.lock();
    const LoadedModule& loaded =
        state.book.addModule(handle(), std::move(p.module), p.logged.whyNotProbed);
    p.logged.module = loaded.index;
    lock.unlock();
    appendLog(moduleLine(p.logged));
    sayVerbose("module " + std::to_string(p.logged.module) + ": " +
               std::to_string(p.logged.kernels.size()) + " kernels, " +
               std::to_string(p.logged.probed.size()) + " probed" +
               (p.logged.whyNotProbed.empty() ? "" : "; " + p.logged.whyNotProbed));
    return result;
}

}  // namespace ws::program
