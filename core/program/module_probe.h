#pragma once
// A whole PTX module probed, every kernel in it a program may launch: the
// kernel-file lab's probes (core/kernelfile/ptx_probe.h), unchanged, put in
// each entry the filter keeps. A kernel the probes cannot be put in stays as
// it was, with the reason.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/ptx_probe.h"

namespace ws::program {

struct ModuleKernel {
    std::string name;     // the entry's (mangled) name
    int parameters = 0;   // the program's, before the probes' own
    bool probed = false;  // it gained the records' parameter (and the marks' where it has some)
    int marks = 0;        // WS_MARK sites
    std::string whyNot;   // where it was not probed
};

struct ProbedModule {
    std::string ptx;
    std::vector<ModuleKernel> kernels;
    bool anyProbed() const;
    const ModuleKernel* find(std::string_view name) const;
};

// The `.entry` names of a PTX module, in order (kernelfile::ptxEntries').
std::vector<std::string> ptxEntryNames(std::string_view ptx);
// How many parameters `entry` takes; -1 where it is not there.
int entryParameterCount(std::string_view ptx, std::string_view entry);

// Probes each entry `wanted` keeps (all, where it is empty).
ProbedModule probeModule(std::string_view ptx,
                         const std::function<bool(const std::string&)>& wanted,
                         kernelfile::ProbeLevel level);

}  // namespace ws::program
