#include "core/program/module_probe.h"

namespace ws::program {

bool ProbedModule::anyProbed() const {
    for (const ModuleKernel& k : kernels)
        if (k.probed) return true;
    return false;
}

const ModuleKernel* ProbedModule::find(std::string_view name) const {
    for (const ModuleKernel& k : kernels)
        if (k.name == name) return &k;
    return nullptr;
}

std::vector<std::string> ptxEntryNames(std::string_view ptx) {
    std::vector<std::string> names;
    for (const kernelfile::PtxEntry& e : kernelfile::ptxEntries(ptx)) names.emplace_back(e.name);
    return names;
}

int entryParameterCount(std::string_view ptx, std::string_view entry) {
    for (const kernelfile::PtxEntry& e : kernelfile::ptxEntries(ptx)) {
        if (e.name != entry) continue;
        const std::size_t open = ptx.find_first_not_of(
            " \t\r\n", std::size_t(e.name.data() - ptx.data()) + entry.size());
        if (open == std::string_view::npos || ptx[open] != '(') return 0;
        const std::size_t close = ptx.find(')', open);
        if (close == std::string_view::npos) return -1;
        int count = 0;
        const std::string_view list = ptx.substr(open, close - open);
        for (std::size_t at = list.find(".param"); at != std::string_view::npos;
             at = list.find(".param", at + 6))
            ++count;
        return count;
    }
    return -1;
}

ProbedModule probeModule(std::string_view ptx,
                         const std::function<bool(const std::string&)>& wanted,
                         kernelfile::ProbeLevel level) {
    ProbedModule module;
    module.ptx = std::string(ptx);
    for (const std::string& name : ptxEntryNames(ptx)) {
        ModuleKernel kernel;
        kernel.name = name;
        kernel.parameters = entryParameterCount(ptx, name);
        if (wanted && !wanted(name)) {
            kernel.whyNot = "left out by --kernels";
        } else {
            auto probed = kernelfile::insertProbes(module.ptx, name, level);
            if (!probed) {
                kernel.whyNot = probed.error();
            } else {
                module.ptx = std::move(probed->ptx);
                kernel.probed = true;
                kernel.marks = probed->marks;
            }
        }
        module.kernels.push_back(std::move(kernel));
    }
    return module;
}

}  // namespace ws::program
