#include "app/record/program/intercept_library.h"

#include <unistd.h>

#include <cstdlib>
#include <sstream>

#include "core/program/elf_section.h"
#include "core/program/fatbin.h"

namespace ws::record {

namespace {

std::filesystem::path selfFolder() {
    std::error_code error;
    return std::filesystem::read_symlink("/proc/self/exe", error).parent_path();
}

}  // namespace

Result<std::filesystem::path> interceptLibrary() {
    std::vector<std::filesystem::path> places;
    if (const char* set = std::getenv("WARPSCOPE_INTERCEPT_LIBRARY"); set && *set)
        places.emplace_back(set);
    places.emplace_back(WS_INTERCEPT_BUILT);
    places.push_back(selfFolder() / WS_INTERCEPT_INSTALLED);
    std::string looked;
    for (const auto& p : places) {
        if (std::filesystem::exists(p)) return std::filesystem::absolute(p);
        looked += (looked.empty() ? "" : ", ") + p.string();
    }
    return makeError("libwarpscope-intercept.so is missing (looked in " + looked +
                     "); build it (cmake --build ... --target warpscope-intercept) or set "
                     "WARPSCOPE_INTERCEPT_LIBRARY");
}

Result<std::filesystem::path> programOf(const std::string& word) {
    if (word.find('/') != std::string::npos) {
        if (::access(word.c_str(), X_OK) != 0) return makeError("cannot run " + word);
        return std::filesystem::path(word);
    }
    const char* path = std::getenv("PATH");
    std::istringstream folders(path ? path : "");
    for (std::string folder; std::getline(folders, folder, ':');) {
        const std::filesystem::path candidate = std::filesystem::path(folder) / word;
        if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    return makeError(word + " is not a program on PATH");
}

std::optional<std::string> whyNotTraceable(const std::filesystem::path& program) {
    auto section = program::readElfSection(program, ".nv_fatbin");
    if (!section || !*section) return std::nullopt;
    auto containers = program::parseFatbinSection(**section);
    if (!containers) return std::nullopt;  // the interception reads each one as it loads
    std::string built;
    for (const program::FatbinContainer& c : *containers) {
        for (const program::FatbinEntry& e : c.entries)
            if (e.kind == program::FatbinEntryKind::Ptx) return std::nullopt;
        const std::string entries = program::describeEntries(c);
        if (built.find(entries) == std::string::npos)
            built += (built.empty() ? "" : ", ") + entries;
    }
    if (containers->empty()) return std::nullopt;
    return program.filename().string() + " holds no PTX (only " + built +
           "), and warpscope probes PTX: rebuild it with -gencode arch=compute_90,code=[sm_90,"
           "compute_90] (compute_XX for your GPU), or with -arch=sm_90, which keeps PTX too";
}

}  // namespace ws::record
