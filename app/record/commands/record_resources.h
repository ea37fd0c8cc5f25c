#pragma once
// Where warpscope-record finds the bundled lessons and traces, as the GUI
// does: $WARPSCOPE_RESOURCES, then the installed share folder beside the
// program, then the source tree it was built from.
#include <filesystem>
#include <vector>

namespace ws::record {

// The candidate resource folders that exist, in that order.
std::vector<std::filesystem::path> resourceDirs();

}  // namespace ws::record
