#pragma once
// A bound on YAML's nesting before yaml-cpp sees the text: it parses nested
// collections by recursion, so a hostile file of a few thousand '[' or deeply
// indented lines would exhaust the stack. Lessons and kernel files' launch
// descriptions both pass through it.
#include <string>
#include <string_view>

#include "core/common/result.h"

namespace ws {

// `file` and `what` ("a lesson") name the text in the refusal.
Status yamlNestingGuard(std::string_view text, const std::string& file, const std::string& what);

}  // namespace ws
