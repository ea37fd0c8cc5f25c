#pragma once
// The interception's logs are JSON lines appended as the program runs
// (launches.jsonl, timeline.jsonl): each line is read on its own, an error
// names the file and the line, and a last line without its newline (the
// program ended as it was written) is dropped and said.
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/common/result.h"

namespace ws::program {

// Calls `read` with each line's JSON; `read` throws what is wrong with a
// line. `cutShort` gets the sentence for a last line cut short.
Status forEachJsonLine(std::string_view text, const char* file, std::string& cutShort,
                       const std::function<void(const nlohmann::json&)>& read);

}  // namespace ws::program
