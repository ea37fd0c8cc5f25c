#include "core/access/sector_strip.h"

#include <algorithm>
#include <map>

namespace ws {

SectorStrip buildSectorStrip(const std::array<std::uint64_t, 32>& address, std::uint32_t activeMask,
                             std::uint32_t widthBytes) {
    SectorStrip s;
    s.count = countSectors(address, activeMask, widthBytes);
    const std::uint32_t width = std::max<std::uint32_t>(widthBytes, 1);
    std::map<std::uint64_t, std::array<std::uint32_t, 4>> lines;
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if (!(activeMask >> lane & 1u)) continue;
        s.requestedBytes += width;
        for (std::uint64_t b = address[lane]; b < address[lane] + width; ++b)
            ++lines[b / kLineBytes][(b % kLineBytes) / kSectorBytes];
    }
    std::uint64_t previous = 0;
    for (const auto& [line, requested] : lines) {
        s.lines.push_back({line, !s.lines.empty() && line != previous + 1, requested});
        previous = line;
    }
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if (!(activeMask >> lane & 1u)) continue;
        const std::uint64_t line = address[lane] / kLineBytes;
        const auto it =
            std::lower_bound(s.lines.begin(), s.lines.end(), line,
                             [](const StripLine& l, std::uint64_t v) { return l.line < v; });
        s.lanes.push_back(
            {lane, std::uint32_t(it - s.lines.begin()), std::uint32_t(address[lane] % kLineBytes)});
    }
    return s;
}

}  // namespace ws
