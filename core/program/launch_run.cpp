#include "core/program/launch_run.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/common/utc_now.h"
#include "core/kernelfile/kernel_file_spec.h"
#include "core/kernelfile/probe_records.h"
#include "core/timing/timing_stats.h"

namespace ws::program {

std::string launchTraceName(const LoggedLaunch& launch) {
    return "launch-" + std::to_string(launch.launch) + ".wstrace";
}

Result<std::vector<kernelfile::ProbeRecord>> readProbeRecords(const std::filesystem::path& file,
                                                              std::uint64_t blocks) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(file, error);
    if (error) return makeError("cannot read " + file.string() + ": " + error.message());
    const std::uint64_t want = blocks * sizeof(kernelfile::ProbeRecord);
    if (size != want)
        return makeError(file.string() + " holds " + std::to_string(size) + " bytes; " +
                         std::to_string(blocks) + " blocks' records are " + std::to_string(want));
    std::vector<kernelfile::ProbeRecord> records(blocks);
    std::ifstream in(file, std::ios::binary);
    if (!in.read(reinterpret_cast<char*>(records.data()), std::streamsize(want)))
        return makeError("cannot read " + file.string());
    return records;
}

std::string TracedCommand::text() const {
    std::string joined;
    for (const std::string& word : argv) joined += (joined.empty() ? "" : " ") + word;
    return joined;
}

void describeTracedRun(const TracedCommand& command, Run& run) {
    run.verification.checked = false;
    run.verification.note = "a traced program checks its own results";
    run.texts[kernelfile::kFileNameText] = command.text();
    run.texts[kProgramCommandText] = command.text();
    run.texts[kProgramArgvText] = nlohmann::json(command.argv).dump();
    run.texts[kProgramDirectoryText] = command.directory;
    run.texts["kernel.probes"] = "blocks";
}

std::optional<TracedCommand> tracedCommandOf(const Run& run) {
    const auto argv = run.texts.find(kProgramArgvText);
    const auto directory = run.texts.find(kProgramDirectoryText);
    if (argv == run.texts.end() || directory == run.texts.end()) return std::nullopt;
    const nlohmann::json words = nlohmann::json::parse(argv->second, nullptr, false);
    if (!words.is_array() || words.empty()) return std::nullopt;
    TracedCommand command;
    for (const auto& word : words) {
        if (!word.is_string()) return std::nullopt;
        command.argv.push_back(word.get<std::string>());
    }
    command.directory = directory->second;
    return command;
}

Result<Run> launchRun(const LoggedLaunch& launch,
                      const std::vector<kernelfile::ProbeRecord>& records, const LaunchLog& log,
                      const DeviceInfo& device, const TracedCommand& command) {
    Run run;
    run.experiment = kernelfile::kKernelFileExperiment;
    run.recordedAt = utcNow();
    run.device = device;
    Launch l;
    l.kernel = demangled(launch.kernel);
    l.grid = launch.grid;
    l.block = launch.block;
    l.sharedBytes = launch.sharedBytes;
    if (Status s = kernelfile::blocksFromProbeRecords(records, kernelfile::ProbeLevel::Blocks, l);
        !s)
        return makeError(launchTraceName(launch) + ": " + s.error());
    run.launches.push_back(std::move(l));

    // The same kernel's launches that ran without recording, of the same
    // shape: the plain time beside this one's.
    std::vector<double> plain;
    for (const LoggedLaunch& other : log.launches)
        if (other.kernel == launch.kernel && other.module == launch.module && !other.recorded &&
            other.grid == launch.grid && other.block == launch.block && other.ms > 0)
            plain.push_back(other.ms);
    // Where there are none, this launch's own time stands for the plain one.
    fillTimingSpread(run.timing, plain.empty() ? std::vector<double>{launch.ms} : plain);
    run.timing.recordedKernelMs = launch.ms;
    if (!plain.empty() && run.timing.kernelMs > 0)
        run.timing.overheadPercent = (launch.ms - run.timing.kernelMs) / run.timing.kernelMs * 100;
    run.figures["unrecordedLaunchesTimed"] = double(plain.size());
    describeTracedRun(command, run);
    run.texts[kProgramLaunchText] =
        "launch " + std::to_string(launch.launch) + " of " + std::to_string(log.launches.size()) +
        ", " + demangled(launch.kernel) + "'s " + std::to_string(launch.kernelLaunch);
    run.params["launch"] = std::to_string(launch.launch);
    return run;
}

}  // namespace ws::program
