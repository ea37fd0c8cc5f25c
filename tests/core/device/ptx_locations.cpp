#include "tests/core/device/ptx_locations.h"

#include <map>
#include <regex>
#include <sstream>
#include <tuple>

namespace ws::test {

namespace {

using Key = std::tuple<int, std::uint32_t, int>;  // file, line, column of a .loc

const std::regex kFile(R"(^\s*\.file\s+(\d+)\s+"([^"]*)\")");
const std::regex kLoc(
    R"(^\s*\.loc\s+(\d+)\s+(\d+)\s+(\d+)(?:,\s*function_name\s+[^,]+,\s*inlined_at\s+(\d+)\s+(\d+)\s+(\d+))?)");
const std::regex kFunction(R"(^\s*(\.visible\s+|\.weak\s+)?\.(entry|func)\b)");

std::vector<std::string> linesOf(std::string_view ptx) {
    std::vector<std::string> lines;
    std::istringstream in{std::string(ptx)};
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

std::vector<std::vector<PtxPlace>> ptxChains(std::string_view ptx) {
    const std::vector<std::string> lines = linesOf(ptx);
    std::map<int, std::string> files;  // the .file directives come after the code
    for (const std::string& line : lines)
        if (std::smatch m; std::regex_search(line, m, kFile)) files[std::stoi(m[1])] = m[2];
    std::vector<std::vector<PtxPlace>> out;
    std::map<Key, Key> inlinedAt;  // a .loc's place -> its call's, within the function
    std::map<Key, bool> inlined;
    std::vector<PtxPlace> current;
    for (const std::string& line : lines) {
        std::smatch m;
        if (std::regex_search(line, m, kFunction)) {
            inlinedAt.clear();
            inlined.clear();
            current.clear();
        } else if (std::regex_search(line, m, kLoc)) {
            Key key{std::stoi(m[1]), std::uint32_t(std::stoul(m[2])), std::stoi(m[3])};
            inlined[key] = m[4].matched;
            if (m[4].matched)
                inlinedAt[key] = {std::stoi(m[4]), std::uint32_t(std::stoul(m[5])),
                                  std::stoi(m[6])};
            // The chain as it stands when the .loc is met: the .loc lines
            // after it up to the next one change none of its links.
            current.clear();
            for (int depth = 0; depth < 64; ++depth) {
                current.push_back({files[std::get<0>(key)], std::get<1>(key)});
                if (!inlined[key]) break;
                key = inlinedAt[key];
            }
        }
        out.push_back(current);
    }
    return out;
}

}  // namespace ws::test
