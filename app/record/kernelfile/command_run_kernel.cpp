// `run-kernel`: a kernel file of one's own, compiled, probed, run, checked
// and written as a trace (docs/your-kernel.md).
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <ostream>
#include <sstream>

#include "app/record/commands/manifest.h"
#include "app/record/commands/measured_run.h"
#include "app/record/commands/run_summary.h"
#include "app/record/kernelfile/run_kernel_command.h"
#include "app/record/kernelfile/sanitizer_run.h"
#include "core/catalog/catalog.h"
#include "core/common/output_path.h"
#include "core/kernelfile/kernel_data_files.h"
#include "core/kernelfile/kernel_description.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/kernel_file_text.h"
#include "core/kernelfile/kernel_launch_plan.h"
#include "core/run/drop_records.h"
#include "core/trace/trace_io.h"
#include "kernels/kernelfile/kernel_file_runner.h"
#include "kernels/kernelfile/nvrtc_compiler.h"

namespace ws::record {

namespace {

Result<kernelfile::KernelFileSource> readKernelFile(const std::filesystem::path& file) {
    auto text = kernelfile::readKernelFileText(file);
    if (!text) return makeError(text.error());
    std::error_code error;
    const std::filesystem::path folder = std::filesystem::absolute(file, error).parent_path();
    return kernelfile::KernelFileSource{file.filename().string(), std::move(*text),
                                        folder.string()};
}

// Everything that can be known without a GPU: the description, the
// parameters, the launch's expressions, the .npy files it reads, and the
// file compiling.
Status checkWithoutGpu(const kernelfile::KernelFileSource& file,
                       const std::vector<std::string>& params) {
    auto description = kernelfile::parseKernelDescription(file.source, file.fileName);
    if (!description) return makeError(description.error());
    auto resolved = resolveParams(kernelfile::kernelFileSpec(*description), params);
    if (!resolved) return makeError(resolved.error());
    auto plan = kernelfile::planLaunch(*description, *resolved);
    if (!plan) return makeError(plan.error());
    auto files = kernelfile::readDataFiles(*description, *plan, file.fileName, file.directory);
    if (!files) return makeError(files.error());
    kernelfile::CompileRequest request{file.fileName, file.source, {description->kernel}};
    if (!description->check.reference.empty())
        request.kernels.push_back(description->check.reference);
    auto compiled = kernelfile::compileKernelFile(request);
    if (!compiled) return makeError(compiled.error());
    return {};
}

// The same file and parameters run again by this program under
// compute-sanitizer: its report, and whether it found anything.
int sanitizedRun(const std::filesystem::path& file, const std::vector<std::string>& params,
                 const KernelCommandFlags& kernelFlags, std::ostream& out, std::ostream& err) {
    const std::string& tool = kernelFlags.sanitizer;
    if (!isSanitizerTool(tool)) {
        err << "warpscope-record: --sanitize=" << tool
            << ": the tools are memcheck, racecheck, initcheck and synccheck\n";
        return kUsage;
    }
    const auto sanitizer = findComputeSanitizer();
    if (!sanitizer) {
        err << "warpscope-record: compute-sanitizer is not installed here (it comes with the "
               "CUDA toolkit; WARPSCOPE_COMPUTE_SANITIZER may name it)\n";
        return kFailed;
    }
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) {
        err << "warpscope-record: cannot find this program to run it again: " << ec.message()
            << "\n";
        return kFailed;
    }
    // A folder of this run's own for the trace the sanitized run must write:
    // a name others could guess in /tmp could be a link planted there.
    std::string folderName =
        (std::filesystem::temp_directory_path() / "warpscope-sanitize-XXXXXX").string();
    if (!::mkdtemp(folderName.data())) {
        err << "warpscope-record: cannot make a temporary folder for the sanitized run\n";
        return kFailed;
    }
    const std::filesystem::path folder = folderName;
    const std::filesystem::path trace = folder / "sanitized.wstrace";
    // A sanitized kernel runs many times slower: its limit grows with it.
    const double limit = std::min(600.0, kernelFlags.timeLimitSeconds * 20);
    std::vector<std::string> command = {self.string(), "run-kernel", file.string()};
    command.insert(command.end(), params.begin(), params.end());
    command.insert(command.end(), {"-o", trace.string(), "-r", "1", "--no-why", "--time-limit",
                                   std::to_string(limit)});
    if (kernelFlags.warps) command.push_back("--warps");
    out << file.string() << ": running under compute-sanitizer " << tool << "\n" << std::flush;
    auto report = runUnderSanitizer(*sanitizer, tool, command);
    std::filesystem::remove_all(folder, ec);
    if (!report) {
        err << "warpscope-record: " << report.error() << "\n";
        return kFailed;
    }
    out << report->output;
    if (report->errors > 0) {
        err << "warpscope-record: compute-sanitizer " << tool << " found " << report->errors
            << (report->errors == 1 ? " error" : " errors") << " in " << file.string() << "\n";
        return kFailed;
    }
    if (report->errors < 0) {
        err << "warpscope-record: the run under compute-sanitizer " << tool
            << " ended before the sanitizer's summary (status " << report->exitStatus << ")\n";
        return kFailed;
    }
    if (report->exitStatus != 0) {
        err << "warpscope-record: compute-sanitizer " << tool << " found no errors, and the run "
            << "itself failed (status " << report->exitStatus << "; its words are above)\n";
        return kFailed;
    }
    out << "compute-sanitizer " << tool << ": no errors in " << file.string() << "\n";
    return kOk;
}

}  // namespace

