#pragma once
// Numbers as the stalls view writes them: samples with their digits grouped,
// counted nouns, and shares in percent.
#include <QString>
#include <cstdint>

#include "core/common/counted.h"
#include "core/common/digit_groups.h"

namespace ws::stall_text {

inline QString samplesText(std::uint64_t n) { return QString::fromStdString(groupedDigits(n)); }

inline QString countedText(long long n, const char* one, const char* many) {
    return QString::fromStdString(counted(n, one, many));
}

// "48 %", and a decimal below 10 % so that small shares are not all "0 %".
inline QString percent(double share) {
    return QStringLiteral("%1 %").arg(share * 100, 0, 'f', share >= 0.1 ? 0 : 1);
}

inline double shareOf(std::uint64_t part, std::uint64_t whole) {
    return whole > 0 ? double(part) / double(whole) : 0;
}

}  // namespace ws::stall_text
