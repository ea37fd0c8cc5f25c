#include "core/lesson/run_origins.h"

#include <algorithm>
#include <filesystem>

namespace ws::lesson {

namespace {

namespace fs = std::filesystem;

// Whether `file` lies inside `dir` (either may be relative, or hold "..").
bool inside(const std::string& file, const std::string& dir) {
    std::error_code ec;
    const fs::path f = fs::weakly_canonical(fs::absolute(file, ec), ec);
    fs::path d = fs::weakly_canonical(fs::absolute(dir, ec), ec);
    if (d.filename().empty()) d = d.parent_path();  // "DIR/" as given on a command line
    const auto [end, _] = std::mismatch(d.begin(), d.end(), f.begin(), f.end());
    return end == d.end();
}

// The folder's own name, as the slide's heading says it ("not in h100").
std::string folderName(const std::string& dir) {
    fs::path p = fs::path(dir).lexically_normal();
    if (p.filename().empty()) p = p.parent_path();  // given with a trailing '/'
    return p.filename().string();
}

}  // namespace

std::vector<std::string> runsFromElsewhere(const std::vector<RunOrigin>& runs, const Run* slideRun,
                                           const std::string& tracesDir) {
    std::vector<std::string> lines;
    const std::string slideGpu = slideRun ? slideRun->device.name : std::string();
    for (const RunOrigin& o : runs) {
        const bool outside = !tracesDir.empty() && !o.file.empty() && !inside(o.file, tracesDir);
        const std::string gpu = o.run ? o.run->device.name : std::string();
        // Unnamed devices cannot be told apart: only a named pair differs.
        const bool otherGpu =
            o.run != slideRun && !gpu.empty() && !slideGpu.empty() && gpu != slideGpu;
        if (!outside && !otherGpu) continue;
        std::string line = o.role + ": " + (o.file.empty() ? "run live" : o.file);
        if (!gpu.empty()) line += ", measured on " + gpu;
        std::string why;
        if (outside) why = "not in " + folderName(tracesDir);
        if (otherGpu)
            why += (why.empty() ? "" : "; ") + std::string("the slide's run: ") + slideGpu;
        lines.push_back(line + " (" + why + ")");
    }
    return lines;
}

}  // namespace ws::lesson
