#include "kernels/profile/function_listing.h"

#include <cupti.h>
#include <cupti_pcsampling.h>
#include <cxxabi.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

#include "core/device/sass_listing.h"
#include "kernels/profile/cubin_symbols.h"
#include "kernels/profile/embedded_sources.h"

namespace ws::profile {
namespace {

// Every instruction of sm_70 and later is 16 bytes.
constexpr std::uint32_t kInstructionBytes = 16;

std::string cuobjdumpProgram() {
#ifdef WS_CUOBJDUMP_PATH
    if (access(WS_CUOBJDUMP_PATH, X_OK) == 0) return WS_CUOBJDUMP_PATH;
#endif
    return "cuobjdump";  // from PATH, if the toolkit is there
}

// `cuobjdump -sass` of one cubin, read through a temporary file.
std::string disassemble(const Cubin& cubin) {
    char path[] = "/tmp/warpscope-cubin-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) return {};
    const bool written = write(fd, cubin.data(), cubin.size()) == ssize_t(cubin.size());
    close(fd);
    std::string listing;
    if (written) {
        const std::string command = "'" + cuobjdumpProgram() + "' -sass '" + path + "' 2>/dev/null";
        if (FILE* pipe = popen(command.c_str(), "r")) {
            char buffer[1 << 16];
            std::size_t n;
            while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) listing.append(buffer, n);
            pclose(pipe);
        }
    }
    unlink(path);
    return listing;
}

// The SASS of the cubin's functions, disassembled once per cubin.
const std::vector<SassFunction>& sassOf(const Cubin& cubin) {
    static std::mutex mutex;
    static std::map<const Cubin*, std::vector<SassFunction>> cache;  // cubins are never freed
    std::lock_guard lock(mutex);
    auto [it, added] = cache.try_emplace(&cubin);
    if (added) it->second = parseSass(disassemble(cubin));
    return it->second;
}

struct SourcePlace {
    std::uint32_t line = 0;
    std::string path;  // as the compiler saw it
};

SourcePlace sourceOf(const Cubin& cubin, const std::string& name, std::uint64_t pcOffset) {
    CUpti_GetSassToSourceCorrelationParams params{};
    params.size = sizeof(params);
    params.cubin = cubin.data();
    params.cubinSize = cubin.size();
    params.functionName = name.c_str();
    params.pcOffset = pcOffset;
    SourcePlace place;
    if (cuptiGetSassToSourceCorrelation(&params) == CUPTI_SUCCESS) {
        place.line = params.lineNumber;
        if (params.dirName && params.fileName)
            place.path = std::string(params.dirName) + "/" + params.fileName;
        else if (params.fileName)
            place.path = params.fileName;
    }
    std::free(params.fileName);
    std::free(params.dirName);
    return place;
}

}  // namespace

std::string demangled(std::string_view mangledName) {
    int status = 0;
    const std::string name(mangledName);
    std::unique_ptr<char, void (*)(void*)> text(
        abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), std::free);
    return status == 0 && text ? std::string(text.get()) : name;
}

FunctionListing listFunction(std::string_view mangledName, const Cubin* cubin) {
    FunctionListing out;
    ProfiledFunction& f = out.function;
    f.name = std::string(mangledName);
    f.displayName = demangled(mangledName);
    if (!cubin) {
        out.note =
            "its code was loaded before warpscope-record could keep it, so its lines are unknown";
        return out;
    }
    const auto extent = findFunctionExtent(*cubin, mangledName);
    if (!extent) {
        out.note = "its cubin has no symbol for it, so its lines are unknown";
        return out;
    }
    if (const auto resources = findFunctionResources(*cubin, mangledName)) {
        f.registersPerThread = resources->registersPerThread;
        f.staticSharedBytes = resources->staticSharedBytes;
    }
    const SassFunction* sass = findSassFunction(sassOf(*cubin), mangledName);
    std::map<unsigned, const SassInstruction*> sassAt;
    if (sass)
        for (const auto& instruction : sass->instructions)
            sassAt[instruction.address] = &instruction;
    else
        out.note = "cuobjdump was not found where the run was made, so its SASS is not shown";

    // Each compiler path once, as the embedded path where there is one.
    std::map<std::string, std::uint32_t> fileIndex;
    std::vector<std::size_t> linesIn;
    for (std::uint32_t at = 0; at + kInstructionBytes <= extent->bytes; at += kInstructionBytes) {
        const SourcePlace place = sourceOf(*cubin, f.name, at);
        std::uint32_t index = 0;
        if (!place.path.empty()) {
            auto [it, added] = fileIndex.try_emplace(place.path, std::uint32_t(f.files.size()));
            if (added) {
                f.files.push_back(embeddedPathFor(place.path).value_or(place.path));
                linesIn.push_back(0);
            }
            index = it->second;
            if (place.line > 0) ++linesIn[index];
        }
        f.pcOffset.push_back(at);
        f.line.push_back(f.files.empty() ? 0 : place.line);
        f.file.push_back(index);
        const auto found = sassAt.find(at);
        f.sass.push_back(found != sassAt.end() ? found->second->text : std::string());
    }
    // The kernel's own file is the one most of its lines are in; an inlined
    // helper's lines stay in the helper's file.
    const auto most = std::max_element(linesIn.begin(), linesIn.end());
    if (most != linesIn.end()) f.sourceFile = f.files[std::size_t(most - linesIn.begin())];
    // The padding after the last instruction (NOPs) draws no samples and
    // stays out of the listing; the self-branch after EXIT stays in.
    while (!f.sass.empty() && f.sass.back().starts_with("NOP")) {
        f.pcOffset.pop_back();
        f.line.pop_back();
        f.file.pop_back();
        f.sass.pop_back();
    }
    return out;
}

}  // namespace ws::profile