int runKernelCommand(const std::filesystem::path& file, const std::vector<std::string>& params,
                     const std::filesystem::path& output, const KernelCommandFlags& kernelFlags,
                     int repetitions, std::ostream& out, std::ostream& err, RecordFlags flags) {
    auto source = readKernelFile(file);
    if (!source) {
        err << "warpscope-record: " << source.error() << "\n";
        return kUsage;
    }
    if (Status checked = checkWithoutGpu(*source, params); !checked) {
        // Compile errors are already "file:line:col: error: ...", one a line.
        const bool compile = kernelfile::isCompileError(checked.error());
        err << (compile ? "" : "warpscope-record: ") << checked.error() << "\n";
        return kUsage;
    }
    if (kernelFlags.checkOnly) {
        out << file.string() << ": the description, the parameters and the compile are fine\n";
        return kOk;
    }
    if (!kernelFlags.sanitizer.empty()) return sanitizedRun(file, params, kernelFlags, out, err);
    if (Status writable = checkOutputPath(output); !writable) {
        err << "warpscope-record: " << writable.error() << "\n";
        return kUsage;
    }
    if (auto reason = cudaUnavailableReason(); !reason.empty()) {
        err << "warpscope-record: cannot run " << file.string() << ": " << reason << "\n";
        return kFailed;
    }
    RunRequest request;
    request.options.repetitions = repetitions;
    request.options.why = flags.why;
    request.options.timeCpu = false;
    request.kernelFile = *source;
    request.kernelAssignments = params;
    request.kernelOptions.timeLimitSeconds = kernelFlags.timeLimitSeconds;
    request.kernelOptions.probeLevel =
        kernelFlags.warps ? kernelfile::ProbeLevel::Warps : kernelfile::ProbeLevel::Blocks;
    auto measured = measuredRun(request, reportingHooks(err));
    if (!measured) {
        err << "warpscope-record: " << file.string() << ": " << measured.error() << "\n";
        return kernelfile::isHungLaunch(measured.error()) ? kDeviceFault : kFailed;
    }
    Run* run = &measured->run;
    run->tool = toolName();
    if (flags.withoutRecords) dropRecords(*run);
    // Into a folder of traces with a manifest (resources/traces, a sweep's
    // folder), the run is listed there too, as a sweep's runs are.
    const std::filesystem::path folder = output.parent_path().empty() ? "." : output.parent_path();
    if (std::filesystem::exists(folder / "manifest.json")) {
        if (Status saved = saveIntoFolder(folder, output.filename().string(), *run); !saved) {
            err << "warpscope-record: " << saved.error() << "\n";
            return kFailed;
        }
    } else if (Status saved = saveTrace(*run, output); !saved) {
        err << "warpscope-record: " << saved.error() << "\n";
        return kFailed;
    }
    out << file.string() << " " << paramsText(run->params) << ": " << runSummaryLine(*run)
        << "\nprobes cost " << run->timing.overheadPercent << " % (" << run->timing.recordedKernelMs
        << " ms probed against " << run->timing.kernelMs << " ms, by turns)\nwrote "
        << output.string() << "\n";
    if (run->verification.checked && !run->verification.passed) {
        err << "warpscope-record: " << run->verification.actual << " (" << run->verification.note
            << ")\n";
        return kFailed;
    }
    return kOk;
}

}  // namespace ws::record
