#pragma once
// What GPU an experiment needs, and whether this build's GPU code runs on
// the GPU present: refused before launch in one line that names the
// requirement and the GPU, not left to fail as "no kernel image".
#include <optional>
#include <string>

#include "core/run/run.h"

namespace ws {

struct ExperimentSpec;

// A compute capability an experiment needs and the feature that needs it
// ("thread-block clusters and TMA"). Major 0: any GPU this build runs on.
struct GpuRequirement {
    int major = 0, minor = 0;
    std::string why;
    bool any() const { return major == 0; }
    std::string version() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// "needs compute capability 9.0 (thread-block clusters)", or empty.
std::string requirementText(const GpuRequirement& needs);

// Why `spec` cannot run on `device`, or nothing when it can.
std::optional<std::string> requirementRefusal(const ExperimentSpec& spec, const DeviceInfo& device);

// Whether GPU code built for `architectures` (CMake's list: "90",
// "80-real;86-real;90", "90-virtual") runs on a device of capability
// major.minor: machine code runs on its own major version at the same or a
// later minor; PTX is compiled for any later capability.
bool buildRunsOn(const std::string& architectures, int major, int minor);
// Why this build's GPU code cannot run on `device`, or nothing.
std::optional<std::string> buildRefusal(const std::string& architectures, const DeviceInfo& device);

}  // namespace ws
