#include "core/common/yaml_nesting_guard.h"

namespace ws {

namespace {

// yaml-cpp parses nested collections by recursion: a hostile file of a few
// thousand '[' or deeply indented lines would exhaust the stack. No lesson or
// launch description needs more than a handful of levels.
constexpr int kMaxFlowDepth = 32;
constexpr int kMaxIndent = 120;

}  // namespace

Status yamlNestingGuard(std::string_view text, const std::string& file, const std::string& what) {
    int depth = 0, line = 1, column = 0;
    char quote = 0;
    bool comment = false, leading = true;
    for (const char c : text) {
        if (c == '\n') {
            ++line;
            column = 0;
            comment = false;
            leading = true;
            if (quote == '\'') quote = 0;  // a plain scalar's apostrophe ends with its line
            continue;
        }
        ++column;
        if (leading && c == ' ') {
            if (column > kMaxIndent)
                return makeError(file + ": line " + std::to_string(line) +
                                 " is indented by more than " + std::to_string(kMaxIndent) +
                                 " spaces; " + what + " needs far fewer");
            continue;
        }
        leading = false;
        if (comment) continue;
        if (quote) {
            if (c == quote) quote = 0;
            continue;
        }
        if (c == '#')
            comment = true;
        else if (c == '"')
            quote = c;
        else if (c == '[' || c == '{') {
            if (++depth > kMaxFlowDepth)
                return makeError(file + ": line " + std::to_string(line) +
                                 " nests lists or maps more than " + std::to_string(kMaxFlowDepth) +
                                 " levels deep");
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return {};
}

}  // namespace ws
