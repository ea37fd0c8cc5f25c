#include "app/record/commands/manifest.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/common/json_fields.h"
#include "core/common/output_path.h"
#include "core/profile/counter_catalog.h"
#include "core/trace/trace_io.h"

namespace ws::record {

Status prepareTraceFolder(const std::filesystem::path& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return makeError("cannot create " + dir.string() + ": " + ec.message());
    return checkOutputPath(dir / "manifest.json");
}

Status saveIntoFolder(const std::filesystem::path& dir, const std::string& file, const Run& run) {
    if (Status saved = saveTrace(run, dir / file); !saved) return saved;
    return updateManifest(dir, file, run);
}

Status updateManifest(const std::filesystem::path& dir, const std::string& file, const Run& run) {
    const auto path = dir / "manifest.json";
    nlohmann::json manifest = {
        {"format", "warpscope-manifest"}, {"version", 1}, {"traces", nlohmann::json::array()}};
    if (std::ifstream in(path); in) {
        auto existing = nlohmann::json::parse(in, nullptr, false);
        if (existing.is_discarded() || !existing.contains("traces") ||
            !existing["traces"].is_array())
            return makeError(path.string() + " is not a warpscope manifest; not overwriting it");
        manifest = std::move(existing);
    }
    auto& traces = manifest["traces"];
    for (auto it = traces.begin(); it != traces.end();)
        it = json_fields::text(*it, "file") == file ? traces.erase(it) : it + 1;
    traces.push_back({{"file", file},
                      {"experiment", run.experiment},
                      {"params", run.params},
                      {"device", run.device.name},
                      {"recordedAt", run.recordedAt},
                      {"verified", run.verification.checked && run.verification.passed},
                      {"kernelMs", run.timing.kernelMs},
                      {"gbPerS", run.timing.gbPerS()},
                      {"overheadPercent", run.timing.overheadPercent},
                      {"bytesMoved", run.timing.bytesMoved},
                      {"cpuMs", run.timing.cpuMs},
                      {"cpuParallelMs", run.timing.cpuParallelMs},
                      {"cpuThreads", run.timing.cpuThreads},
                      {"transferMs", run.timing.transferMs},
                      {"figures", run.figures}});
    // The bytes its counters measured per memory level (the roofline's
    // points), where the run recorded why it is slow.
    if (const auto bytes = measuredLevelBytes(run.profile))
        traces.back()["counterBytes"] = {
            {"dram", bytes->dram}, {"l2", bytes->l2}, {"l1", bytes->l1}};
    const auto temp = path.string() + ".tmp";
    {
        std::ofstream out(temp, std::ios::trunc);
        out << manifest.dump(1) << "\n";
        if (!out) return makeError("cannot write " + temp);
    }
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) return makeError("cannot replace " + path.string() + ": " + ec.message());
    return {};
}

}  // namespace ws::record
