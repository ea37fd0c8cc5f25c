#pragma once
// What a ladder chart of measured rungs shows, for the labs whose ladders
// gather bundled and live measurements (the matrix multiply lab's FP32
// ladder, the tensor cores' BF16 one): the measurements of the shown run's
// device (all of them when it has none), and the size whose rungs to draw.
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/run/run.h"

namespace ws {

// `Measurement` has `device` (a GPU's name), `n` and `variant`.
template <typename Measurement>
std::vector<Measurement> onShownDevice(const Run* shown, std::vector<Measurement> all) {
    if (!shown) return all;
    std::vector<Measurement> mine;
    for (const auto& m : all)
        if (m.device == shown->device.name) mine.push_back(m);
    return mine.empty() ? all : mine;
}

// A ladder needs at least this many rungs at a size to be worth drawing.
inline constexpr std::size_t kLadderMinRungs = 3;

// The shown run's size when it has enough rungs, else `preferred` when it
// has, else the size with the most rungs (the largest of those tied); 0
// when there are no measurements.
template <typename Measurement>
std::uint32_t ladderSize(const std::vector<Measurement>& all, std::optional<std::uint32_t> shown,
                         std::optional<std::uint32_t> preferred = std::nullopt) {
    std::map<std::uint32_t, std::set<std::string>> variantsAt;
    for (const auto& m : all) variantsAt[m.n].insert(m.variant);
    for (const auto& n : {shown, preferred})
        if (n && variantsAt.count(*n) && variantsAt[*n].size() >= kLadderMinRungs) return *n;
    std::uint32_t n = 0;
    std::size_t most = 0;
    for (const auto& [size, set] : variantsAt)
        if (set.size() >= most) {
            most = set.size();
            n = size;
        }
    return n;
}

}  // namespace ws
