#include "core/program/launch_book.h"

#include <algorithm>

namespace ws::program {

const LoadedModule& LaunchBook::addModule(const void* handle, ProbedModule module,
                                          std::string whyNotProbed) {
    auto loaded = std::make_unique<LoadedModule>();
    loaded->index = int(m_modules.size()) + 1;
    loaded->module = std::move(module);
    loaded->whyNotProbed = std::move(whyNotProbed);
    m_byModuleHandle[handle] = loaded.get();
    m_modules.push_back(std::move(loaded));
    return *m_modules.back();
}

void LaunchBook::addModuleAlias(const void* moduleHandle, const void* ofHandle) {
    if (auto it = m_byModuleHandle.find(ofHandle); it != m_byModuleHandle.end())
        m_byModuleHandle[moduleHandle] = it->second;
}

void LaunchBook::addKernel(const void* kernelHandle, const void* moduleHandle,
                           const std::string& name) {
    const auto it = m_byModuleHandle.find(moduleHandle);
    m_byKernelHandle[kernelHandle] = {it == m_byModuleHandle.end() ? nullptr : it->second, name};
}

void LaunchBook::addKernelAlias(const void* functionHandle, const void* kernelHandle) {
    if (auto it = m_byKernelHandle.find(kernelHandle); it != m_byKernelHandle.end())
        m_byKernelHandle[functionHandle] = it->second;
}

void LaunchBook::removeModule(const void* handle) {
    const auto it = m_byModuleHandle.find(handle);
    if (it == m_byModuleHandle.end()) return;
    const LoadedModule* module = it->second;
    // The driver may give a later module the same handles: forget them all.
    std::erase_if(m_byModuleHandle, [&](const auto& entry) { return entry.second == module; });
    std::erase_if(m_byKernelHandle,
                  [&](const auto& entry) { return entry.second.module == module; });
}

LaunchDecision LaunchBook::launch(const void* function) { return decide(function, ++m_launches); }

LaunchDecision LaunchBook::launchAgain(const void* function, const LaunchDecision& earlier) {
    return decide(function, earlier.launch);
}

bool LaunchBook::anyProbed() const {
    for (const auto& m : m_modules)
        if (m->module.anyProbed()) return true;
    return false;
}

LaunchDecision LaunchBook::decide(const void* function, std::uint64_t launch) {
    LaunchDecision d;
    d.launch = launch;
    const auto it = m_byKernelHandle.find(function);
    if (it == m_byKernelHandle.end()) return d;
    d.name = it->second.name;
    d.module = it->second.module;
    d.kernelLaunch = ++m_kernelLaunches[{d.module, d.name}];
    if (!d.module) return d;
    d.kernel = d.module->module.find(d.name);
    d.appendParameters = d.kernel && d.kernel->probed;
    d.record = d.appendParameters && d.kernelLaunch <= m_recordedPerKernel;
    return d;
}

}  // namespace ws::program
