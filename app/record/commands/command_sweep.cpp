// `sweep`: every combination of the listed parameter values, one trace each,
// progress on stderr, and manifest.json updated after each run.
#include <ostream>

#include "app/record/commands/basics_info.h"
#include "app/record/commands/manifest.h"
#include "app/record/commands/measured_run.h"
#include "app/record/commands/record_commands.h"
#include "app/record/commands/run_summary.h"
#include "app/record/commands/sweep_plan.h"
#include "core/catalog/catalog.h"
#include "core/run/drop_records.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {

int sweepCommand(const std::string& experiment, const std::vector<std::string>& axes,
                 const std::filesystem::path& dir, int repetitions, std::ostream& out,
                 std::ostream& err, RecordFlags flags) {
    const ExperimentSpec* spec = findExperimentOrReport(experiment, err);
    if (!spec) return kUsage;
    auto points = expandSweep(experiment, axes);
    if (!points) {
        err << "warpscope-record: " << points.error() << "\n";
        return kUsage;
    }
    // Check every point before the first launch: a typo in the last value
    // should not cost the runs before it.
    std::vector<ParamValues> resolved;
    for (const auto& p : *points) {
        auto r = resolveParams(*spec, p.assignments);
        if (!r) {
            err << "warpscope-record: " << r.error() << "\n";
            return kUsage;
        }
        resolved.push_back(*r);
    }
    if (Status once = refuseRepeatedRuns(*points, resolved); !once) {
        err << "warpscope-record: " << once.error() << "\n";
        return kUsage;
    }
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        err << "warpscope-record: cannot sweep " << experiment << ": " << reason << "\n";
        return kFailed;
    }
    if (Status ready = prepareTraceFolder(dir); !ready) {
        err << "warpscope-record: " << ready.error() << "\n";
        return kFailed;
    }
    RunOptions options;
    options.repetitions = repetitions;
    options.why = flags.why;
    int failures = 0;
    std::vector<Run> recorded;  // for the CPU-against-GPU crossover over the swept sizes
    for (std::size_t i = 0; i < points->size(); ++i) {
        const auto& point = (*points)[i];
        err << "[" << i + 1 << "/" << points->size() << "] " << experiment << " "
            << paramsText(resolved[i]) << ": " << std::flush;
        // Each point takes its own turn on the GPU: a long sweep does not
        // keep a class's runs waiting until it ends.
        RunRequest request{spec, resolved[i], options};
        auto measured = measuredRun(request, reportingHooks(err));
        if (!measured) {
            err << "error: " << measured.error() << "\n";
            ++failures;
            continue;
        }
        Run* run = &measured->run;
        run->tool = toolName();
        if (flags.withoutRecords) dropRecords(*run);
        const std::string file = point.fileStem + ".wstrace";
        if (Status saved = saveIntoFolder(dir, file, *run); !saved) {
            err << "error: " << saved.error() << "\n";
            ++failures;
            continue;
        }
        err << runSummaryLine(*run) << "\n";
        if (run->verification.checked && !run->verification.passed) ++failures;
        out << (dir / file).string() << "\n";
        recorded.push_back(std::move(*run));
    }
    for (const std::string& line : crossoverLines(recorded)) err << line << "\n";
    err << points->size() - failures << " of " << points->size() << " runs recorded and verified\n";
    return failures == 0 ? kOk : kFailed;
}

}  // namespace ws::record
