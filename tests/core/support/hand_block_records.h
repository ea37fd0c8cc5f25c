#pragma once
// Block records written by hand for the schedule analyses' tests: one
// (SM, start ns, end ns) triple per block, ids in order, clocks zero.
#include <cstdint>
#include <initializer_list>
#include <tuple>

#include "core/run/run.h"

namespace ws {

inline BlockRecords handBlockRecords(
    std::initializer_list<std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>> list) {
    BlockRecords b;
    for (auto [sm, start, end] : list) {
        b.block.push_back(std::uint32_t(b.block.size()));
        b.sm.push_back(sm);
        b.startNs.push_back(start);
        b.endNs.push_back(end);
        b.startClock.push_back(0);
        b.endClock.push_back(0);
    }
    return b;
}

}  // namespace ws
