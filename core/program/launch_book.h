#pragma once
// What a traced program's driver calls have said so far, kept by their
// handles (the driver's opaque CUlibrary, CUmodule, CUkernel and CUfunction
// pointers): which module each came from, which kernel each names, and, at
// each launch, whether that kernel was probed (the launch must then pass the
// probes' parameter too) and whether this launch is recorded: the first
// `recordedPerKernel` launches of each probed kernel are, the rest pass a
// null address and only their time is kept.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/program/module_probe.h"

namespace ws::program {

struct LoadedModule {
    int index = 0;             // in load order, from 1
    ProbedModule module;       // its kernels; the PTX loaded in its place where any is probed
    std::string whyNotProbed;  // the whole module's reason, where it has no PTX to probe
};

struct LaunchDecision {
    const LoadedModule* module = nullptr;  // nullptr: a kernel loaded unseen
    const ModuleKernel* kernel = nullptr;
    std::string name;                // the kernel's, or "" where unseen
    bool appendParameters = false;   // the probed build: pass the probes' buffers
    bool record = false;             // and real ones
    std::uint64_t launch = 0;        // of the program's, from 1
    std::uint64_t kernelLaunch = 0;  // of this kernel's, from 1
};

class LaunchBook {
public:
    explicit LaunchBook(std::uint64_t recordedPerKernel) : m_recordedPerKernel(recordedPerKernel) {}

    // A module the driver loaded under `handle` (a CUlibrary or CUmodule).
    const LoadedModule& addModule(const void* handle, ProbedModule module,
                                  std::string whyNotProbed = {});
    // cuLibraryGetModule: the library's module handle.
    void addModuleAlias(const void* moduleHandle, const void* ofHandle);
    // cuModuleGetFunction or cuLibraryGetKernel: `name` of the module under
    // `moduleHandle` is now `kernelHandle`.
    void addKernel(const void* kernelHandle, const void* moduleHandle, const std::string& name);
    // cuKernelGetFunction: the function of a kernel already known.
    void addKernelAlias(const void* functionHandle, const void* kernelHandle);
    // cuLibraryUnload or cuModuleUnload: its handles name nothing any more.
    void removeModule(const void* handle);

    // A launch of `function` (a CUfunction, or a CUkernel passed as one).
    LaunchDecision launch(const void* function);
    // The same launch decided again, once the function unseen at `earlier`
    // was named (addKernel); it keeps its number.
    LaunchDecision launchAgain(const void* function, const LaunchDecision& earlier);
    // Whether some module loaded has a probed kernel: a launch of a function
    // the book does not know may then be one of them.
    bool anyProbed() const;

    const std::vector<std::unique_ptr<LoadedModule>>& modules() const { return m_modules; }
    std::uint64_t launches() const { return m_launches; }

private:
    LaunchDecision decide(const void* function, std::uint64_t launch);
    struct KernelRef {
        LoadedModule* module = nullptr;
        std::string name;
    };
    std::uint64_t m_recordedPerKernel;
    std::uint64_t m_launches = 0;
    std::vector<std::unique_ptr<LoadedModule>> m_modules;
    std::map<const void*, LoadedModule*> m_byModuleHandle;
    std::map<const void*, KernelRef> m_byKernelHandle;
    std::map<std::pair<const LoadedModule*, std::string>, std::uint64_t> m_kernelLaunches;
};

}  // namespace ws::program
