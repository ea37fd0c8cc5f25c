#pragma once
// Where libwarpscope-intercept.so is: WARPSCOPE_INTERCEPT_LIBRARY where set,
// else the build's own, else the installed one beside the program's lib
// folder; an error naming the places looked at.
#include <filesystem>
#include <optional>
#include <string>

#include "core/common/result.h"

namespace ws::record {

Result<std::filesystem::path> interceptLibrary();

// The program a command line runs: its first word, found on PATH where it
// names no folder.
Result<std::filesystem::path> programOf(const std::string& word);

// nullopt where the program can be traced; else the one line that says why
// not ("PROGRAM holds no PTX, only sm_90: rebuild it with ..."). A program
// that is not an ELF file, or without kernels of its own, passes: its
// libraries may hold them.
std::optional<std::string> whyNotTraceable(const std::filesystem::path& program);

}  // namespace ws::record
