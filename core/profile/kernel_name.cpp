#include "core/profile/kernel_name.h"

#include <array>
#include <cctype>

namespace ws {

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// `s` without the bracketed group that ends it ("f<int, g<2> >" -> "f"),
// where `s` ends with `close` and the group is balanced; else `s`.
std::string_view withoutLastGroup(std::string_view s, char open, char close) {
    if (s.empty() || s.back() != close) return s;
    int depth = 0;
    for (std::size_t i = s.size(); i-- > 0;) {
        if (s[i] == close) ++depth;
        if (s[i] == open && --depth == 0) return trimmed(s.substr(0, i));
    }
    return s;
}

// Operators whose own symbol ends with '>': no template arguments to strip.
bool endsWithOperatorSymbol(std::string_view s) {
    constexpr std::array<std::string_view, 4> kSymbols = {"operator>", "operator>>", "operator->",
                                                          "operator<=>"};
    for (const std::string_view symbol : kSymbols)
        if (s.ends_with(symbol)) return true;
    return false;
}

bool isWordCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where the last "operator" keyword starts, or npos.
std::size_t operatorAt(std::string_view s) {
    constexpr std::string_view kKeyword = "operator";
    for (std::size_t at = s.rfind(kKeyword); at != std::string_view::npos;
         at = at == 0 ? std::string_view::npos : s.rfind(kKeyword, at - 1)) {
        const bool startsWord = at == 0 || !isWordCharacter(s[at - 1]);
        const std::size_t after = at + kKeyword.size();
        const bool endsWord = after == s.size() || !isWordCharacter(s[after]);
        if (startsWord && endsWord) return at;
    }
    return std::string_view::npos;
}

// The last component of a qualified name, outside any brackets: after the
// last "::", then after the last space (a return type written before an
// unqualified name).
std::string_view lastComponent(std::string_view s) {
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '(' || c == '<') ++depth;
        if ((c == ')' || c == '>') && depth > 0) --depth;
        if (depth > 0) continue;
        if (c == ':' && i + 1 < s.size() && s[i + 1] == ':') start = i + 2;
        if (c == ' ') start = i + 1;
    }
    return s.substr(start);
}

}  // namespace

std::string shortKernelName(std::string_view demangled) {
    std::string_view s = withoutLastGroup(trimmed(demangled), '(', ')');  // the parameters
    if (!endsWithOperatorSymbol(s)) s = withoutLastGroup(s, '<', '>');    // template arguments
    std::string name;
    if (const std::size_t at = operatorAt(s); at != std::string_view::npos) {
        std::string_view owner = trimmed(s.substr(0, at));
        if (owner.ends_with("::")) {
            owner = withoutLastGroup(owner.substr(0, owner.size() - 2), '<', '>');
            name = std::string(lastComponent(owner)) + "::";
        }
        name += s.substr(at);
    } else {
        name = std::string(lastComponent(s));
    }
    return name.empty() ? std::string(trimmed(demangled)) : name;
}

}  // namespace ws
