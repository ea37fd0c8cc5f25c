#include "core/common/digit_groups.h"

namespace ws {

std::string groupedDigits(std::uint64_t value) {
    // Built left to right: GCC 12 warns falsely (-Wrestrict) on insert().
    const std::string digits = std::to_string(value);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace ws
