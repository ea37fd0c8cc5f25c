#include "kernels/profile/function_listing.h"

#include <cupti.h>
#include <cupti_pcsampling.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "core/device/cubin_line_table.h"
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

// One file spelled two ways ("cuda/bin/../targets" in the line table,
// "cuda/targets" from CUPTI) is one file.
std::string normalPath(const std::string& path) {
    return std::filesystem::path(path).lexically_normal().generic_string();
}

// The kernel's line that the instruction at `pcOffset` was inlined through
// (the outermost call of its chain in the cubin's line table), where the
// table agrees with CUPTI on the instruction's own line; nothing for code
// that was not inlined or where they disagree.
std::optional<SourcePlace> callerOf(const CubinLineTable& lines, std::uint32_t pcOffset,
                                    const SourcePlace& own, bool& disagreed) {
    const auto source = lines.sourceAt(pcOffset);
    if (!source) return std::nullopt;
    if (source->place.line != own.line ||
        normalPath(lines.pathOf(source->place)) != normalPath(own.path)) {
        disagreed = true;
        return std::nullopt;
    }
    if (source->calls.empty()) return std::nullopt;
    const CubinLine& call = source->calls.back();
    if (call.line == 0 || lines.pathOf(call).empty()) return std::nullopt;
    return SourcePlace{call.line, lines.pathOf(call)};
}

void addNote(std::string& note, const std::string& more) {
    note += (note.empty() ? "" : "; ") + more;
}

}  // namespace

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

    // The calls each instruction came through, from the cubin's own line
    // table: CUPTI gives only the innermost line.
    const auto lines = readCubinLineTable(*cubin, mangledName);
    bool disagreed = false;

    // Each compiler path once, as the embedded path where there is one.
    std::map<std::string, std::uint32_t> fileIndex;
    std::vector<std::size_t> linesIn;
    auto indexOf = [&](const std::string& path) {
        const std::string normal = normalPath(path);
        auto [it, added] = fileIndex.try_emplace(normal, std::uint32_t(f.files.size()));
        if (added) {
            f.files.push_back(embeddedPathFor(normal).value_or(normal));
            linesIn.push_back(0);
        }
        return it->second;
    };
    for (std::uint32_t at = 0; at + kInstructionBytes <= extent->bytes; at += kInstructionBytes) {
        const SourcePlace place = sourceOf(*cubin, f.name, at);
        const std::uint32_t index = place.path.empty() ? 0 : indexOf(place.path);
        std::optional<SourcePlace> caller;
        if (lines && place.line > 0 && !place.path.empty())
            caller = callerOf(*lines, at, place, disagreed);
        f.callerLine.push_back(caller ? caller->line : 0);
        f.callerFile.push_back(caller ? indexOf(caller->path) : 0);
        // The kernel's own lines: an inlined instruction's is its caller's.
        if (caller)
            ++linesIn[f.callerFile.back()];
        else if (place.line > 0 && !place.path.empty())
            ++linesIn[index];
        f.pcOffset.push_back(at);
        f.line.push_back(f.files.empty() ? 0 : place.line);
        f.file.push_back(index);
        const auto found = sassAt.find(at);
        f.sass.push_back(found != sassAt.end() ? found->second->text : std::string());
    }
    // A kernel without line information (cuBLAS's, or one built without
    // -lineinfo) names no file: its rows keep no file index, which would
    // point past the empty file table, and every line stays "(no line)".
    // Its calls are not known either.
    if (f.files.empty()) f.file.clear();
    if (f.files.empty() || !lines) {
        f.callerLine.clear();
        f.callerFile.clear();
    }
    if (!f.files.empty() && !lines)
        addNote(out.note, "its line table could not be read (" + lines.error() +
                              "), so code inlined from helpers counts on the helpers' lines");
    if (disagreed)
        addNote(out.note,
                "its line table and CUPTI disagreed on some instructions' lines, whose calls are "
                "not kept");
    // The kernel's own file is the one most of its lines are in, an inlined
    // helper's instructions counted on the line that called it; where the
    // calls are not known, a helper's lines stay in the helper's file.
    const auto most = std::max_element(linesIn.begin(), linesIn.end());
    if (most != linesIn.end()) f.sourceFile = f.files[std::size_t(most - linesIn.begin())];
    // The padding after the last instruction (NOPs) draws no samples and
    // stays out of the listing; the self-branch after EXIT stays in.
    while (!f.sass.empty() && f.sass.back().starts_with("NOP")) {
        f.pcOffset.pop_back();
        f.line.pop_back();
        if (!f.file.empty()) f.file.pop_back();
        if (!f.callerLine.empty()) f.callerLine.pop_back();
        if (!f.callerFile.empty()) f.callerFile.pop_back();
        f.sass.pop_back();
    }
    return out;
}

}  // namespace ws::profile
