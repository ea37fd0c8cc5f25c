#pragma once
// Checks made before work whose result goes to a file: a measurement of
// minutes is not thrown away because its output cannot be written, and an
// export never replaces the file it was made from.
#include <filesystem>
#include <string>
#include <vector>

#include "core/common/result.h"

namespace ws {

// A path as the error messages name it: in single quotes.
std::string quotedPath(const std::filesystem::path& path);

// True when both paths exist and name the same file (links and `..`
// resolved); false otherwise, errors included.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

// The file a save replaces: a symbolic link's final target, so that saving
// through a link rewrites what it points at and keeps the link (a dangling
// link names the file the save creates). Other paths are returned as given.
std::filesystem::path saveTarget(const std::filesystem::path& output);

// Whether `output` can be written the way files are saved here (a temporary
// file beside it, renamed over it): not a folder, a pipe or a device, its
// folder (the link target's, for a link) exists and is writable, and it is
// none of `inputs`.
Status checkOutputPath(const std::filesystem::path& output,
                       const std::vector<std::filesystem::path>& inputs = {});

}  // namespace ws
