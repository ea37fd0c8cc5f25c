#pragma once
// How a launch is named in everything a person reads: the GUI, `info`,
// exports and the messages about a damaged trace all count launches from 1
// ("launch 1" is a run's first), as one counts the launches one asked for.
// Blocks, threads, SMs and the elements of a record array keep CUDA's and
// the file's numbering from 0; a launch index stored in the file
// (parentLaunch, operations.launch) is named by its field when quoted.
#include <cstddef>
#include <string>

namespace ws {

inline std::string launchLabel(std::size_t index) { return "launch " + std::to_string(index + 1); }

}  // namespace ws
