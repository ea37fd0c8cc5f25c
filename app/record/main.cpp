// warpscope-record: list, device, run, run-kernel, trace, sweep, record-lesson, info, upgrade,
// export-chrome, serve, lock, banks.
// Only this file decides the process exit status.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <tuple>

#include "app/record/commands/record_commands.h"
#include "app/record/commands/record_resources.h"
#include "app/record/gpu/protocol_channel.h"
#include "app/record/kernelfile/run_kernel_command.h"
#include "app/record/program/trace_command.h"
#include "kernels/profile/why_recorder.h"

namespace {

// After a launch that never ended, or in a context a fault made unusable,
// the runtime's teardown would wait for the kernel: the process leaves at
// once, its output flushed, and the driver ends the kernel with it.
int leavingAtOnceAfterDeviceFault(int status, std::ostream& answers) {
    if (status != ws::record::kDeviceFault) return status;
    answers.flush();
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(status);
}

}  // namespace

int main(int argc, char** argv) {
    using namespace ws::record;
    CLI::App app{
        "warpscope-record: runs instrumented CUDA experiments and records traces "
        "that warpscope animates."};
    app.require_subcommand(1);
    app.set_version_flag("--version", toolName());

    std::string experiment;
    bool json = false;
    auto* list = app.add_subcommand("list", "List experiments and their parameters");
    list->add_option("experiment", experiment, "Show only this experiment");
    list->add_flag("--json", json, "Machine-readable output");

    auto* device = app.add_subcommand(
        "device", "Describe the CUDA device (as deviceQuery) and the measured timer tick");
    device->add_flag("--json", json, "Machine-readable output");

    std::vector<std::string> params;
    std::string output;
    int repetitions = 20;
    // Said in the project's words for a number out of range or no number.
    const CLI::Validator repetitionsCheck(
        [](std::string& text) -> std::string {
            int value = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (ec == std::errc() && end == text.data() + text.size() && value >= 1 &&
                value <= 1000)
                return {};
            return "repetitions '" + text + "' is not a whole number from 1 to 1000";
        },
        "1..1000");
    auto* run = app.add_subcommand("run", "Run one experiment and write its trace");
    run->add_option("experiment", experiment, "Experiment id (see list)")->required();
    run->add_option("params", params, "Parameters as name=value");
    run->add_option("-o,--output", output, "Trace file to write (.wstrace)")->required();
    run->add_option("-r,--repetitions", repetitions, "Timed launches (median)")
        ->check(repetitionsCheck);
    RecordFlags flags;
    run->add_flag("--without-records", flags.withoutRecords,
                  "Keep the run's timing and figures, drop its per-block records");
    // Why it is slow: by default where it costs little, --why always, --no-why never.
    bool whyAlways = false, whyNever = false;
    const char* whyHelp =
        "Record why the kernel is slow (warp stall samples and hardware counters, in untimed "
        "launches after the timed ones) even where it costs more than a second; by default it "
        "is recorded where it costs less";
    const char* noWhyHelp = "Do not record why the kernel is slow, not even where it costs little";
    run->add_flag("--why", whyAlways, whyHelp);
    run->add_flag("--no-why", whyNever, noWhyHelp)->excludes("--why");

    auto* sweep =
        app.add_subcommand("sweep", "Run an experiment over every combination of parameter lists");
    sweep->add_option("experiment", experiment, "Experiment id (see list)")->required();
    sweep->add_option("axes", params, "Parameters as name=a,b,c or name=value")->required();
    sweep->add_option("-o,--output", output, "Folder for the traces and manifest.json")->required();
    sweep->add_option("-r,--repetitions", repetitions, "Timed launches (median)")
        ->check(repetitionsCheck);
    sweep->add_flag("--without-records", flags.withoutRecords,
                    "Keep each run's timing and figures, drop its per-block records");
    sweep->add_flag("--why", whyAlways, whyHelp);
    sweep->add_flag("--no-why", whyNever, noWhyHelp)->excludes("--why");

    std::filesystem::path kernelFile;
    KernelCommandFlags kernelFlags;
    auto* runKernel = app.add_subcommand(
        "run-kernel",
        "Compile, probe, run and check a CUDA file of your own (docs/your-kernel.md)");
    runKernel->add_option("file", kernelFile, "The .cu file, with its /* warpscope */ description")
        ->required();
    runKernel->add_option("params", params, "Its parameters as name=value");
    auto* kernelOutput =
        runKernel->add_option("-o,--output", output, "Trace file to write (.wstrace)");
    runKernel->add_flag(
        "--check", kernelFlags.checkOnly,
        "Check the description and the parameters and compile the file; run nothing");
    runKernel
        ->add_option("--time-limit", kernelFlags.timeLimitSeconds,
                     "Seconds a launch may run before it is reported as never ending")
        ->check(CLI::Range(0.1, 600.0));
    runKernel->add_option("-r,--repetitions", repetitions, "Timed launches of each build (median)")
        ->check(repetitionsCheck);
    runKernel->add_flag("--warps", kernelFlags.warps,
                        "Probe every warp, not only each block: exact block ends and a warps "
                        "table, at a cost on short kernels");
    runKernel->add_flag("--sanitize{memcheck}", kernelFlags.sanitizer,
                        "Run the file under compute-sanitizer (memcheck, or =racecheck, "
                        "=initcheck, =synccheck) and print its report; no trace is written");
    runKernel->add_flag("--without-records", flags.withoutRecords,
                        "Keep the run's timing and figures, drop its per-block records");
    runKernel->add_flag("--why", whyAlways, whyHelp);
    runKernel->add_flag("--no-why", whyNever, noWhyHelp)->excludes("--why");

    TraceFlags traceFlags;
    traceFlags.tool = toolName();
    std::vector<std::string> tracedCommand;
    auto* trace = app.add_subcommand(
        "trace",
        "Run an unmodified CUDA program with each kernel it launches probed, its launches "
        "written as traces (docs/your-kernel.md, \"A whole program\")");
    trace->add_option("-o,--output", traceFlags.output, "Folder for the launches' traces")
        ->required();
    trace->add_option("--kernels", traceFlags.kernels,
                      "Probe only the kernels whose name (mangled or not) matches this regex");
    trace
        ->add_option("--launches", traceFlags.launchesPerKernel,
                     "Launches of each kernel recorded block by block; the later ones are "
                     "timed only")
        ->check(CLI::Range(std::uint64_t(0), std::uint64_t(1000000)));
    trace->add_flag("--no-probes{false}", traceFlags.probes,
                    "Load the program's modules as built and time each launch, nothing more");
    trace->add_flag("--no-timeline{false}", traceFlags.timeline,
                    "Leave out CUPTI's timeline of the program's kernels, copies and calls");
    trace->add_option("command", tracedCommand, "The program and its arguments, after --")
        ->required();

    std::string lessonName;
    auto* recordLesson = app.add_subcommand(
        "record-lesson",
        "Record every run a lesson shows on this GPU, for warpscope --lesson L --traces DIR");
    recordLesson->add_option("lesson", lessonName, "Lesson file, or a bundled lesson's name")
        ->required();
    recordLesson->add_option("-o,--output", output, "Folder for the traces and manifest.json")
        ->required();
    recordLesson->add_option("-r,--repetitions", repetitions, "Timed launches (median)")
        ->check(repetitionsCheck);

    std::string file;
    auto* info = app.add_subcommand("info", "Validate a trace file and summarize it");
    info->add_option("file", file, "Trace file")->required();
    info->add_flag("--json", json, "Machine-readable output");

    std::vector<std::filesystem::path> files;
    auto* upgrade = app.add_subcommand(
        "upgrade",
        "Rewrite trace files in the newest format, keeping every value (docs/trace-format.md)");
    upgrade->add_option("files", files, "Trace files, each replaced in place")->required();

    auto* exportChrome = app.add_subcommand(
        "export-chrome", "Export a trace as Chrome Trace Event JSON (Perfetto, chrome://tracing)");
    exportChrome->add_option("file", file, "Trace file")->required();
    exportChrome->add_option("-o,--output", output, "JSON file to write")->required();

    auto* serve = app.add_subcommand(
        "serve",
        "Worker for the GUI: JSON-lines protocol on stdin/stdout (docs/worker-protocol.md)");
    int serveDevice = 0;
    serve->add_option("--device", serveDevice,
                      "Run everything on this CUDA device (default: each run takes the GPU whose "
                      "queue is shortest)");

    int lockDevice = 0;
    bool lockStatus = false;
    std::vector<std::string> lockedCommand;
    auto* lock = app.add_subcommand(
        "lock",
        "Run a command holding the GPU's turn in the queue warpscope's workers share, or show the "
        "queue (docs/class-server.md)");
    lock->add_option("--device", lockDevice,
                     "CUDA device index (default: the GPU whose queue is shortest)");
    lock->add_flag("--status", lockStatus, "Show who holds and who waits for the GPU");
    lock->add_option("command", lockedCommand, "Command and arguments, after --");

    BankQuery bankQuery;
    std::string tileText;
    std::uint32_t strideValue = 0;
    auto* banks =
        app.add_subcommand("banks", "Bank-conflict calculator for one warp's shared-memory access");
    banks->add_option("--width", bankQuery.widthBytes, "Bytes per lane access: 1, 2, 4, 8, 16")
        ->required();
    auto* strideOption =
        banks->add_option("--stride", strideValue, "Lane i accesses element i*STRIDE");
    banks->add_option("--addresses", bankQuery.addresses, "32 byte addresses a0,a1,...,a31")
        ->delimiter(',')
        ->excludes(strideOption);
    banks->add_option("--padding", bankQuery.paddingBytes, "Bytes added to each tile row");
    banks->add_option("--tile", tileText,
                      "ROWSxCOLS tile; alone: lanes read down its columns (transpose)");
    banks->add_flag("--json", json, "Machine-readable output");

    // A mistyped command ("inf") is named, not answered "A subcommand is required".
    if (argc > 1 && argv[1][0] != '-') {
        std::string known;
        bool found = false;
        for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
            found = found || sub->get_name() == argv[1];
            known += (known.empty() ? "" : ", ") + sub->get_name();
        }
        if (!found) {
            std::cerr << "warpscope-record: unknown command '" << argv[1]
                      << "' (commands: " << known << "; warpscope-record --help says more)\n";
            return kUsage;
        }
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // CLI11 prints help for --help (exit 0) and a one-line reason otherwise.
        const int status = app.exit(e);
        return status == 0 ? kOk : kUsage;
    }

    flags.why = whyAlways  ? ws::WhyMode::Always
                : whyNever ? ws::WhyMode::Never
                           : ws::WhyMode::WhenCheap;
    // A profile places its samples, and names their lines, only in code
    // loaded after this: before the first CUDA call. Runs, sweeps and a
    // lesson's recording ask why unless told not to, the worker (serve) may
    // be asked at any run; the other commands need no CUPTI subscriber.
    if (((*run || *sweep || *runKernel) && flags.why != ws::WhyMode::Never) || *recordLesson ||
        *serve)
        ws::profile::prepareWhyProfiling();
    if (*list) return listExperiments(experiment, json, std::cout, std::cerr);
    if (*device) return printDevice(json, std::cout, std::cerr);
    if (*run)
        return runExperimentCommand(experiment, params, output, repetitions, std::cout, std::cerr,
                                    flags);
    if (*runKernel) {
        if (!kernelFlags.checkOnly && kernelFlags.sanitizer.empty() && !*kernelOutput) {
            std::cerr << "warpscope-record run-kernel: -o RUN.wstrace is needed (or --check, "
                         "or --sanitize)\n";
            return kUsage;
        }
        return leavingAtOnceAfterDeviceFault(
            runKernelCommand(kernelFile, params, output, kernelFlags, repetitions, std::cout,
                             std::cerr, flags),
            std::cout);
    }
    if (*trace) return traceCommand(tracedCommand, traceFlags, std::cerr);
    if (*sweep)
        return sweepCommand(experiment, params, output, repetitions, std::cout, std::cerr, flags);
    if (*recordLesson) {
        std::vector<std::filesystem::path> lessonDirs, traceDirs;
        for (const auto& dir : resourceDirs()) {
            lessonDirs.push_back(dir / "lessons");
            traceDirs.push_back(dir / "traces");
        }
        return recordLessonCommand(lessonName, lessonDirs, traceDirs, output, repetitions,
                                   std::cout, std::cerr);
    }
    if (*info) return infoCommand(file, json, std::cout, std::cerr);
    if (*upgrade) return upgradeCommand(files, std::cout, std::cerr);
    if (*exportChrome) return exportChromeCommand(file, output, std::cerr);
    if (*banks) {
        if (*strideOption) bankQuery.stride = strideValue;
        if (!tileText.empty()) {
            bankQuery.tile = true;
            const auto tile = parseTile(tileText);
            if (!tile) {
                std::cerr << "warpscope-record banks: " << tile.error() << "\n";
                return kUsage;
            }
            std::tie(bankQuery.tileRows, bankQuery.tileCols) = *tile;
        }
        return banksCommand(bankQuery, json, std::cout, std::cerr);
    }
    if (*lock)
        return lockCommand(lock->count("--device") ? std::optional<int>(lockDevice) : std::nullopt,
                           lockStatus, lockedCommand, std::cout, std::cerr);
    if (*serve) {
        // Device printf and anything else written to stdout must not reach
        // the protocol stream (app/record/gpu/protocol_channel.h).
        auto channel = ProtocolChannel::takeStdout();
        if (!channel) {
            std::cerr << "warpscope-record serve: " << channel.error() << "\n";
            return kUsage;
        }
        return leavingAtOnceAfterDeviceFault(
            serveCommand(std::cin, (*channel)->stream(), std::cerr,
                         serve->count("--device") ? std::optional<int>(serveDevice) : std::nullopt),
            (*channel)->stream());
    }
    return kUsage;
}
