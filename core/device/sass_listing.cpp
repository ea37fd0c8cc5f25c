#include "core/device/sass_listing.h"

#include <cctype>
#include <cstdio>

namespace ws {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string opcodeOf(std::string_view text) {
    text = trim(text);
    if (!text.empty() && text.front() == '@') {  // predicate: "@P0 ", "@!PT "
        const auto space = text.find(' ');
        text = space == std::string_view::npos ? std::string_view{} : trim(text.substr(space));
    }
    const auto end = text.find_first_of(" .;");
    return std::string(text.substr(0, end));
}

// "/*0a30*/ TEXT ;  /* 0x... */" -> address and TEXT; false for other lines.
bool parseInstruction(std::string_view line, SassInstruction& out) {
    line = trim(line);
    if (line.size() < 6 || line.substr(0, 2) != "/*") return false;
    const auto close = line.find("*/");
    if (close == std::string_view::npos || close <= 2) return false;
    const std::string_view hex = line.substr(2, close - 2);
    unsigned address = 0;
    for (char c : hex) {
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;  // "/* 0x... */" words
        address = address * 16 + unsigned(std::isdigit(static_cast<unsigned char>(c))
                                              ? c - '0'
                                              : std::tolower(c) - 'a' + 10);
    }
    std::string_view rest = line.substr(close + 2);
    const auto semicolon = rest.find(';');
    if (semicolon == std::string_view::npos) return false;
    const std::string_view text = trim(rest.substr(0, semicolon));
    if (text.empty()) return false;
    out.address = address;
    out.text = std::string(text) + " ;";
    out.opcode = opcodeOf(text);
    return true;
}

template <typename F>
void forEachLine(std::string_view text, F&& f) {
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        f(text.substr(start, end - start));
        if (end == text.size()) break;
        start = end + 1;
    }
}

}  // namespace

std::vector<SassFunction> parseSass(std::string_view listing) {
    std::vector<SassFunction> functions;
    std::string architecture;
    forEachLine(listing, [&](std::string_view raw) {
        const std::string_view line = trim(raw);
        if (line.rfind("code for ", 0) == 0) {
            architecture = std::string(trim(line.substr(9)));
            return;
        }
        if (line.rfind("Function :", 0) == 0 || line.rfind("Function:", 0) == 0) {
            SassFunction f;
            f.name = std::string(trim(line.substr(line.find(':') + 1)));
            f.architecture = architecture;
            functions.push_back(std::move(f));
            return;
        }
        SassInstruction in;
        if (!functions.empty() && parseInstruction(line, in))
            functions.back().instructions.push_back(std::move(in));
    });
    return functions;
}

const SassFunction* findSassFunction(const std::vector<SassFunction>& functions,
                                     std::string_view name) {
    for (const auto& f : functions)
        if (f.name == name) return &f;
    return nullptr;
}

std::vector<SassInstruction> bodyOf(const SassFunction& function) {
    std::size_t end = function.instructions.size();
    for (std::size_t i = function.instructions.size(); i-- > 0;)
        if (function.instructions[i].opcode == "EXIT") {
            end = i + 1;
            break;
        }
    return {function.instructions.begin(), function.instructions.begin() + std::ptrdiff_t(end)};
}

std::string listingText(const SassFunction& function) {
    std::string out;
    for (const auto& in : bodyOf(function)) {
        char address[16];
        std::snprintf(address, sizeof address, "/*%04x*/ ", in.address);
        out += address + in.text + "\n";
    }
    return out;
}

SassFunction parseListingText(std::string name, std::string_view text) {
    SassFunction f;
    f.name = std::move(name);
    forEachLine(text, [&](std::string_view line) {
        SassInstruction in;
        if (parseInstruction(line, in)) f.instructions.push_back(std::move(in));
    });
    return f;
}

std::map<std::string, int> opcodeCounts(const std::vector<SassInstruction>& body) {
    std::map<std::string, int> counts;
    for (const auto& in : body) ++counts[in.opcode];
    return counts;
}

std::map<std::string, int> extraOpcodes(const std::vector<SassInstruction>& a,
                                        const std::vector<SassInstruction>& b) {
    const auto ca = opcodeCounts(a), cb = opcodeCounts(b);
    std::map<std::string, int> extra;
    for (const auto& [op, count] : ca) {
        const auto it = cb.find(op);
        const int other = it == cb.end() ? 0 : it->second;
        if (count > other) extra[op] = count - other;
    }
    return extra;
}

}  // namespace ws
