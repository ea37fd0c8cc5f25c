#include "core/program/json_lines.h"

#include <exception>

namespace ws::program {

Status forEachJsonLine(std::string_view text, const char* file, std::string& cutShort,
                       const std::function<void(const nlohmann::json&)>& read) {
    std::size_t number = 0;
    for (std::size_t at = 0; at < text.size();) {
        ++number;
        const std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) {
            cutShort = std::string(file) + " line " + std::to_string(number) +
                       " was cut short as the program ended, and is left out";
            break;
        }
        const std::string_view line = text.substr(at, end - at);
        at = end + 1;
        if (line.empty()) continue;
        try {
            read(nlohmann::json::parse(line));
        } catch (const std::exception& e) {
            return makeError(std::string(file) + " line " + std::to_string(number) + ": " +
                             e.what());
        }
    }
    return {};
}

}  // namespace ws::program
