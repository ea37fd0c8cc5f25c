#include "core/common/counted.h"

namespace ws {

std::string counted(long long n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 || n == -1 ? one : many);
}

std::string unitAfter(const std::string& value, const std::string& unit) {
    const bool one = value == "1" || value == "1.0";
    const bool plural = unit.size() > 2 && unit.back() == 's' && unit != "µs" &&
                        unit.find(' ') == std::string::npos;
    return one && plural ? unit.substr(0, unit.size() - 1) : unit;
}

}  // namespace ws
