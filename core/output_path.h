#pragma once
// Checks made before work whose result goes to a file: a measurement of
// minutes is not thrown away because its output cannot be written, and an
// export never replaces the file it was made from.
#include <filesystem>
#include <string>
#include <vector>

#include "core/result.h"

namespace ws {

// A path as the error messages name it: in single quotes.
std::string quotedPath(const std::filesystem::path& path);

// True when both paths exist and name the same file (links and `..`
// resolved); false otherwise, errors included.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

// Whether `output` can be written the way files are saved here (a temporary
// file beside it, renamed over it): not a folder, its folder exists and is
// writable, and it is none of `inputs`.
Status checkOutputPath(const std::filesystem::path& output,
                       const std::vector<std::filesystem::path>& inputs = {});

}  // namespace ws
