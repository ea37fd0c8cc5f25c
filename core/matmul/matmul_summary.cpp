#include "core/matmul/matmul_summary.h"

#include <cstdio>
#include <set>

#include "core/matmul/matmul_records.h"

namespace ws {

namespace {
std::string format(const char* pattern, double a, double b = 0) {
    char text[160];
    std::snprintf(text, sizeof text, pattern, a, b);
    return text;
}
}  // namespace

std::vector<std::string> matmulSummaryLines(const Run& run) {
    std::vector<std::string> lines;
    auto shape = matmulRunShape(run);
    if (!shape) return {"matmul: " + shape.error()};
    const MatmulVariantInfo& info = matmulVariantInfo(shape->variant);
    lines.push_back(std::string("matmul: ") + info.id + ", n = " + std::to_string(shape->n) + ": " +
                    info.idea);
    const double gflops =
        run.timing.kernelMs > 0 ? matmulFlops(shape->n) / (run.timing.kernelMs * 1e6) : 0;
    const double peak = fp32PeakGflops(run.device);
    if (gflops > 0)
        lines.push_back(peak > 0 ? format("  %.1f GFLOP/s, %.1f %% of the FP32 peak", gflops,
                                          100 * gflops / peak)
                                 : format("  %.1f GFLOP/s", gflops));
    if (run.timing.cpuThreads > 0)
        lines.push_back("  on the CPU, " + std::to_string(run.timing.cpuThreads) + " thread(s)");
    if (shape->tiling) {
        const MatmulTiling& t = *shape->tiling;
        lines.push_back(
            "  tiles: " + std::to_string(t.tileM) + " x " + std::to_string(t.tileN) +
            " of C per block, k-step " +
            (t.tileK ? std::to_string(t.tileK) : std::string("none (no shared tiles)")) + ", " +
            std::to_string(t.threadM * t.threadN) + " entries per thread" +
            (t.warptile ? " (" + warptileConfigText(*t.warptile) + ")" : ""));
    }
    for (std::size_t i = 0; i < run.launches.size(); ++i) {
        auto phases = readMatmulPhases(*shape, run.launches[i]);
        if (!phases) {
            lines.push_back("  launch " + std::to_string(i) + ": " + phases.error());
            continue;
        }
        std::set<std::uint32_t> blocks;
        for (const auto& p : *phases) blocks.insert(p.block);
        if (!blocks.empty())
            lines.push_back("  phases: " + std::to_string(phases->size()) + " records of " +
                            std::to_string(blocks.size()) + " traced block(s); " +
                            std::to_string(run.launches[i].sharedAccesses.size()) +
                            " shared-memory reads of warp 0");
    }
    const auto checked = run.figures.find("checkedEntries");
    const auto wrong = run.figures.find("wrongEntries");
    if (checked != run.figures.end())
        lines.push_back(format("  checked %.0f entries of C, %.0f wrong", checked->second,
                               wrong != run.figures.end() ? wrong->second : 0));
    return lines;
}

}  // namespace ws
