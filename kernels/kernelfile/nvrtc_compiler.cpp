#include "kernels/kernelfile/nvrtc_compiler.h"

#include <nvrtc.h>

#include <chrono>
#include <deque>
#include <functional>
#include <mutex>
#include <regex>
#include <sstream>

#include "kernels/kernelfile/kernel_file_headers.h"

namespace ws::kernelfile {

namespace {

std::mutex cacheMutex;
int cacheHits = 0;

// A worker may run for a whole class: the cache keeps the latest files
// only, the oldest going first.
constexpr std::size_t kCachedFiles = 64;

struct CompileCache {
    std::map<std::string, CompiledKernelFile> entries;
    std::deque<std::string> order;  // keys, oldest first

    void add(const std::string& key, const CompiledKernelFile& compiled) {
        if (entries.insert_or_assign(key, compiled).second) order.push_back(key);
        while (order.size() > kCachedFiles) {
            entries.erase(order.front());
            order.pop_front();
        }
    }
};

CompileCache& cache() {
    static CompileCache entries;
    return entries;
}

std::string cacheKey(const CompileRequest& r) {
    std::string key = r.fileName + '\0' + r.source + '\0' + std::to_string(r.ccMajor) + "." +
                      std::to_string(r.ccMinor);
    for (const std::string& k : r.kernels) key += '\0' + k;
    return key;
}

// NVRTC's diagnostics, "file(12): error: identifier "x" is undefined" followed
// by the source line and a caret under the place, as one line each with the
// column the caret marks: "file:12:9: error: identifier "x" is undefined".
std::string diagnosticsOf(const std::string& log) {
    static const std::regex head(
        R"(^(.*)\((\d+)\): (error|warning|catastrophic error)( #\S+)?: (.*)$)");
    std::istringstream in(log);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (!std::regex_match(lines[i], m, head)) continue;
        std::size_t column = 1;
        // The caret line follows the echoed source line.
        if (i + 2 < lines.size()) {
            const std::string& caret = lines[i + 2];
            const std::size_t at = caret.find('^');
            // NVRTC echoes the line two spaces in.
            const std::size_t indent = lines[i + 1].rfind("  ", 0) == 0 ? 2 : 0;
            if (at != std::string::npos && at >= indent &&
                caret.find_first_not_of(" \t^") == std::string::npos)
                column = at - indent + 1;
        }
        out += m[1].str() + ":" + m[2].str() + ":" + std::to_string(column) + ": " + m[3].str() +
               ": " + m[5].str() + "\n";
    }
    if (out.empty()) out = log;  // a message of another shape: as NVRTC wrote it
    while (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

Error nvrtcFailure(const char* call, nvrtcResult result) {
    return makeError(std::string(call) + " failed: " + nvrtcGetErrorString(result));
}

}  // namespace

Result<CompiledKernelFile> compileKernelFile(const CompileRequest& request) {
    const std::string key = cacheKey(request);
    {
        std::lock_guard lock(cacheMutex);
        if (auto it = cache().entries.find(key); it != cache().entries.end()) {
            ++cacheHits;
            CompiledKernelFile hit = it->second;
            hit.fromCache = true;
            hit.compileMs = 0;
            return hit;
        }
    }
    const auto started = std::chrono::steady_clock::now();
    nvrtcProgram program = nullptr;
    // The headers of include/warpscope/ (WS_MARK) are always there to
    // include, by their names below include/.
    std::vector<std::string> headerTexts, headerNames;
    for (const auto& [path, text] : kernelFileHeaders()) {
        headerNames.emplace_back(path.substr(std::string_view("include/").size()));
        headerTexts.emplace_back(text);
    }
    std::vector<const char*> headers, headerNamePointers;
    for (std::size_t i = 0; i < headerTexts.size(); ++i) {
        headers.push_back(headerTexts[i].c_str());
        headerNamePointers.push_back(headerNames[i].c_str());
    }
    if (nvrtcResult r =
            nvrtcCreateProgram(&program, request.source.c_str(), request.fileName.c_str(),
                               int(headers.size()), headers.data(), headerNamePointers.data());
        r != NVRTC_SUCCESS)
        return nvrtcFailure("nvrtcCreateProgram", r);
    // Destroyed on every path.
    std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> owner(
        &program, [](nvrtcProgram* p) { nvrtcDestroyProgram(p); });
    for (const std::string& name : request.kernels)
        if (nvrtcResult r = nvrtcAddNameExpression(program, ("&" + name).c_str());
            r != NVRTC_SUCCESS)
            return nvrtcFailure("nvrtcAddNameExpression", r);

    CompiledKernelFile compiled;
    compiled.target =
        "compute_" + std::to_string(request.ccMajor) + std::to_string(request.ccMinor);
    const std::string arch = "--gpu-architecture=" + compiled.target;
    const char* options[] = {arch.c_str(), "-lineinfo", "-std=c++17"};
    const nvrtcResult result = nvrtcCompileProgram(program, 3, options);
    std::size_t logSize = 0;
    nvrtcGetProgramLogSize(program, &logSize);
    std::string log(logSize, '\0');
    if (logSize > 0) nvrtcGetProgramLog(program, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    if (result != NVRTC_SUCCESS) {
        const std::string lines = diagnosticsOf(log);
        return makeError(lines.empty() ? request.fileName + ": " + nvrtcGetErrorString(result)
                                       : lines);
    }
    compiled.log = log.empty() ? "" : diagnosticsOf(log);
    std::size_t ptxSize = 0;
    if (nvrtcResult r = nvrtcGetPTXSize(program, &ptxSize); r != NVRTC_SUCCESS)
        return nvrtcFailure("nvrtcGetPTXSize", r);
    compiled.ptx.resize(ptxSize);
    if (nvrtcResult r = nvrtcGetPTX(program, compiled.ptx.data()); r != NVRTC_SUCCESS)
        return nvrtcFailure("nvrtcGetPTX", r);
    while (!compiled.ptx.empty() && compiled.ptx.back() == '\0') compiled.ptx.pop_back();
    for (const std::string& name : request.kernels) {
        const char* lowered = nullptr;
        if (nvrtcGetLoweredName(program, ("&" + name).c_str(), &lowered) != NVRTC_SUCCESS ||
            !lowered)
            return makeError(request.fileName + ": no kernel '" + name + "' in the file");
        compiled.loweredNames[name] = lowered;
    }
    compiled.compileMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    std::lock_guard lock(cacheMutex);
    cache().add(key, compiled);
    return compiled;
}

std::string compilerVersion() {
    int major = 0, minor = 0;
    if (::nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "unknown";
    return std::to_string(major) + "." + std::to_string(minor);
}

int compileCacheHits() {
    std::lock_guard lock(cacheMutex);
    return cacheHits;
}

}  // namespace ws::kernelfile
