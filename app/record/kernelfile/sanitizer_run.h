#pragma once
// A kernel file run again under NVIDIA's compute-sanitizer, which reports
// out-of-bounds and misaligned accesses (memcheck), shared-memory races
// (racecheck), reads of memory never written (initcheck) and misused
// barriers (synccheck) with the kernel's source line. warpscope-record runs
// itself under it (docs/your-kernel.md, "Faults").
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/common/result.h"

namespace ws::record {

// $WARPSCOPE_COMPUTE_SANITIZER where set (empty: none), else
// compute-sanitizer on PATH, else the CUDA toolkit's ($CUDA_HOME/bin,
// /usr/local/cuda/bin).
std::optional<std::filesystem::path> findComputeSanitizer();

bool isSanitizerTool(const std::string& tool);  // memcheck, racecheck, initcheck, synccheck

struct SanitizerReport {
    std::string output;   // the sanitizer's lines and the run's, as printed
    int errors = -1;      // from its "ERROR SUMMARY: N errors"; -1 where it printed none
    int exitStatus = -1;  // of the sanitized process
};

// Runs `command` (a program and its arguments) under `sanitizer --tool
// tool`, its output gathered. Errors: the sanitizer could not be started.
Result<SanitizerReport> runUnderSanitizer(const std::filesystem::path& sanitizer,
                                          const std::string& tool,
                                          const std::vector<std::string>& command);

}  // namespace ws::record
