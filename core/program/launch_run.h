#pragma once
// One recorded launch of a traced program as a run every general view reads:
// the kernel-file lab's experiment (the same views), its blocks from the
// probes' records, its time between the events around it, and the same
// kernel's launches that were not recorded as the plain time beside it.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/common/result.h"
#include "core/kernelfile/ptx_probe.h"
#include "core/program/launch_log.h"
#include "core/run/run.h"

namespace ws::program {

inline constexpr const char* kProgramCommandText = "program.command";
inline constexpr const char* kProgramLaunchText = "program.launch";
// The command as words (a JSON array) and the folder it ran in, so that
// record-lesson can run the program again.
inline constexpr const char* kProgramArgvText = "program.argv";
inline constexpr const char* kProgramDirectoryText = "program.directory";

// What ran: the program's words and its working folder.
struct TracedCommand {
    std::vector<std::string> argv;
    std::string directory;
    std::string text() const;  // the words joined by spaces
};

// Writes what ran into the texts of a traced program's run (a launch's or
// the whole timeline's), with the note that the program checks itself.
void describeTracedRun(const TracedCommand& command, Run& run);

// The command a traced launch's run carries; nullopt for any other run.
std::optional<TracedCommand> tracedCommandOf(const Run& run);

// "launch-3.wstrace".
std::string launchTraceName(const LoggedLaunch& launch);

// A launch's records file: as many 32-byte records as its blocks.
Result<std::vector<kernelfile::ProbeRecord>> readProbeRecords(const std::filesystem::path& file,
                                                              std::uint64_t blocks);

Result<Run> launchRun(const LoggedLaunch& launch,
                      const std::vector<kernelfile::ProbeRecord>& records, const LaunchLog& log,
                      const DeviceInfo& device, const TracedCommand& command);

}  // namespace ws::program
