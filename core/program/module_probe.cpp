#include "core/program/module_probe.h"

#include <cctype>

namespace ws::program {

namespace {

bool isNameCharacter(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

// Where the name after each `.entry` starts.
std::vector<std::size_t> entryNameStarts(std::string_view ptx) {
    std::vector<std::size_t> starts;
    for (std::size_t at = ptx.find(".entry"); at != std::string_view::npos;
         at = ptx.find(".entry", at + 6)) {
        if (at > 0 && isNameCharacter(ptx[at - 1])) continue;
        if (at + 6 >= ptx.size() || !std::isspace(static_cast<unsigned char>(ptx[at + 6])))
            continue;
        // A `.entry` inside a comment line is not one.
        const std::size_t lineStart = ptx.rfind('\n', at);
        const std::string_view line =
            ptx.substr(lineStart == std::string_view::npos ? 0 : lineStart + 1,
                       at - (lineStart == std::string_view::npos ? 0 : lineStart + 1));
        if (line.find("//") != std::string_view::npos) continue;
        std::size_t name = at + 6;
        while (name < ptx.size() && std::isspace(static_cast<unsigned char>(ptx[name]))) ++name;
        starts.push_back(name);
    }
    return starts;
}

std::string_view nameAt(std::string_view ptx, std::size_t start) {
    std::size_t end = start;
    while (end < ptx.size() && isNameCharacter(ptx[end])) ++end;
    return ptx.substr(start, end - start);
}

}  // namespace

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

std::vector<std::string> ptxEntries(std::string_view ptx) {
    std::vector<std::string> names;
    for (std::size_t start : entryNameStarts(ptx)) names.emplace_back(nameAt(ptx, start));
    return names;
}

int entryParameterCount(std::string_view ptx, std::string_view entry) {
    for (std::size_t start : entryNameStarts(ptx)) {
        if (nameAt(ptx, start) != entry) continue;
        const std::size_t open = ptx.find_first_not_of(" \t\r\n", start + entry.size());
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
    for (const std::string& name : ptxEntries(ptx)) {
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
