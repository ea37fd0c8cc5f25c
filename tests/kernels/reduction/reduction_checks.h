#pragma once
// Runs a reduction experiment on the GPU and checks everything it recorded:
// the result against the CPU reference, every block's record, the traced steps
// against the plan and its simulation, and the tickets of the last-block guard.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "core/run/run.h"
#include "tests/kernels/support/require_gpu.h"

namespace ws::test {

// nullopt when the catalog rejects the parameters (a combination the
// experiment does not offer); otherwise runs and checks, adding failures.
std::optional<Run> runAndCheck(const std::string& experiment,
                               const std::vector<std::string>& assignments);

// Sizes every experiment is tested at (2^24 separately, fewer configurations).
const std::vector<std::uint64_t>& smallSizes();
inline constexpr std::uint64_t kLargeSize = std::uint64_t(1) << 24;

std::string assignment(const char* name, std::uint64_t value);

}  // namespace ws::test
