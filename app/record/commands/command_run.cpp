// `run`: one experiment, one trace file.
#include <ostream>

#include "app/record/commands/measured_run.h"
#include "app/record/commands/record_commands.h"
#include "app/record/commands/run_summary.h"
#include "core/catalog/catalog.h"
#include "core/common/output_path.h"
#include "core/run/drop_records.h"
#include "core/trace/trace_io.h"
#include "kernels/runner/experiment_runner.h"

namespace ws::record {

int runExperimentCommand(const std::string& experiment, const std::vector<std::string>& params,
                         const std::filesystem::path& output, int repetitions, std::ostream& out,
                         std::ostream& err, RecordFlags flags) {
    const ExperimentSpec* spec = findExperimentOrReport(experiment, err);
    if (!spec) return kUsage;
    auto resolved = resolveParams(*spec, params);
    if (!resolved) {
        err << "warpscope-record: " << resolved.error() << "\n";
        return kUsage;
    }
    // Before the GPU is asked for: a measurement is not made to be lost.
    if (Status writable = checkOutputPath(output); !writable) {
        err << "warpscope-record: " << writable.error() << "\n";
        return kUsage;
    }
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        err << "warpscope-record: cannot run " << experiment << ": " << reason << "\n";
        return kFailed;
    }
    RunOptions options;
    options.repetitions = repetitions;
    options.why = flags.why;
    RunRequest request{spec, *resolved, options};
    auto measured = measuredRun(request, reportingHooks(err));
    if (!measured) {
        err << "warpscope-record: " << experiment << ": " << measured.error() << "\n";
        return kFailed;
    }
    Run* run = &measured->run;
    run->tool = toolName();
    if (flags.withoutRecords) dropRecords(*run);
    if (Status saved = saveTrace(*run, output); !saved) {
        err << "warpscope-record: " << saved.error() << "\n";
        return kFailed;
    }
    out << experiment << " " << paramsText(run->params) << ": " << runSummaryLine(*run)
        << "\nwrote " << output.string() << "\n";
    if (run->verification.checked && !run->verification.passed) {
        err << "warpscope-record: GPU result " << run->verification.actual
            << " differs from the CPU reference " << run->verification.expected << " ("
            << run->verification.note << ")\n";
        return kFailed;
    }
    return kOk;
}

}  // namespace ws::record
