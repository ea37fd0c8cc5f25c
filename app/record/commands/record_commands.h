#pragma once
// The subcommands of warpscope-record. Each returns the process exit status and
// writes only to the streams it is given, so tests can call them directly.
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/common/result.h"
#include "core/profile/why_cost.h"

namespace ws {
struct ExperimentSpec;
}

namespace ws::record {

// 0: success; 1: the work failed (no device, CUDA error, verification);
// 2: bad usage (unknown experiment, bad parameter, unreadable file).
enum ExitCode { kOk = 0, kFailed = 1, kUsage = 2, kDeviceFault = 3 };

std::string toolName();  // "warpscope-record <version>"

// The experiment called `id`, or null after writing the one-line reason to err.
const ExperimentSpec* findExperimentOrReport(const std::string& id, std::ostream& err);

int listExperiments(const std::string& experiment, bool json, std::ostream& out, std::ostream& err);
int printDevice(bool json, std::ostream& out, std::ostream& err);
// How `run` and `sweep` record beyond the defaults.
struct RecordFlags {
    // The trace keeps the run's figures and drops its per-block records
    // (core/run/drop_records.h).
    bool withoutRecords = false;
    // Also record why the kernel is slow: stall samples and hardware counters
    // in untimed launches after the timed ones (core/run/run_profile.h);
    // by default where it costs little (core/profile/why_cost.h), --why
    // always, --no-why never.
    WhyMode why = WhyMode::WhenCheap;
};
int runExperimentCommand(const std::string& experiment, const std::vector<std::string>& params,
                         const std::filesystem::path& output, int repetitions, std::ostream& out,
                         std::ostream& err, RecordFlags flags = {});
int sweepCommand(const std::string& experiment, const std::vector<std::string>& axes,
                 const std::filesystem::path& dir, int repetitions, std::ostream& out,
                 std::ostream& err, RecordFlags flags = {});
// Records every run of a lesson (a file, or a bundled lesson's name found in
// `lessonDirs`) into `dir` with its manifest; traces the lesson names are
// looked for beside it, then in `bundledTraceDirs`.
int recordLessonCommand(const std::string& lesson,
                        const std::vector<std::filesystem::path>& lessonDirs,
                        const std::vector<std::filesystem::path>& bundledTraceDirs,
                        const std::filesystem::path& dir, int repetitions, std::ostream& out,
                        std::ostream& err);
int infoCommand(const std::filesystem::path& file, bool json, std::ostream& out, std::ostream& err);
// Rewrites each trace file in the newest format, atomically, after checking
// that the new bytes decode to exactly the run the old ones held; reports
// each file and goes on past a failure (exit status 1 if any failed).
int upgradeCommand(const std::vector<std::filesystem::path>& files, std::ostream& out,
                   std::ostream& err);
int exportChromeCommand(const std::filesystem::path& file, const std::filesystem::path& output,
                        std::ostream& err);
struct BankQuery {
    std::uint32_t widthBytes = 4;
    std::optional<std::uint32_t> stride;   // elements of widthBytes
    std::vector<std::uint32_t> addresses;  // byte addresses, lane order
    std::uint32_t paddingBytes = 0;
    bool tile = false;
    std::uint32_t tileRows = 0, tileCols = 0;
};
int banksCommand(const BankQuery& query, bool json, std::ostream& out, std::ostream& err);
// "32x33" for --tile: two whole numbers joined by x, nothing else; each must
// fit 32 bits (banksCommand checks the rows and columns against a warp).
Result<std::pair<std::uint32_t, std::uint32_t>> parseTile(const std::string& text);

// `device`: every run on that GPU; unset, each run takes the GPU whose queue
// is shortest.
int serveCommand(std::istream& in, std::ostream& out, std::ostream& err,
                 std::optional<int> device = std::nullopt);

// Runs `command` while holding a GPU's turn in the queue (device `device`,
// else the GPU whose queue is shortest, given to the command in
// CUDA_VISIBLE_DEVICES) and returns its exit status; with `status`, prints
// the queue of that GPU, or of every GPU.
int lockCommand(std::optional<int> device, bool status, const std::vector<std::string>& command,
                std::ostream& out, std::ostream& err);

}  // namespace ws::record
